import { PLAN_IDS, PLANS, type Plan, type PlanId } from '@switchboard/contract';

/** The plan the home page recommends. */
export const HIGHLIGHTED_PLAN: PlanId = 'business';

/** Spec §9's plans from the contract's one table, smallest first (prices come with billing). */
export const HOME_PLANS: Plan[] = PLAN_IDS.map((id) => PLANS[id]);
