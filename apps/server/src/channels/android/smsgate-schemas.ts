import { z } from 'zod';

/**
 * The SMSGate app's private-server protocol (docs: protocols/smsgate.md §2–3). These shapes are
 * the phone's, not the browser's, so they live here rather than in the contract package. Request
 * objects are loose: a newer app may add fields, and refusing them would stop the phone working.
 */

const simCard = z.looseObject({
  slotIndex: z.number().int().min(0).max(16).nullish(),
  simNumber: z.number().int().min(0).max(16).nullish(),
  phoneNumber: z.string().max(64).nullish(),
  carrierName: z.string().max(128).nullish(),
});
export type SimCard = z.infer<typeof simCard>;

export const RegisterDeviceBodySchema = z.looseObject({
  name: z.string().max(128).nullish().describe('MANUFACTURER/PRODUCT, e.g. samsung/a52qnsxx.'),
  pushToken: z.string().max(256).nullish().describe('FCM token; absent when the phone has no Google services.'),
  simCards: z.array(simCard).max(8).nullish(),
});

export const RegisterDeviceResponseSchema = z.object({
  id: z.string().describe('Device id; the app echoes it as `deviceId` in webhooks.'),
  token: z.string().describe('Bearer token of every later call.'),
  login: z.string().describe('Third-party API user name, shown by the app.'),
  password: z.string().describe('Third-party API password, shown by the app.'),
});

export const UpdateDeviceBodySchema = RegisterDeviceBodySchema.omit({ name: true }).extend({
  id: z.string().max(64).describe('The device id; must be the token’s device.'),
});

export const DeviceInfoResponseSchema = z.object({
  externalIp: z.string().describe('The address this request came from, as the server sees it.'),
});

export const PendingMessagesQuerySchema = z.object({
  order: z.string().max(8).optional().describe('lifo (default) or fifo: the app’s processing order.'),
});

export const MobileMessageSchema = z.object({
  id: z.string(),
  message: z.string().describe('Deprecated copy of textMessage.text, for older apps.'),
  textMessage: z.object({ text: z.string() }),
  phoneNumbers: z.array(z.string()),
  withDeliveryReport: z.boolean(),
  isEncrypted: z.boolean(),
  priority: z.number().int(),
  state: z.literal('Pending'),
  createdAt: z.string(),
});
export type MobileMessage = z.infer<typeof MobileMessageSchema>;

export const MessageStateReportSchema = z.looseObject({
  id: z.string().max(64),
  // Any string: an unknown state is ignored rather than refused, so the phone's other reports land.
  state: z.string().max(32),
  recipients: z
    .array(
      z.looseObject({
        phoneNumber: z.string().max(64).nullish(),
        state: z.string().max(32).nullish(),
        error: z.string().max(1024).nullish(),
      }),
    )
    .max(100)
    .nullish(),
  states: z.record(z.string().max(32), z.string().max(64)).nullish(),
});
export type MessageStateReport = z.infer<typeof MessageStateReportSchema>;

export const MessageStateReportsSchema = z.array(MessageStateReportSchema).max(500);

export const WEBHOOK_EVENTS = ['sms:received', 'sms:sent', 'sms:delivered', 'sms:failed', 'system:ping'] as const;

export const MobileWebhookSchema = z.object({
  id: z.string(),
  deviceId: z.string().nullable(),
  url: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
});

/** Our two settings, and the workspace's others (messages, ping, logs…: the SMSGate API's `/settings`). */
export const MobileSettingsSchema = z.looseObject({
  webhooks: z.looseObject({ signing_key: z.string().describe('HMAC key the phone signs our webhooks with.') }),
  gateway: z.object({
    notification_channel: z.literal('SSE_ONLY').describe('Wake-ups come over GET /events (no Firebase relay).'),
  }),
});

/** What the phone posts to our webhook URL (§3). */
export const WebhookEnvelopeSchema = z.looseObject({
  id: z.string().max(64).nullish(),
  webhookId: z.string().max(64).nullish(),
  deviceId: z.string().max(64).nullish(),
  event: z.string().max(64),
  payload: z.looseObject({}),
});

export const ReceivedSmsPayloadSchema = z.looseObject({
  messageId: z.string().min(1).max(64),
  message: z.string().max(65_535),
  sender: z.string().min(1).max(64).nullish(),
  phoneNumber: z.string().min(1).max(64).nullish(),
  receivedAt: z.string().min(1).max(64),
});

export const OutboundStatusPayloadSchema = z.looseObject({
  messageId: z.string().max(64),
  sentAt: z.string().max(64).nullish(),
  deliveredAt: z.string().max(64).nullish(),
  failedAt: z.string().max(64).nullish(),
  reason: z.string().max(1024).nullish(),
});
