import { z } from 'zod';
import { INBOX_PAGE_SIZE, MAX_INBOX_PAGE_SIZE } from './conversations.js';
import { ContactSchema } from './messages.js';

/** Audio types a voice message may have, and the largest file accepted. */
export const VOICE_AUDIO_TYPES = ['audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/webm'] as const;
export const MAX_VOICE_FILE_BYTES = 20 * 1024 * 1024;

export const VoiceMessageSchema = z.object({
  id: z.uuid(),
  networkId: z.uuid(),
  conversationId: z.uuid(),
  contact: ContactSchema.describe('The caller.'),
  durationSeconds: z.number().nonnegative().nullable().describe('Length of the recording, when known.'),
  transcript: z.string().nullable(),
  contentType: z.enum(VOICE_AUDIO_TYPES),
  sizeBytes: z.number().int(),
  listened: z.boolean(),
  listenedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime().describe('When the call came in.'),
});
export type VoiceMessage = z.infer<typeof VoiceMessageSchema>;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

/** GET /api/voice-messages: newest first, cursor pages, the SMS inbox's filters. */
export const VoiceMessageListQuerySchema = z.object({
  q: z.string().trim().max(100).optional().describe('Search: caller number, contact name or transcript.'),
  networkId: z.uuid().optional(),
  unlistened: flag.describe('Only voice messages nobody has listened to.'),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  cursor: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_INBOX_PAGE_SIZE).default(INBOX_PAGE_SIZE),
});
export type VoiceMessageListQuery = z.input<typeof VoiceMessageListQuerySchema>;

export const VoiceMessageListResponseSchema = z.object({
  voiceMessages: z.array(VoiceMessageSchema),
  nextCursor: z.string().nullable(),
});
export type VoiceMessageListResponse = z.infer<typeof VoiceMessageListResponseSchema>;

export const VoiceMessageParamsSchema = z.object({ id: z.uuid() });
export const VoiceMessageResponseSchema = z.object({ voiceMessage: VoiceMessageSchema });
export type VoiceMessageResponse = z.infer<typeof VoiceMessageResponseSchema>;

/** PATCH /api/voice-messages/:id. */
export const UpdateVoiceMessageBodySchema = z.object({ listened: z.boolean() }).strict();
export type UpdateVoiceMessageBody = z.infer<typeof UpdateVoiceMessageBodySchema>;

/**
 * POST /api/voice-messages (multipart/form-data, for a PBX or a script): the text fields below
 * plus the audio in a part named `file`.
 */
export const VoiceUploadFieldsSchema = z.object({
  networkId: z.uuid(),
  caller: z.string().trim().min(1).max(32).describe('The caller’s number, international format (+…).'),
  transcript: z.string().trim().max(10_000).optional(),
  durationSeconds: z.coerce
    .number()
    .nonnegative()
    .max(86_400)
    .optional()
    .describe('Measured from the file when omitted.'),
});
export type VoiceUploadFields = z.infer<typeof VoiceUploadFieldsSchema>;

/** GET /api/voice-messages/:id/recording-url: a short-lived link for the player and download. */
export const RecordingUrlResponseSchema = z.object({
  url: z.string().describe('Relative URL of the audio; valid until `expiresAt`; supports Range requests.'),
  expiresAt: z.iso.datetime(),
});
export type RecordingUrlResponse = z.infer<typeof RecordingUrlResponseSchema>;

export const VoiceMessageEventSchema = z.object({ voiceMessage: VoiceMessageSchema });
export type VoiceMessageEvent = z.infer<typeof VoiceMessageEventSchema>;
