import { lazyNamespace } from '../../i18n/lazy-namespace';
import { networks as ar } from '../../i18n/locales/ar/networks';
import { networks as de } from '../../i18n/locales/de/networks';
import { networks as en } from '../../i18n/locales/en/networks';
import { networks as fr } from '../../i18n/locales/fr/networks';

/** The networks feature's texts (`networks` namespace), loaded with its pages' chunks. */
export const useNetworksText = lazyNamespace('networks', { en, de, fr, ar });

export type NetworksText = ReturnType<typeof useNetworksText>;
