import { z } from 'zod';
import { TagSchema, TimeZoneSchema } from './contacts.js';
import { MAX_MESSAGE_LENGTH, MessageEncoding } from './messages.js';

/**
 * Bulk campaigns (DESIGN §2 "Bulk campaigns", §3 outbound): a personalised text to an audience
 * of contacts, sent through the one outbound queue at a set rate, with quiet hours in each
 * recipient's local time. Every route is admin-only and scoped to the caller's workspace.
 *
 * A campaign is edited while `draft`; `start` books the quota for every recipient and queues
 * their messages at once (each due at its turn under the rate and quiet hours), so a started
 * campaign's recipients are its messages (`messages.campaign_id`).
 */

export const CAMPAIGNS_PAGE_SIZE = 50;
export const CAMPAIGN_RECIPIENTS_PAGE_SIZE = 100;
export const MAX_CAMPAIGN_NAME_LENGTH = 100;
/** Networks one campaign may fill in turn. */
export const MAX_CAMPAIGN_NETWORKS = 5;
/** The highest rate one may ask for; each network's own limit caps it further. */
export const MAX_CAMPAIGN_RATE = 1000;
/** Socket progress events per campaign are at most this many a second. */
export const CAMPAIGN_PROGRESS_EVENTS_PER_SECOND = 4;

export const CAMPAIGN_STATES = ['draft', 'scheduled', 'sending', 'paused', 'completed', 'cancelled', 'failed'] as const;
export const CampaignState = z
  .enum(CAMPAIGN_STATES)
  .describe(
    'draft → scheduled → sending → paused → completed | cancelled | failed. Only a draft is edited; a scheduled campaign may go back to draft (unschedule).',
  );
export type CampaignState = z.infer<typeof CampaignState>;

/** A wall-clock time, `HH:MM` (24 h). */
export const ClockTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time as HH:MM (24 h), e.g. 21:00.')
  .describe('A wall-clock time, HH:MM (24 h).');

/**
 * Quiet hours in the **recipient's** local time (the contact's zone, else the main zone of the
 * number's country, else the workspace's): a message due inside waits until `end`. `start` after
 * `end` spans midnight (21:00–08:00); equal times are refused.
 */
export const QuietHoursSchema = z
  .object({ start: ClockTimeSchema, end: ClockTimeSchema })
  .refine((q) => q.start !== q.end, { message: 'Quiet hours must start and end at different times.', path: ['end'] });
export type QuietHours = z.infer<typeof QuietHoursSchema>;

/**
 * Who receives the campaign: every contact (`all`), or members of any of `listIds` or holders of
 * any of `tags`; minus members of `excludeListIds` and holders of `excludeTags`. Opted-out
 * contacts are always left out. A CSV uploaded just for this campaign is imported (contact
 * imports) into a new list that the audience then names.
 */
export const CampaignAudienceSchema = z
  .object({
    all: z.boolean().default(false).describe('Every contact of the workspace (lists and tags are then ignored).'),
    listIds: z.array(z.uuid()).max(50).default([]).describe('Members of any of these contact lists.'),
    tags: z.array(TagSchema).max(50).default([]).describe('Contacts with any of these tags.'),
    excludeListIds: z.array(z.uuid()).max(50).default([]).describe('Left out: members of any of these lists.'),
    excludeTags: z.array(TagSchema).max(50).default([]).describe('Left out: contacts with any of these tags.'),
  })
  .strict();
export type CampaignAudience = z.infer<typeof CampaignAudienceSchema>;

export const CampaignScheduleSchema = z
  .object({
    sendAt: z.iso
      .datetime({ offset: true })
      .nullable()
      .describe('When to start (an instant); null: as soon as it is started.'),
    timeZone: TimeZoneSchema.nullable().describe('The zone the sender chose `sendAt` in (shown back to them).'),
  })
  .strict();
export type CampaignSchedule = z.infer<typeof CampaignScheduleSchema>;

/** Counts of a campaign's recipients (its messages) by where they are. */
export const CampaignCountsSchema = z.object({
  recipients: z.number().int().describe('Messages queued when it started (after exclusions).'),
  queued: z.number().int().describe('Waiting for their turn (rate, quiet hours, a paused campaign).'),
  sending: z.number().int().describe('Being handed to the network right now.'),
  sent: z.number().int().describe('Accepted by the network, no delivery report yet.'),
  delivered: z.number().int().describe('Reported delivered by the network.'),
  failed: z.number().int().describe('Refused or undeliverable (see each recipient’s error).'),
  cancelled: z.number().int().describe('Never sent because the campaign was cancelled.'),
  optedOut: z.number().int().describe('Recipients who opted out after their campaign message (a STOP reply).'),
  replied: z.number().int().describe('Recipients who wrote back after their campaign message.'),
  segments: z.number().int().describe('SMS segments booked for the campaign.'),
});
export type CampaignCounts = z.infer<typeof CampaignCountsSchema>;

/** Why recipients of the audience get no message. */
export const CampaignExclusionsSchema = z.object({
  optedOut: z.number().int().describe('Contacts who had opted out.'),
  invalid: z.number().int().describe('Numbers that are not valid international numbers.'),
  duplicate: z.number().int().describe('The same contact reached twice (several lists or tags): counted once.'),
  missingVariable: z.number().int().describe('A variable of the text has no value and no default.'),
});
export type CampaignExclusions = z.infer<typeof CampaignExclusionsSchema>;

export const CampaignSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  state: CampaignState,
  networkIds: z.array(z.uuid()).describe('Networks filled in turn, each up to its own rate.'),
  audience: CampaignAudienceSchema,
  body: z
    .string()
    .describe(
      'The text with variables: {name}, {number}, any custom field, each with an optional default {name|there}.',
    ),
  schedule: CampaignScheduleSchema,
  ratePerSecond: z.number().int().describe('Messages a second across its networks.'),
  quietHours: QuietHoursSchema.nullable(),
  counts: CampaignCountsSchema,
  exclusions: CampaignExclusionsSchema.nullable().describe('Set when it started.'),
  failureReason: z.string().nullable().describe('Why it failed (state `failed`).'),
  createdBy: z.object({ id: z.uuid(), name: z.string() }).nullable().describe('The member who created it.'),
  createdByApiKey: z
    .object({ id: z.uuid().nullable(), name: z.string() })
    .nullable()
    .describe('The API key that created it (POST /api/v1/campaigns); null when a member did.'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable().describe('When it completed, was cancelled or failed.'),
});
export type Campaign = z.infer<typeof CampaignSchema>;

// ---------------------------------------------------------------------------------------------
// Routes

const name = z
  .string()
  .trim()
  .min(1, 'Give the campaign a name.')
  .max(MAX_CAMPAIGN_NAME_LENGTH, `A name has at most ${MAX_CAMPAIGN_NAME_LENGTH} characters.`)
  .describe(`What it is called (1 to ${MAX_CAMPAIGN_NAME_LENGTH} characters); recipients never see it.`);
const body = z
  .string()
  .max(MAX_MESSAGE_LENGTH, `A text has at most ${MAX_MESSAGE_LENGTH} characters.`)
  .describe('The text with variables: {name}, {number}, any custom field, each with an optional default {name|there}.');
const networkIds = z
  .array(z.uuid())
  .max(MAX_CAMPAIGN_NETWORKS, `At most ${MAX_CAMPAIGN_NETWORKS} networks.`)
  .describe(`Up to ${MAX_CAMPAIGN_NETWORKS} networks, filled in turn, each up to its own rate.`);
const rate = z
  .number()
  .int()
  .min(1)
  .max(MAX_CAMPAIGN_RATE)
  .describe(`Messages a second across its networks, 1 to ${MAX_CAMPAIGN_RATE} (each network's own limit caps it).`);

/** POST /api/campaigns: a new draft (everything but the name may come later). */
export const CreateCampaignBodySchema = z
  .object({
    name,
    networkIds: networkIds.optional(),
    audience: CampaignAudienceSchema.optional().describe('Who receives it; omitted: nobody yet.'),
    body: body.optional(),
    schedule: CampaignScheduleSchema.optional().describe('When it starts; omitted: as soon as it is started.'),
    ratePerSecond: rate.optional(),
    quietHours: QuietHoursSchema.nullable()
      .optional()
      .describe('HH:MM to HH:MM in each recipient’s local time when nothing is sent; null: none.'),
  })
  .strict();
export type CreateCampaignBody = z.input<typeof CreateCampaignBodySchema>;

/** PATCH /api/campaigns/:id (drafts only; else 409 CAMPAIGN_STATE_CONFLICT). */
export const UpdateCampaignBodySchema = CreateCampaignBodySchema.partial().strict();
export type UpdateCampaignBody = z.input<typeof UpdateCampaignBodySchema>;

export const CampaignParamsSchema = z.object({ id: z.uuid() });
export const CampaignResponseSchema = z.object({ campaign: CampaignSchema });

/** GET /api/campaigns: newest first, keyset pages. */
export const CampaignPageQuerySchema = z.object({
  state: CampaignState.optional(),
  cursor: z.string().max(200).optional().describe('`nextCursor` of the previous page.'),
  limit: z.coerce.number().int().min(1).max(200).default(CAMPAIGNS_PAGE_SIZE),
});
export const CampaignPageResponseSchema = z.object({
  campaigns: z.array(CampaignSchema),
  nextCursor: z.string().nullable(),
});

/**
 * POST /api/campaigns/:id/review: computed on the server from the draft as saved (also for a
 * started campaign, from what it queued). `sampleContactId` picks the contact whose personalised
 * text `sample` shows (default: the first recipient).
 */
export const CampaignReviewBodySchema = z.object({ sampleContactId: z.uuid().optional() }).strict();
export const CampaignReviewSchema = z.object({
  recipients: z.number().int().describe('Messages it would queue.'),
  exclusions: CampaignExclusionsSchema,
  totalSegments: z.number().int(),
  maxSegmentsPerRecipient: z.number().int().describe('The worst case after personalisation.'),
  encoding: MessageEncoding.describe('UCS-2 when any recipient’s text needs it.'),
  quota: z.object({
    remaining: z.number().int().nullable().describe('Segments left this month before the campaign; null: unlimited.'),
    after: z.number().int().nullable().describe('Left after it; negative: starting is refused.'),
  }),
  effectiveRatePerSecond: z.number().describe('The rate after each network’s limit.'),
  estimatedSeconds: z.number().int().describe('From start to the last message, at that rate, quiet hours not counted.'),
  sample: z
    .object({
      contactId: z.uuid(),
      to: z.string(),
      name: z.string().nullable(),
      body: z.string(),
      encoding: MessageEncoding,
      segments: z.number().int(),
    })
    .nullable()
    .describe('The personalised text of one recipient; null when there is none.'),
  problems: z
    .array(z.object({ code: z.string(), message: z.string() }))
    .describe(
      'What keeps it from starting (no network, empty text, no recipients, over the quota …); empty: it can start.',
    ),
});
export type CampaignReview = z.infer<typeof CampaignReviewSchema>;

/** POST /api/campaigns/:id/test: the text personalised for `contactId` (or with defaults) to one number. */
export const CampaignTestBodySchema = z
  .object({ to: z.string().trim().min(1).max(32), contactId: z.uuid().optional() })
  .strict();

/**
 * POST /api/campaigns/:id/start: queues now, or schedules for `schedule.sendAt`. 402
 * QUOTA_EXCEEDED (`remaining`, `needed`) when the quota cannot cover it, 409
 * CAMPAIGN_NOT_READY with the review's problems, 409 CAMPAIGN_STATE_CONFLICT when not a draft.
 * pause / resume / cancel / unschedule / retry-failed take no body and answer the campaign.
 */
export const CAMPAIGN_ACTIONS = ['start', 'pause', 'resume', 'cancel', 'unschedule', 'retry-failed'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

export const CAMPAIGN_RECIPIENT_STATES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'cancelled'] as const;
export const CampaignRecipientState = z.enum(CAMPAIGN_RECIPIENT_STATES);

/** GET /api/campaigns/:id/recipients (and `/recipients/export` as CSV with the same filters). */
export const CampaignRecipientsQuerySchema = z.object({
  state: CampaignRecipientState.optional(),
  replied: z.enum(['true', 'false']).optional().describe('Only those who wrote back (or did not).'),
  optedOut: z.enum(['true', 'false']).optional().describe('Only those who opted out after the campaign.'),
  q: z.string().trim().max(100).optional().describe('Part of the number or the name.'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(CAMPAIGN_RECIPIENTS_PAGE_SIZE),
});
export const CampaignRecipientSchema = z.object({
  messageId: z.uuid().describe('Its message.'),
  contactId: z.uuid().describe('The contact it went to.'),
  phoneNumber: z.string().describe('The number it went to (E.164).'),
  name: z.string().nullable().describe('The contact’s name.'),
  networkId: z.uuid().describe('The network it was given to.'),
  state: CampaignRecipientState.describe('Where its message is.'),
  body: z.string().describe('The personalised text.'),
  segments: z.number().int().describe('SMS parts of its text.'),
  errorCode: z.string().nullable().describe('Why it failed, as the channel coded it.'),
  errorText: z.string().nullable().describe('Why it failed, in the channel’s words.'),
  dueAt: z.iso.datetime().nullable().describe('When a queued message is due (rate, quiet hours).'),
  sentAt: z.iso.datetime().nullable().describe('When the network accepted it.'),
  deliveredAt: z.iso.datetime().nullable().describe('When it was reported delivered.'),
  optedOutAt: z.iso.datetime().nullable().describe('When the recipient opted out after the campaign message.'),
  reply: z
    .object({ body: z.string().describe('What they wrote.'), at: z.iso.datetime().describe('When.') })
    .nullable()
    .describe('The first message the recipient wrote back after it.'),
  conversationId: z.uuid().nullable().describe('The thread, once the message left the queue.'),
});
export type CampaignRecipient = z.infer<typeof CampaignRecipientSchema>;
export const CampaignRecipientsResponseSchema = z.object({
  recipients: z.array(CampaignRecipientSchema),
  nextCursor: z.string().nullable(),
});

/** GET /api/campaigns/:id/throughput: messages sent per 10-second bucket, and the ETA. */
export const CampaignThroughputSchema = z.object({
  buckets: z
    .array(
      z.object({
        at: z.iso.datetime().describe('The start of the 10 seconds.'),
        sent: z.number().int().describe('Messages the network accepted in them.'),
        delivered: z.number().int().describe('Delivery reports of delivered in them.'),
        failed: z.number().int().describe('Messages that failed in them.'),
      }),
    )
    .describe('Per 10 seconds since the start, oldest first.'),
  etaSeconds: z
    .number()
    .int()
    .nullable()
    .describe('Until the last queued message is due and sent; null when none wait.'),
});
export type CampaignThroughput = z.infer<typeof CampaignThroughputSchema>;

// ---------------------------------------------------------------------------------------------
// Socket events (workspace room)

/** `campaign.updated`: a campaign changed (edited, started, paused, finished …). */
export const CampaignUpdatedSchema = z.object({ campaign: CampaignSchema });
export type CampaignUpdated = z.infer<typeof CampaignUpdatedSchema>;

/** `campaign.progress`: its counts while it sends, at most 4 a second per campaign. */
export const CampaignProgressSchema = z.object({
  campaignId: z.uuid(),
  state: CampaignState,
  counts: CampaignCountsSchema,
  etaSeconds: z.number().int().nullable(),
});
export type CampaignProgress = z.infer<typeof CampaignProgressSchema>;
