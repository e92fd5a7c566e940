import { z } from 'zod';

export const MessageDirection = z.enum(['in', 'out']);
export type MessageDirection = z.infer<typeof MessageDirection>;

export const MESSAGE_STATES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'cancelled', 'received'] as const;
export const MessageState = z
  .enum(MESSAGE_STATES)
  .describe(
    'Outbound: queued → sending → sent → delivered | failed, or queued → cancelled (its campaign was cancelled). Inbound: received.',
  );
export type MessageState = z.infer<typeof MessageState>;

export const MessageEncoding = z.enum(['GSM-7', 'UCS-2']);
export type MessageEncoding = z.infer<typeof MessageEncoding>;

export const MESSAGE_ORIGINS = ['reply', 'auto-reply', 'campaign', 'api', 'test'] as const;
export const MessageOrigin = z
  .enum(MESSAGE_ORIGINS)
  .describe(
    'Who sent an outbound message: a person’s reply, an auto-reply rule, a campaign, the API, or a network test.',
  );
export type MessageOrigin = z.infer<typeof MessageOrigin>;

/** Longest text accepted for one message (the phone app and providers concatenate up to this). */
export const MAX_MESSAGE_LENGTH = 1600;

export const ContactSchema = z.object({
  id: z.uuid(),
  phoneNumber: z.string().describe('E.164, e.g. +14155550123.'),
  name: z.string().nullable(),
  tags: z.array(z.string()),
  optedOutAt: z.iso.datetime().nullable().describe('When the contact opted out (STOP), or null.'),
});
export type Contact = z.infer<typeof ContactSchema>;

export const MessageSchema = z.object({
  id: z.uuid(),
  networkId: z.uuid(),
  conversationId: z
    .uuid()
    .nullable()
    .describe('Its thread. Null while a campaign’s message waits in the queue: it joins the thread when it is sent.'),
  contactId: z.uuid(),
  direction: MessageDirection,
  body: z.string(),
  encoding: MessageEncoding,
  segments: z.number().int().describe('SMS parts the text takes (GSM-7 160/153, UCS-2 70/67).'),
  state: MessageState,
  origin: MessageOrigin.nullable().describe('Outbound only.'),
  campaignId: z.uuid().nullable().describe('The campaign that sent it (outbound, origin `campaign`).'),
  providerMessageId: z.string().nullable().describe('The channel’s id of the message.'),
  errorCode: z.string().nullable(),
  errorText: z.string().nullable().describe('Why it failed, in the channel’s words.'),
  attempts: z.number().int().describe('Send attempts so far.'),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  failedAt: z.iso.datetime().nullable(),
  receivedAt: z.iso.datetime().nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ConversationSchema = z.object({
  id: z.uuid(),
  networkId: z.uuid(),
  contact: ContactSchema,
  lastMessageAt: z.iso.datetime(),
  createdAt: z.iso.datetime().describe('The first message of the thread.'),
  lastMessagePreview: z.string().describe('The start of the newest message.'),
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

const text = z
  .string()
  .min(1, 'The message is empty.')
  .max(MAX_MESSAGE_LENGTH, `A message has at most ${MAX_MESSAGE_LENGTH} characters.`)
  .refine((value) => value.trim().length > 0, 'The message is empty.');

/** POST /api/messages: send one message through a network (queued, then dispatched). */
export const SendMessageBodySchema = z.object({
  networkId: z.uuid().describe('The network to send through.'),
  to: z.string().trim().min(1).max(32).describe('Recipient number, international format (+…).'),
  body: text,
});
export type SendMessageBody = z.infer<typeof SendMessageBodySchema>;

export const MessageParamsSchema = z.object({ id: z.uuid() });
export const MessageResponseSchema = z.object({ message: MessageSchema });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
export const MessagesResponseSchema = z.object({ messages: z.array(MessageSchema) });
export type MessagesResponse = z.infer<typeof MessagesResponseSchema>;

/** The sandbox's virtual phone texting the workspace. */
export const SandboxInboundBodySchema = z.object({
  from: z.string().trim().min(1).max(32).describe('The virtual phone’s number, international format (+…).'),
  body: text,
});
export type SandboxInboundBody = z.infer<typeof SandboxInboundBodySchema>;

export const SandboxThreadQuerySchema = z.object({
  number: z.string().trim().min(1).max(32).describe('The virtual phone’s number.'),
});

/** POST /api/networks/:id/test-message. */
export const TestMessageBodySchema = z.object({ to: SendMessageBodySchema.shape.to, body: text });
export type TestMessageBody = z.infer<typeof TestMessageBodySchema>;

export const MessageEventSchema = z.object({ message: MessageSchema });
export type MessageEvent = z.infer<typeof MessageEventSchema>;
export const ConversationEventSchema = z.object({ conversation: ConversationSchema });
export type ConversationEvent = z.infer<typeof ConversationEventSchema>;
