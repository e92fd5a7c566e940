import { z } from 'zod';
import { ApiMessageSchema } from './public-api.js';

/**
 * `/api/v1/conversations` (DESIGN §2 "Developer API"): the SMS threads of the workspace, one per
 * contact and network, as the inbox shows them, in the public shape (string ids, ISO 8601 UTC
 * dates, no workspace ids). A thread's messages are the public `ApiMessage`s.
 */

const isoUtc = z.iso.datetime();

export const ApiConversationSchema = z.object({
  id: z.string().describe('The conversation’s id.'),
  networkId: z.string().describe('The network the thread runs on (GET /api/v1/networks).'),
  contact: z
    .object({
      id: z.string().describe('The contact’s id (GET /api/v1/contacts/{id}).'),
      phoneNumber: z.string().describe('E.164, e.g. +12025550123.'),
      name: z.string().nullable().describe('The name in the contact book; null when none.'),
      optedOut: z.boolean().describe('true: nothing is sent to this number (409 `CONTACT_OPTED_OUT`).'),
    })
    .describe('The other party.'),
  unreadCount: z.number().int().describe('Inbound messages nobody has read in the inbox yet.'),
  lastMessageAt: isoUtc.describe('The newest message’s time (UTC): the list’s order.'),
  lastMessagePreview: z.string().describe('The start of the newest message (at most 120 characters).'),
  createdAt: isoUtc.describe('The first message of the thread.'),
});
export type ApiConversation = z.infer<typeof ApiConversationSchema>;

const limit = z.coerce.number().int().min(1).max(100).default(50).describe('Items per page, 1 to 100 (default 50).');
const cursor = z.string().max(200).optional().describe('From a previous page’s `next` link.');

/** GET /api/v1/conversations: newest activity first. */
export const ApiConversationsQuerySchema = z.object({
  networkId: z.uuid().optional().describe('Only threads on this network.'),
  unread: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: only threads with unread messages; false: only threads read to the end.'),
  phoneNumber: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .optional()
    .describe('Only the threads of this number (international format; spaces are ignored).'),
  updatedSince: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('Only threads with a message at or after this time (ISO 8601): a poll for what changed.'),
  cursor,
  limit,
});
export type ApiConversationsQuery = z.input<typeof ApiConversationsQuerySchema>;

export const ApiConversationsResponseSchema = z.object({
  conversations: z.array(ApiConversationSchema).describe('Newest activity first.'),
  next: z
    .string()
    .nullable()
    .describe('The path of the next page (same filters, with its cursor); null on the last page.'),
});
export type ApiConversationsResponse = z.infer<typeof ApiConversationsResponseSchema>;

export const ApiConversationParamsSchema = z.object({ id: z.uuid().describe('The conversation’s id.') });
export const ApiConversationResponseSchema = z.object({ conversation: ApiConversationSchema });
export type ApiConversationResponse = z.infer<typeof ApiConversationResponseSchema>;

/** GET /api/v1/conversations/{id}/messages: newest first; `next` goes back in time. */
export const ApiConversationMessagesQuerySchema = z.object({ cursor, limit });
export const ApiConversationMessagesResponseSchema = z.object({
  messages: z.array(ApiMessageSchema).describe('Newest first; both directions.'),
  next: z.string().nullable().describe('The path of the page of older messages; null when none are left.'),
});
export type ApiConversationMessagesResponse = z.infer<typeof ApiConversationMessagesResponseSchema>;
