import { lazyNamespace } from '../../i18n/lazy-namespace';
import { autoReply as ar } from '../../i18n/locales/ar/auto-reply';
import { autoReply as de } from '../../i18n/locales/de/auto-reply';
import { autoReply as en } from '../../i18n/locales/en/auto-reply';
import { autoReply as fr } from '../../i18n/locales/fr/auto-reply';

/** The auto-reply feature's texts (`autoReply` namespace), loaded with its page's chunk. */
export const useAutoReplyText = lazyNamespace('autoReply', { en, de, fr, ar });

export type AutoReplyText = ReturnType<typeof useAutoReplyText>;
