import { z } from 'zod';
import { PLAN_IDS } from './plans.js';

export const PlanIdSchema = z.enum(PLAN_IDS).describe('A plan of the contract’s PLANS table.');

/** `GET /api/usage`: the workspace's plan and the outbound SMS segments of its current month. */
export const UsageSchema = z.object({
  planId: PlanIdSchema.describe('The workspace’s plan.'),
  used: z
    .number()
    .int()
    .nonnegative()
    .describe('Outbound SMS segments queued this month; segments of messages given up before sending are not counted.'),
  quota: z.number().int().nullable().describe('Segments the plan allows a month; null for an unlimited plan.'),
  remaining: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .describe('Segments that may still be queued this month (never below 0); null for an unlimited plan.'),
  periodStart: z.iso.datetime().describe('When this month began in the workspace’s time zone (inclusive).'),
  periodEnd: z.iso.datetime().describe('When the next month begins in the workspace’s time zone (exclusive).'),
  timeZone: z.string().describe('The workspace’s IANA time zone, where its months begin.'),
});
export type Usage = z.infer<typeof UsageSchema>;
