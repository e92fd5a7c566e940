import { lazyNamespace } from '../../i18n/lazy-namespace';
import { campaigns as ar } from '../../i18n/locales/ar/campaigns';
import { campaigns as de } from '../../i18n/locales/de/campaigns';
import { campaigns as en } from '../../i18n/locales/en/campaigns';
import { campaigns as fr } from '../../i18n/locales/fr/campaigns';

/** The campaigns feature's texts (`campaigns` namespace), loaded with its pages' chunks. */
export const useCampaignsText = lazyNamespace('campaigns', { en, de, fr, ar });

export type CampaignsText = ReturnType<typeof useCampaignsText>;
