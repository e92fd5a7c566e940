import { z } from 'zod';
import { ApiKeyScope } from './api-keys.js';
import {
  ConsentSource,
  ContactListsResponseSchema,
  ContactTagsResponseSchema,
  CreateContactBodySchema,
  CustomFieldsSchema,
  TagSchema,
  UpdateContactBodySchema,
} from './contacts.js';
import { MessageDirection, MessageEncoding, MessageState, SendMessageBodySchema } from './messages.js';
import { NetworkKind, NetworkStatus } from './networks.js';

/**
 * The public REST API under `/api/v1` (DESIGN §2 "Developer API"): stable shapes for developers,
 * authenticated by an API key (`Authorization: Bearer sk_live_…`) or a token made from one.
 * Dates are ISO 8601 in UTC, ids are strings, errors are `{ error, code }`; no workspace ids.
 */

/** Default lifetime of a token made from a key. */
export const API_TOKEN_TTL_SECONDS = 900;

/** POST /api/v1/auth/token (the body may be left out: all the key's scopes for 15 minutes). */
export const ApiTokenBodySchema = z
  .object({
    scopes: z
      .array(ApiKeyScope)
      .min(1)
      .optional()
      .describe('The scopes the token carries, each one the key has; omitted: all of the key’s.'),
    ttlSeconds: z
      .number()
      .int()
      .min(60)
      .max(3600)
      .optional()
      .describe('How long the token is valid, 60 to 3600 seconds (default 900).'),
  })
  .nullish();
export type ApiTokenBody = z.input<typeof ApiTokenBodySchema>;

export const ApiTokenResponseSchema = z.object({
  accessToken: z.string().describe('Send it as `Authorization: Bearer <accessToken>` to `/api/v1`.'),
  tokenType: z.literal('Bearer'),
  expiresAt: z.iso.datetime().describe('When the token stops working.'),
  scopes: z.array(ApiKeyScope).describe('What the token may do.'),
});
export type ApiTokenResponse = z.infer<typeof ApiTokenResponseSchema>;

const isoUtc = z.iso.datetime();

/** A message as the developer API shows it: no workspace, conversation or provider internals. */
export const ApiMessageSchema = z.object({
  id: z.string().describe('The message’s id.'),
  direction: MessageDirection.describe('out: sent by the workspace; in: received.'),
  state: MessageState,
  phoneNumber: z
    .string()
    .describe('The other party (E.164): the recipient of an outbound message, the sender of an inbound one.'),
  networkId: z.string().describe('The network it went out or came in through (GET /api/v1/networks).'),
  body: z.string().describe('The text.'),
  encoding: MessageEncoding.describe('GSM-7, or UCS-2 when a character needs it (fewer characters a part).'),
  segments: z.number().int().describe('SMS parts the text takes (GSM-7 160/153, UCS-2 70/67); what the quota counts.'),
  metadata: z.record(z.string(), z.string()).nullable().describe('What the sender attached; null when nothing.'),
  errorCode: z.string().nullable().describe('Why it failed, as the channel coded it.'),
  errorText: z.string().nullable().describe('Why it failed, in the channel’s words.'),
  createdAt: isoUtc.describe('When it was queued or received (UTC).'),
  sentAt: isoUtc.nullable().describe('When the network accepted it (outbound).'),
  deliveredAt: isoUtc.nullable().describe('When the delivery report said delivered (outbound).'),
  failedAt: isoUtc.nullable().describe('When it failed for good (outbound).'),
  receivedAt: isoUtc.nullable().describe('When the network received it (inbound).'),
});
export type ApiMessage = z.infer<typeof ApiMessageSchema>;

const metadataKey = z.string().min(1).max(40);

/** How far ahead `sendAt` may be. */
export const MAX_SEND_AT_DAYS = 30;

/** `networkId`, `metadata`, `sendAt` and `callbackUrl`: the same for one message and for a batch. */
export const ApiSendOptionsSchema = z.object({
  networkId: z
    .uuid()
    .optional()
    .describe(
      'The network to send through; omitted: the workspace’s default, its oldest enabled network that is not a sandbox (else its oldest enabled sandbox).',
    ),
  metadata: z
    .record(metadataKey, z.string().max(500))
    .refine((value) => Object.keys(value).length <= 20, 'At most 20 metadata keys.')
    .optional()
    .describe('Up to 20 string keys (≤ 40 characters) and values (≤ 500), returned with the message.'),
  sendAt: z.iso
    .datetime({ offset: true })
    .optional()
    .describe(
      `Send no earlier than this time (ISO 8601, in the future, at most ${MAX_SEND_AT_DAYS} days ahead; else 400 \`SEND_AT_INVALID\`). The message is queued and its segments booked now; it stays \`queued\` (and can be cancelled with DELETE) until then.`,
    ),
  callbackUrl: z
    .string()
    .max(2000)
    .optional()
    .describe(
      'An https URL that receives this message’s state changes (`message.sent`, `message.delivered`, `message.failed`) as webhook deliveries: `{ id, type, createdAt, data: { message } }`, signed in `Switchboard-Signature` with the key’s callback secret (GET /api/v1/callback-secret), retried like webhooks. Private, loopback and link-local addresses are refused (400 `WEBHOOK_URL_NOT_ALLOWED`).',
    ),
});

/** POST /api/v1/messages. */
export const ApiSendMessageBodySchema = z
  .object({
    to: SendMessageBodySchema.shape.to,
    body: SendMessageBodySchema.shape.body,
    ...ApiSendOptionsSchema.shape,
  })
  .meta({
    // The request sample of the interactive reference (/api/docs).
    examples: [
      {
        to: '+12025550123',
        body: 'Your table is ready.',
        metadata: { orderId: 'A-17' },
      },
    ],
  });
export type ApiSendMessageBody = z.infer<typeof ApiSendMessageBodySchema>;

export const ApiMessageResponseSchema = z.object({ message: ApiMessageSchema });
export type ApiMessageResponse = z.infer<typeof ApiMessageResponseSchema>;
export const ApiMessageParamsSchema = z.object({ id: z.uuid() });

/** GET /api/v1/messages. */
export const ApiMessagesQuerySchema = z.object({
  direction: MessageDirection.optional(),
  state: MessageState.optional(),
  networkId: z.uuid().optional(),
  batchId: z.uuid().optional().describe('Only the messages of this batch (POST /api/v1/messages/batch).'),
  from: z.iso.datetime({ offset: true }).optional().describe('Created at or after this time (ISO 8601).'),
  to: z.iso.datetime({ offset: true }).optional().describe('Created before this time (ISO 8601).'),
  cursor: z.string().max(200).optional().describe('From a previous page’s `next` link.'),
  limit: z.coerce.number().int().min(1).max(100).default(50).describe('Messages per page, 1 to 100 (default 50).'),
});
export type ApiMessagesQuery = z.input<typeof ApiMessagesQuerySchema>;

export const ApiMessagesResponseSchema = z.object({
  messages: z.array(ApiMessageSchema).describe('Newest first.'),
  next: z
    .string()
    .nullable()
    .describe('The path of the next page (same filters, with its cursor); null on the last page.'),
});
export type ApiMessagesResponse = z.infer<typeof ApiMessagesResponseSchema>;

/** GET /api/v1/networks: what a client needs to choose one; no settings, no secrets. */
export const ApiNetworkSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: NetworkKind,
  address: z.string().describe('The number or sender id messages go out from.'),
  enabled: z.boolean(),
  status: NetworkStatus,
  isDefault: z.boolean().describe('The network a message without `networkId` goes through.'),
});
export type ApiNetwork = z.infer<typeof ApiNetworkSchema>;
export const ApiNetworksResponseSchema = z.object({ networks: z.array(ApiNetworkSchema) });
export type ApiNetworksResponse = z.infer<typeof ApiNetworksResponseSchema>;

/** A contact as the developer API shows it: no workspace id. */
export const ApiContactSchema = z.object({
  id: z.string().describe('The contact’s id.'),
  phoneNumber: z.string().describe('E.164, e.g. +12025550123; it cannot change.'),
  name: z.string().nullable(),
  tags: z.array(z.string()),
  customFields: CustomFieldsSchema,
  timeZone: z.string().nullable().describe('IANA time zone for quiet hours; null: the number’s country decides.'),
  optedOut: z.boolean().describe('true: no message is sent to this number (409 `CONTACT_OPTED_OUT`).'),
  optedOutAt: isoUtc.nullable().describe('When the contact opted out; null while subscribed.'),
  lists: z.array(z.string()).describe('The ids of the lists the contact is on (GET /api/v1/contact-lists).'),
  createdAt: isoUtc,
  updatedAt: isoUtc.describe('Last change of the contact’s own fields or consent.'),
  lastMessageAt: isoUtc.nullable().describe('The newest message to or from the contact, or null.'),
});
export type ApiContact = z.infer<typeof ApiContactSchema>;

/** One opt-out or opt-in of a contact. */
export const ApiConsentEventSchema = z.object({
  optedOut: z.boolean().describe('true: opted out; false: opted (back) in.'),
  source: ConsentSource,
  createdAt: isoUtc,
});
export type ApiConsentEvent = z.infer<typeof ApiConsentEventSchema>;

export const ApiContactResponseSchema = z.object({ contact: ApiContactSchema });
export type ApiContactResponse = z.infer<typeof ApiContactResponseSchema>;
/** GET /api/v1/contacts/:id: the contact and its consent history. */
export const ApiContactDetailResponseSchema = z.object({
  contact: ApiContactSchema,
  consent: z.array(ApiConsentEventSchema).describe('Every opt-out and opt-in, newest first.'),
});
export type ApiContactDetailResponse = z.infer<typeof ApiContactDetailResponseSchema>;
export const ApiContactParamsSchema = z.object({ id: z.uuid() });

/** GET /api/v1/contacts: newest first. */
export const ApiContactsQuerySchema = z.object({
  search: z.string().trim().max(100).optional().describe('Part of the number or of the name (any case).'),
  tag: TagSchema.optional().describe('Only contacts with this tag.'),
  listId: z.uuid().optional().describe('Only members of this list.'),
  optedOut: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: only opted-out contacts; false: only subscribed ones.'),
  cursor: z.string().trim().min(1).max(600).optional().describe('From a previous page’s `next` link.'),
  limit: z.coerce.number().int().min(1).max(100).default(50).describe('Contacts per page, 1 to 100 (default 50).'),
});
export type ApiContactsQuery = z.input<typeof ApiContactsQuerySchema>;

export const ApiContactsResponseSchema = z.object({
  contacts: z.array(ApiContactSchema).describe('Newest first.'),
  next: z
    .string()
    .nullable()
    .describe('The path of the next page (same filters, with its cursor); null on the last page.'),
});
export type ApiContactsResponse = z.infer<typeof ApiContactsResponseSchema>;

/** POST /api/v1/contacts (opt-outs have their own calls). */
export const ApiCreateContactBodySchema = CreateContactBodySchema.omit({ optedOut: true });
export type ApiCreateContactBody = z.infer<typeof ApiCreateContactBodySchema>;
/** PATCH /api/v1/contacts/:id: only the fields given change (opt-outs have their own calls). */
export const ApiUpdateContactBodySchema = UpdateContactBodySchema.omit({ optedOut: true });
export type ApiUpdateContactBody = z.infer<typeof ApiUpdateContactBodySchema>;

/** GET /api/v1/contact-lists. */
export const ApiContactListsResponseSchema = ContactListsResponseSchema;
export type ApiContactListsResponse = z.infer<typeof ApiContactListsResponseSchema>;
/** GET /api/v1/tags. */
export const ApiTagsResponseSchema = ContactTagsResponseSchema;
export type ApiTagsResponse = z.infer<typeof ApiTagsResponseSchema>;
