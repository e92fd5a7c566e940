import type { Translation } from '../../types';
import type { downloads as en } from '../en/downloads';

export const downloads: Translation<typeof en> = {
  app: {
    eyebrow: 'تطبيق البوابة لAndroid',
    title: 'SMSGate: SMS Gateway for Android',
    text: 'تطبيق مجاني مفتوح المصدر من capcom6 يحوّل هاتف Android إلى بوابة رسائل SMS. يتحدث Switchboard ببروتوكول الخادم الخاص لهذا التطبيق: يرسل الهاتف المقترن رسائلك عبر شريحة SIM الخاصة به، ويعيد حالات التسليم والردود إلى صندوق الوارد لديك.',
    download: 'التنزيل من GitHub',
    docs: 'وثائق التطبيق',
    newTab: '(يفتح في علامة تبويب جديدة)',
    factsLabel: 'عن التطبيق',
    facts: {
      version: 'إصدار مُجرَّب',
      versionValue: 'الإصدار {{version}} (يوليو 2026)، وهو الإصدار الذي تتبعه واجهة Switchboard للهاتف',
      android: 'المتطلبات',
      androidValue: 'Android 5.0 أو أحدث، مع شريحة SIM قادرة على إرسال الرسائل',
      license: 'الترخيص',
      licenseValue: 'مفتوح المصدر (Apache 2.0)',
      where: 'مصدر التنزيل',
      whereValue: 'ملف APK لكل إصدار في صفحة الإصدارات للمشروع على GitHub',
    },
  },
  setup: {
    title: 'ربط هاتف بهذا الخادم',
    subtitle: 'وضع الخادم الخاص: يتواصل الهاتف مع Switchboard هذا فقط، ولا أحد غيره.',
    install: {
      title: 'ثبّت التطبيق',
      text: 'نزّل أحدث ملف APK من صفحة الإصدارات على الهاتف وافتحه. سيطلب منك Android مرة واحدة السماح بتثبيت التطبيقات من هذا المصدر.',
    },
    network: {
      title: 'أضف الهاتف كشبكة',
      text: 'في Switchboard افتح الشبكات ← إضافة شبكة جديدة ← هاتف Android واحفظها. ستحصل على رمز خاص لهذا الهاتف يظهر مرة واحدة فقط، نصًا ورمز QR يمكنك مسحه من الهاتف.',
      action: 'إضافة شبكة Android',
    },
    settings: {
      title: 'أدخل هذا الخادم في التطبيق',
      text: 'في التطبيق افتح \u2068Settings\u2069 ← \u2068Cloud server\u2069. أدخل عنوان API هذا في حقل «API URL» والرمز من الخطوة 2 في حقل «Private Token».',
      url: 'عنوان API لهذا الخادم',
    },
    online: {
      title: 'اتصل بالإنترنت',
      text: 'عد إلى شاشة Home في التطبيق وفعّل «Cloud server». يسجّل الهاتف نفسه، وتظهر الشبكة في Switchboard بحالة «متصل».',
    },
  },
  https: {
    title: 'لماذا يحتاج التطبيق إلى https',
    text: 'لا يتصل إصدار الإنتاج من التطبيق إلا عبر https، بخادم يثق Android بشهادته: شهادة من جهة إصدار عامة، أو من جهتك الخاصة المثبتة على الهاتف. ويرفض http غير المشفر إلى أي عنوان باستثناء \u2066127.0.0.1\u2069، أي الهاتف نفسه.',
    testing:
      'للتجربة على شبكة محلية، ينشر المشروع أيضًا إصدارًا «insecure» يسمح بـ http. لا تستخدمه أبدًا على هاتف يتعامل مع حركة رسائل حقيقية.',
    insecureTitle: 'يتم الوصول إلى هذا الخادم عبر http',
    insecureText:
      'سيرفض إصدار الإنتاج من التطبيق العنوان {{url}}. امنح Switchboard عنوانًا يبدأ بـ \u2066https://\u2069 (مثلًا خلف وكيل عكسي بشهادة) قبل أن تقرن هاتفًا عبر الشبكة.',
    secure: 'يتم الوصول إلى هذا الخادم عبر https: يمكن لإصدار الإنتاج من التطبيق الاتصال به.',
  },
  client: {
    title: 'مكتبة العميل لواجهة المطورين',
    text: 'يتحدث Switchboard أيضًا بواجهة SMSGate الخارجية، لذلك يعمل عميل JavaScript الرسمي معه: لا يتغير سوى العنوان الأساسي.',
    install: 'التثبيت',
    example: 'إرسال رسالة',
    baseUrl: 'العنوان الأساسي للواجهة الخارجية',
    credentials:
      'login وpassword هما بيانات الاعتماد المتوافقة مع SMSGate لمفتاح API (واجهة المطورين)؛ وhttpClient محوّل صغير فوق fetch أو axios، كما يوضح ملف README للحزمة.',
    npm: 'الحزمة على npm',
  },
};
