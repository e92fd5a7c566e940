/**
 * The four plans of spec §9 (DESIGN §2 "Billing"): the one table the server enforces and every
 * screen shows. Plain values with no zod, so the home page can read them in its first chunk.
 * Prices and billing periods come with the billing issue.
 */
export const PLAN_IDS = ['starter', 'business', 'pro', 'unlimited'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  /** Outbound SMS segments a calendar month (the workspace's time zone); null = no limit. */
  monthlySmsQuota: number | null;
  /** One-off setup fee in integer US cents; null = none. */
  setupFeeCents: number | null;
  /** Free WhatsApp Cloud API channel (when the channel exists). */
  whatsapp: boolean;
  /** Several networks (numbers) in one workspace. */
  multipleNumbers: boolean;
  /** The control panel (the browser app). */
  controlPanel: boolean;
  /** The developer API (REST, webhooks). */
  developerApi: boolean;
}

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  starter: {
    id: 'starter',
    monthlySmsQuota: 1_000,
    setupFeeCents: null,
    whatsapp: false,
    multipleNumbers: true,
    controlPanel: true,
    developerApi: true,
  },
  business: {
    id: 'business',
    monthlySmsQuota: 10_000,
    setupFeeCents: 200_00,
    whatsapp: true,
    multipleNumbers: true,
    controlPanel: true,
    developerApi: true,
  },
  pro: {
    id: 'pro',
    monthlySmsQuota: 50_000,
    setupFeeCents: 200_00,
    whatsapp: true,
    multipleNumbers: true,
    controlPanel: true,
    developerApi: true,
  },
  unlimited: {
    id: 'unlimited',
    monthlySmsQuota: null,
    setupFeeCents: 200_00,
    whatsapp: true,
    multipleNumbers: true,
    controlPanel: true,
    developerApi: true,
  },
};

/** A new workspace's plan: the smallest. */
export const DEFAULT_PLAN_ID: PlanId = 'starter';

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}
