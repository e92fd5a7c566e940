import type { PricedPlan } from '@switchboard/contract';
import { useCheckoutText } from '../checkout-text';
import { useCheckoutFormat } from '../lib/checkout-format';

/** A plan's features in the reader's language: SMS a month, setup fee, WhatsApp, numbers, panel, API. */
export function usePlanFeatures() {
  const t = useCheckoutText();
  const format = useCheckoutFormat();
  return (plan: PricedPlan): string[] => {
    const unlimited = plan.monthlySmsQuota === null;
    const features = [
      unlimited ? t('features.unlimited') : t('features.quota', { volume: format.count(plan.monthlySmsQuota ?? 0) }),
      plan.setupFeeCents
        ? t('features.setupFee', { amount: format.money(plan.setupFeeCents) })
        : t('features.noSetupFee'),
    ];
    if (plan.whatsapp) features.push(t('features.whatsapp'));
    if (plan.multipleNumbers) features.push(t('features.multipleNumbers'));
    if (plan.controlPanel) features.push(unlimited ? t('features.fullControlPanel') : t('features.controlPanel'));
    if (plan.developerApi) features.push(t('features.developerApi'));
    return features;
  };
}
