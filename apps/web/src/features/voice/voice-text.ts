import { lazyNamespace } from '../../i18n/lazy-namespace';
import { voice as ar } from '../../i18n/locales/ar/voice';
import { voice as de } from '../../i18n/locales/de/voice';
import { voice as en } from '../../i18n/locales/en/voice';
import { voice as fr } from '../../i18n/locales/fr/voice';

/** The voice inbox's texts (`voice` namespace), loaded with its chunk. */
export const useVoiceText = lazyNamespace('voice', { en, de, fr, ar });

export type VoiceText = ReturnType<typeof useVoiceText>;
