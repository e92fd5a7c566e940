import { z } from 'zod';
import { TimeZoneSchema } from './contacts.js';
import { PlanIdSchema } from './usage.js';

/** Spec §7 `POST /api/new_user`: the registration details the web sends after sign-up. */
export const RegistrationDetailsSchema = z
  .looseObject({
    displayName: z.string().max(100).optional(),
    email: z.string().max(254).optional(),
    company: z.string().max(200).optional().describe('Company name; becomes the workspace name.'),
    mobile: z.string().max(40).optional(),
    country: z.string().max(100).optional(),
    plan: z.string().max(40).optional(),
    billingPeriod: z.number().int().optional(),
  })
  .describe('Registration details; unknown keys are kept as given.');
export type RegistrationDetails = z.infer<typeof RegistrationDetailsSchema>;

export const NewUserBodySchema = z.object({ payload: RegistrationDetailsSchema });

export const WorkspaceSchema = z.object({
  id: z.uuid(),
  name: z.string().describe('Display name of the workspace (customer account).'),
  registration: RegistrationDetailsSchema.nullable().describe('What was sent to /api/new_user, or null.'),
  planId: PlanIdSchema.describe('The workspace’s plan (its monthly SMS quota).'),
  timeZone: z.string().describe('IANA time zone where the workspace’s months (its usage periods) begin.'),
  createdAt: z.iso.datetime(),
});
export type Workspace = z.infer<typeof WorkspaceSchema>;
export const WorkspaceResponseSchema = z.object({ workspace: WorkspaceSchema });
export type WorkspaceResponse = z.infer<typeof WorkspaceResponseSchema>;

/**
 * `PATCH /api/workspace` (admins): the workspace's own settings. Only what is given changes;
 * a change is recorded in the workspace's audit log.
 */
export const UpdateWorkspaceBodySchema = z.object({
  timeZone: TimeZoneSchema.optional().describe(
    'Where the workspace’s months (its SMS quota periods) begin, and the quiet-hours zone of a contact whose own zone and country are unknown. The current month is counted in the new zone from now on.',
  ),
});
export type UpdateWorkspaceBody = z.infer<typeof UpdateWorkspaceBodySchema>;

/** Sent to the workspace room when the workspace changes (e.g. its plan). */
export const WorkspaceUpdatedSchema = z.object({ workspace: WorkspaceSchema });
export type WorkspaceUpdated = z.infer<typeof WorkspaceUpdatedSchema>;
