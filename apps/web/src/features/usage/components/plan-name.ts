import type { PlanId } from '@switchboard/contract';
import { useUsageText } from '../usage-text';

/** A plan's name in the user's language ("Business"). */
export function usePlanName(): (planId: PlanId) => string {
  const t = useUsageText();
  return (planId) => t(`plans.${planId}`);
}
