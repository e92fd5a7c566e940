import { lazyNamespace } from '../../i18n/lazy-namespace';
import { conversations as ar } from '../../i18n/locales/ar/conversations';
import { conversations as de } from '../../i18n/locales/de/conversations';
import { conversations as en } from '../../i18n/locales/en/conversations';
import { conversations as fr } from '../../i18n/locales/fr/conversations';

/** The conversations feature's texts (`conversations` namespace), loaded with its page's chunk. */
export const useConversationsText = lazyNamespace('conversations', { en, de, fr, ar });

export type ConversationsText = ReturnType<typeof useConversationsText>;
