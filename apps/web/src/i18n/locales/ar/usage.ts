import type { Translation } from '../../types';
import type { usage as en } from '../en/usage';

export const usage: Translation<typeof en> = {
  plans: { starter: 'المبتدئة', business: 'الأعمال', pro: 'الاحترافية', unlimited: 'غير المحدودة' },
  currentPlan: 'الباقة الحالية',
  planName: 'الباقة {{plan}}',
  title: 'الرسائل القصيرة هذا الشهر',
  used: 'تم استخدام {{used}} من {{quota}} من مقاطع الرسائل القصيرة',
  usedUnlimited: 'تم إرسال {{used}} من مقاطع الرسائل القصيرة، بلا حد شهري',
  remaining: 'يتبقى {{remaining}}',
  renews: 'تتجدد في {{date}}',
  warning: 'تم استخدام أكثر من 80 % من حصة الرسائل القصيرة لهذا الشهر.',
  danger: 'نفدت حصة الرسائل القصيرة لهذا الشهر: تُرفض الرسائل حتى تتجدد الحصة أو تُرقّى الباقة.',
  badge: 'حصة الرسائل القصيرة: تم استخدام {{percent}}',
  badgeText: 'الرسائل {{percent}}',
  timeZone: {
    label: 'المنطقة الزمنية لمساحة العمل',
    help: 'تبدأ أشهر حصة الرسائل القصيرة عند منتصف الليل في هذه المنطقة، وتستخدمها ساعات الهدوء لجهات الاتصال التي لا تُعرف منطقتها.',
    search: 'ابحث عن منطقة زمنية',
    value: 'المنطقة الزمنية: {{zone}}',
    change: 'تغيير',
    changeLabel: 'تغيير المنطقة الزمنية لمساحة العمل ({{zone}})',
    saved: 'أصبحت المنطقة الزمنية لمساحة العمل {{zone}}.',
    failed: 'تعذّر تغيير المنطقة الزمنية',
  },
  loadFailed: 'تعذّر تحميل استخدام الرسائل القصيرة.',
};
