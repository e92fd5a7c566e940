import { lazyNamespace } from '../../i18n/lazy-namespace';
import { shell as ar } from '../../i18n/locales/ar/shell';
import { shell as de } from '../../i18n/locales/de/shell';
import { shell as en } from '../../i18n/locales/en/shell';
import { shell as fr } from '../../i18n/locales/fr/shell';

/** The shell's texts (`shell` namespace), loaded with the shell's chunk. */
export const useShellText = lazyNamespace('shell', { en, de, fr, ar });
