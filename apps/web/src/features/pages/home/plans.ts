/**
 * Spec §9 plans, quotas only (prices come with billing): all include multiple numbers, control
 * panel access and a developer API; the three larger add a free WhatsApp API and a setup fee.
 */
export interface PlanSummary {
  id: 'starter' | 'business' | 'pro' | 'unlimited';
  /** SMS a month the plan stays under; null = unlimited SMS and numbers. */
  monthlySms: number | null;
  whatsapp: boolean;
  setupFeeUsd: number | null;
  highlighted?: boolean;
}

export const PLANS: PlanSummary[] = [
  { id: 'starter', monthlySms: 1_000, whatsapp: false, setupFeeUsd: null },
  { id: 'business', monthlySms: 10_000, whatsapp: true, setupFeeUsd: 200, highlighted: true },
  { id: 'pro', monthlySms: 50_000, whatsapp: true, setupFeeUsd: 200 },
  { id: 'unlimited', monthlySms: null, whatsapp: true, setupFeeUsd: 200 },
];
