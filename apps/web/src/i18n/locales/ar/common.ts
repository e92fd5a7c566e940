import type { Translation } from '../../types';
import type { common as en } from '../en/common';

export const common: Translation<typeof en> = {
  appName: 'Switchboard',
  loading: 'جارٍ التحميل…',
  close: 'إغلاق',
  cancel: 'إلغاء',
  /** The copy buttons (components/copy-action.tsx). */
  copy: { copy: 'نسخ', copied: 'تم النسخ', label: 'نسخ: {{what}}' },
  save: 'حفظ',
  backHome: 'العودة إلى الرئيسية',
  comingSoon: 'تصل أدوات هذه الصفحة في إصدار لاحق. التنقل والعنوان ومسار التنقل تعمل بالفعل.',
  serverStatus: { checking: 'جارٍ فحص الخادم…', ok: 'الخادم جاهز', unavailable: 'الخادم غير متاح' },
  /** The SMS counter of the composer and the auto-reply preview (components/sms-counter.tsx). */
  sms: {
    characters: 'الأحرف: {{n}}',
    segments: 'أجزاء الرسالة: {{n}}',
    left: 'المتبقي في هذا الجزء: {{n}}',
    replace: 'استبدالها بمكافئات GSM-7',
  },
};
