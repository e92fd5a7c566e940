import { z } from 'zod';
import { SMSGATE_SCOPES } from './smsgate-permissions.js';

/**
 * The shapes of SMSGate's third-party API (smsgate.md §4), the reference server's and its
 * clients', not ours: they live here rather than in the contract package. Request objects
 * ignore fields they do not know, as the reference's decoder does.
 */

export const SMSGATE_STATES = ['Pending', 'Processed', 'Sent', 'Delivered', 'Failed', 'Cancelled'] as const;
export type SmsgateState = (typeof SMSGATE_STATES)[number];

const dateTime = z.iso.datetime({ offset: true });

export const SendMessageBodySchema = z
  .object({
    id: z
      .string()
      .min(1)
      .max(36)
      .nullish()
      .describe('The message id; made when absent. A second use is refused (409).'),
    message: z.string().min(1).max(65_535).nullish().describe('The text (the JS client’s field).'),
    textMessage: z.object({ text: z.string().min(1).max(65_535) }).nullish(),
    dataMessage: z
      .object({ data: z.string(), port: z.number().int().min(1).max(65_535) })
      .nullish()
      .describe('A binary SMS: not supported here (400).'),
    phoneNumbers: z.array(z.string().min(1).max(64)).min(1).max(100),
    simNumber: z.number().int().min(1).max(3).nullish(),
    withDeliveryReport: z.boolean().nullish(),
    isEncrypted: z.boolean().nullish().describe('Encrypted content: not supported here (400 when true).'),
    priority: z.number().int().min(-128).max(127).nullish(),
    ttl: z.number().int().min(5).nullish().describe('Seconds it may wait; becomes validUntil.'),
    validUntil: dateTime.nullish(),
    scheduleAt: dateTime
      .nullish()
      .describe('Not sent before this time (at most 30 days ahead); queued and booked now.'),
    deviceId: z
      .string()
      .max(64)
      .nullish()
      .describe('An Android network of the workspace; absent: the default network.'),
  })
  .superRefine((body, ctx) => {
    const contents = [body.message, body.textMessage, body.dataMessage].filter((c) => c !== null && c !== undefined);
    if (contents.length !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: 'Send exactly one of message, textMessage, dataMessage.',
      });
    if (body.ttl != null && body.validUntil != null)
      ctx.addIssue({ code: 'custom', path: ['ttl'], message: 'ttl and validUntil exclude each other.' });
  });
export type SendMessageBody = z.infer<typeof SendMessageBodySchema>;

export const SendMessageQuerySchema = z.object({
  skipPhoneValidation: z.stringbool().optional(),
  deviceActiveWithin: z.coerce.number().int().min(0).optional().describe('Accepted and ignored.'),
});

const RecipientStateSchema = z.object({
  phoneNumber: z.string(),
  state: z.enum(SMSGATE_STATES),
  error: z.string().optional(),
});

export const MessageStateSchema = z.object({
  id: z.string(),
  deviceId: z.string().nullable().describe('The network it goes through (null once that network was deleted).'),
  state: z.enum(SMSGATE_STATES),
  isHashed: z.boolean(),
  isEncrypted: z.boolean(),
  recipients: z.array(RecipientStateSchema),
  states: z.partialRecord(z.enum(SMSGATE_STATES), z.string()).describe('When it entered each state.'),
  textMessage: z.object({ text: z.string() }).optional(),
  withDeliveryReport: z.boolean().optional(),
  priority: z.number().int().optional(),
  simNumber: z.number().int().optional(),
  validUntil: z.string().optional(),
});
export type MessageState = z.infer<typeof MessageStateSchema>;

export const MessageParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const ListMessagesQuerySchema = z.object({
  from: dateTime.optional(),
  to: dateTime.optional(),
  state: z.enum(SMSGATE_STATES).optional(),
  deviceId: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  includeContent: z.stringbool().default(false),
  sort: z.enum(['created_at', '-created_at']).default('-created_at'),
});
export type ListMessagesQuery = z.infer<typeof ListMessagesQuerySchema>;

export const TokenBodySchema = z.object({
  scopes: z.array(z.enum(SMSGATE_SCOPES)).min(1).max(SMSGATE_SCOPES.length),
  ttl: z.number().int().min(1).optional().describe('Seconds; default 3600, at most 86400.'),
});

export const TokenResponseSchema = z.object({
  id: z.string().describe('The jti: DELETE /auth/token/{id} revokes the token and its refresh token.'),
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  refresh_token: z.string(),
  expires_at: z.string(),
});

export const DeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastSeen: z.string(),
  simCards: z
    .array(
      z.object({ simNumber: z.number().int(), phoneNumber: z.string().nullable(), carrierName: z.string().nullable() }),
    )
    .optional(),
});

const healthCheck = z.object({
  status: z.enum(['pass', 'warn', 'fail']),
  observedValue: z.number(),
  observedUnit: z.string(),
  description: z.string(),
});
export const HealthSchema = z.object({
  status: z.enum(['pass', 'warn', 'fail']),
  version: z.string(),
  releaseId: z.number().int(),
  checks: z.record(z.string(), healthCheck),
});

export const InboxExportBodySchema = z.object({
  deviceId: z.string().max(64).describe('The Android network whose phone reads its inbox again.'),
  since: dateTime,
  until: dateTime,
  messageTypes: z.unknown().optional().describe('Accepted; only SMS are read back (no MMS here).'),
  webhookDelivery: z.unknown().optional().describe('Accepted; each SMS comes as its own webhook.'),
});
export type InboxExportBody = z.infer<typeof InboxExportBodySchema>;
