import type { Translation } from '../../types';
import type { shell as en } from '../en/shell';

export const shell: Translation<typeof en> = {
  skipToContent: 'انتقل إلى المحتوى',
  navbar: {
    openMenu: 'فتح القائمة',
    mainMenu: 'القائمة الرئيسية',
    search: 'بحث',
    searchHint: 'البحث في الصفحات',
    language: 'اللغة',
    customizer: 'التخصيص',
    bookmarks: 'الإشارات المرجعية',
    inboxBadge: 'جديدة: {{n}}',
  },
  breadcrumb: 'مسار التنقل',
  footer: {
    copyright: '© {{year}} Switchboard. جميع الحقوق محفوظة.',
    links: 'روابط الشركة',
  },
  customizer: {
    title: 'تخصيص المظهر',
    description: 'اختر مظهر Switchboard. تُطبَّق التغييرات فورًا.',
    theme: 'السمة',
    themes: { light: 'فاتح', dark: 'داكن', 'semi-dark': 'نصف داكن' },
    layout: 'تخطيط القائمة',
    layouts: { horizontal: 'أفقي', vertical: 'عمودي' },
    navbarType: 'شريط التنقل',
    navbarTypes: { floating: 'عائم', sticky: 'مثبّت', static: 'ثابت', hidden: 'مخفي' },
    transition: 'انتقال الصفحات',
    transitions: { 'zoom-fade': 'تكبير', 'slide-fade': 'انزلاق', fade: 'تلاشٍ', none: 'بلا' },
    reset: 'استعادة الإعدادات الافتراضية',
    savedToAccount: 'محفوظ في حسابك: تتبعك اختياراتك إلى كل متصفح.',
    savedInBrowser: 'محفوظ في هذا المتصفح. سجّل الدخول للاحتفاظ باختياراتك على كل أجهزتك.',
  },
  search: {
    placeholder: 'ابحث عن صفحة…',
    nothingFound: 'لا توجد صفحة تطابق بحثك.',
    bookmark: 'إضافة {{title}} إلى الإشارات المرجعية',
    hint: 'ضع نجمة على صفحة لتثبيتها في شريط الإشارات المرجعية.',
    signInToStar: 'سجّل الدخول لتثبيت الصفحات في شريط الإشارات المرجعية.',
  },
  bookmarks: {
    saveFailedTitle: 'لم تُحفظ الإشارات المرجعية',
    saveFailed: 'تعذّر حفظ إشاراتك المرجعية. يُرجى المحاولة مرة أخرى.',
  },
  languages: { en: 'English', de: 'Deutsch', fr: 'Français', ar: 'العربية' },
  userMenu: {
    open: 'قائمة الحساب',
    roles: { admin: 'مسؤول', editor: 'محرّر' },
    logout: 'تسجيل الخروج',
  },
};
