import { z } from 'zod';
import {
  CampaignAudienceSchema,
  CampaignCountsSchema,
  CampaignExclusionsSchema,
  CampaignRecipientSchema,
  CampaignRecipientState,
  CampaignScheduleSchema,
  CampaignState,
  CampaignThroughputSchema,
  CreateCampaignBodySchema,
  QuietHoursSchema,
  UpdateCampaignBodySchema,
} from './campaigns.js';

/**
 * `/api/v1/campaigns` (DESIGN §2 "Developer API"): bulk campaigns with the admin screens' rules
 * (drafts, the review's problems, the quota, the state machine), in a public shape of their own
 * so that the admin screens' shape may change without breaking integrations.
 */

const isoUtc = z.iso.datetime();

export const ApiCampaignCreatorSchema = z
  .object({
    type: z.enum(['user', 'api_key']).describe('A member in the app, or an API key.'),
    id: z.string().nullable().describe('The member’s or the key’s id.'),
    name: z.string().describe('The member’s display name, or the key’s name.'),
  })
  .nullable()
  .describe('Who created it; null when that member was deleted.');

export const ApiCampaignSchema = z.object({
  id: z.string().describe('The campaign’s id.'),
  name: z.string().describe('What it is called; recipients never see it.'),
  state: CampaignState,
  body: z
    .string()
    .describe(
      'The text with variables: {name}, {number}, any custom field, each with an optional default {name|there}.',
    ),
  networkIds: z.array(z.string()).describe('Networks filled in turn, each up to its own rate (GET /api/v1/networks).'),
  audience: CampaignAudienceSchema.describe(
    'Every contact (`all`), or members of `listIds` and holders of `tags`, minus `excludeListIds` and `excludeTags`; opted-out contacts are always left out.',
  ),
  schedule: CampaignScheduleSchema.describe('When it starts: `sendAt` null means as soon as it is started.'),
  ratePerSecond: z.number().int().describe('Messages a second across its networks.'),
  quietHours: QuietHoursSchema.nullable().describe(
    'HH:MM–HH:MM in each recipient’s local time: a message due inside waits until the end; null: none.',
  ),
  counts: CampaignCountsSchema.describe('Its recipients by where they are (all 0 until it starts).'),
  exclusions: CampaignExclusionsSchema.nullable().describe('Recipients of the audience left out, set when it started.'),
  failureReason: z.string().nullable().describe('Why it failed (state `failed`).'),
  createdBy: ApiCampaignCreatorSchema,
  createdAt: isoUtc.describe('When it was created (UTC).'),
  updatedAt: isoUtc.describe('Its last change: an edit or a state change.'),
  startedAt: isoUtc.nullable().describe('When it started sending; null before.'),
  finishedAt: isoUtc.nullable().describe('When it completed, was cancelled or failed.'),
});
export type ApiCampaign = z.infer<typeof ApiCampaignSchema>;

/** POST /api/v1/campaigns: a draft; everything but the name may be left for later (start then says what is missing). */
export const ApiCreateCampaignBodySchema = CreateCampaignBodySchema.describe(
  'A new draft. Only `name` is required; a draft that lacks a network, a text or recipients is refused at start (409 `CAMPAIGN_NOT_READY`).',
).meta({
  // The request sample the interactive reference (/api/docs) fills in for curl, JavaScript and Python.
  examples: [
    {
      name: 'Spring sale',
      body: 'Hi {name|there}, 20% off this week. Reply STOP to opt out.',
      networkIds: ['00000000-0000-4000-8000-000000000001'],
      audience: { listIds: ['00000000-0000-4000-8000-000000000002'], excludeTags: ['staff'] },
      ratePerSecond: 20,
      quietHours: { start: '21:00', end: '08:00' },
    },
  ],
});
export type ApiCreateCampaignBody = z.input<typeof ApiCreateCampaignBodySchema>;

/** PATCH /api/v1/campaigns/{id}: a draft's fields; only those given change. */
export const ApiUpdateCampaignBodySchema = UpdateCampaignBodySchema.describe(
  'The fields to change, each as in the create; those left out stay as they are.',
);
export type ApiUpdateCampaignBody = z.input<typeof ApiUpdateCampaignBodySchema>;

export const ApiCampaignParamsSchema = z.object({ id: z.uuid().describe('The campaign’s id.') });
export const ApiCampaignResponseSchema = z.object({ campaign: ApiCampaignSchema });
export type ApiCampaignResponse = z.infer<typeof ApiCampaignResponseSchema>;

/** GET /api/v1/campaigns/{id}: the campaign with its pace. */
export const ApiCampaignDetailResponseSchema = z.object({
  campaign: ApiCampaignSchema,
  throughput: CampaignThroughputSchema.describe(
    'Messages sent, delivered and failed per 10-second bucket since the start, and the seconds until the last queued one is due (`etaSeconds`, null when none waits).',
  ),
});
export type ApiCampaignDetailResponse = z.infer<typeof ApiCampaignDetailResponseSchema>;

const cursor = z.string().max(200).optional().describe('From a previous page’s `next` link.');
const next = z
  .string()
  .nullable()
  .describe('The path of the next page (same filters, with its cursor); null on the last page.');

/** GET /api/v1/campaigns: newest first. */
export const ApiCampaignsQuerySchema = z.object({
  state: CampaignState.optional().describe('Only campaigns in this state.'),
  cursor,
  limit: z.coerce.number().int().min(1).max(100).default(50).describe('Campaigns per page, 1 to 100 (default 50).'),
});
export type ApiCampaignsQuery = z.input<typeof ApiCampaignsQuerySchema>;
export const ApiCampaignsResponseSchema = z.object({
  campaigns: z.array(ApiCampaignSchema).describe('Newest first.'),
  next,
});
export type ApiCampaignsResponse = z.infer<typeof ApiCampaignsResponseSchema>;

/** GET /api/v1/campaigns/{id}/recipients: in the order they were queued. */
export const ApiCampaignRecipientsQuerySchema = z.object({
  state: CampaignRecipientState.optional().describe('Only recipients whose message is in this state.'),
  cursor,
  limit: z.coerce.number().int().min(1).max(500).default(100).describe('Recipients per page, 1 to 500 (default 100).'),
});
export type ApiCampaignRecipientsQuery = z.input<typeof ApiCampaignRecipientsQuerySchema>;
export const ApiCampaignRecipientSchema = CampaignRecipientSchema.describe(
  'One recipient: its message (`messageId`, GET /api/v1/messages/{id}), the personalised text, its state and times, and what the recipient did after it.',
);
export type ApiCampaignRecipient = z.infer<typeof ApiCampaignRecipientSchema>;
export const ApiCampaignRecipientsResponseSchema = z.object({
  recipients: z.array(ApiCampaignRecipientSchema).describe('In the order they were queued.'),
  next,
});
export type ApiCampaignRecipientsResponse = z.infer<typeof ApiCampaignRecipientsResponseSchema>;
