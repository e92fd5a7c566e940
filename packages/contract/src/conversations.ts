import { z } from 'zod';
import { ContactSchema, ConversationSchema, MAX_MESSAGE_LENGTH, MessageSchema } from './messages.js';

/** Page sizes of the inbox lists and of a thread. */
export const INBOX_PAGE_SIZE = 50;
export const MAX_INBOX_PAGE_SIZE = 100;

const cursor = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .describe('The `nextCursor` of the previous page; omit for the first page.');

const limit = z.coerce.number().int().min(1).max(MAX_INBOX_PAGE_SIZE).default(INBOX_PAGE_SIZE);

/** A query-string boolean: "true"/"1" or "false"/"0". */
const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

/** Filters shared by the SMS and the voice inbox lists. */
const inboxFilters = {
  q: z.string().trim().max(100).optional().describe('Search: number, contact name or message text.'),
  networkId: z.uuid().optional(),
  from: z.iso.datetime({ offset: true }).optional().describe('Only activity at or after this time.'),
  to: z.iso.datetime({ offset: true }).optional().describe('Only activity before this time.'),
  cursor: cursor.optional(),
  limit,
};

/** GET /api/conversations: newest activity first, cursor pages. */
export const ConversationListQuerySchema = z.object({
  ...inboxFilters,
  unread: flag.describe('Only threads with unread messages.'),
  optedOut: flag.describe('true: only opted-out contacts; false: only contacts still subscribed.'),
});
export type ConversationListQuery = z.input<typeof ConversationListQuerySchema>;

export const ConversationListResponseSchema = z.object({
  conversations: z.array(ConversationSchema),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.'),
});
export type ConversationListResponse = z.infer<typeof ConversationListResponseSchema>;

export const ConversationParamsSchema = z.object({ id: z.uuid() });
export const ConversationResponseSchema = z.object({ conversation: ConversationSchema });
export type ConversationResponse = z.infer<typeof ConversationResponseSchema>;

/** GET /api/conversations/:id/messages: newest first; `cursor` pages go back in time. */
export const ThreadQuerySchema = z.object({ cursor: cursor.optional(), limit });
export type ThreadQuery = z.input<typeof ThreadQuerySchema>;
/** A campaign as a thread names it (the inbox may show which campaign sent a message). */
export const ThreadCampaignSchema = z.object({
  id: z.uuid(),
  name: z.string().describe('The campaign’s name.'),
});
export type ThreadCampaign = z.infer<typeof ThreadCampaignSchema>;
export const ThreadResponseSchema = z.object({
  messages: z.array(MessageSchema).describe('Newest first.'),
  campaigns: z
    .array(ThreadCampaignSchema)
    .describe('The campaigns that sent messages of this page (by their `campaignId`), each once.'),
  nextCursor: z.string().nullable().describe('Older messages: pass as `cursor`; null when none are left.'),
});
export type ThreadResponse = z.infer<typeof ThreadResponseSchema>;

/** PATCH /api/conversations/:id: mark read or unread. */
export const UpdateConversationBodySchema = z.object({
  unread: z.boolean().describe('false marks every message read; true marks the thread unread.'),
});
export type UpdateConversationBody = z.infer<typeof UpdateConversationBodySchema>;

/** POST /api/conversations/:id/messages: reply in the thread (its network and contact). */
export const ReplyBodySchema = z.object({
  body: z
    .string()
    .min(1, 'The message is empty.')
    .max(MAX_MESSAGE_LENGTH, `A message has at most ${MAX_MESSAGE_LENGTH} characters.`)
    .refine((value) => value.trim().length > 0, 'The message is empty.'),
});
export type ReplyBody = z.infer<typeof ReplyBodySchema>;

/** GET /api/inbox/counts: the navigation badges. */
export const InboxCountsSchema = z.object({
  unreadConversations: z.number().int().describe('SMS threads with unread messages.'),
  unlistenedVoiceMessages: z.number().int(),
});
export type InboxCounts = z.infer<typeof InboxCountsSchema>;

/** `contact.updated`: the inbox's view of a contact (the contact book's is `ContactEntry`). */
export const ContactEventSchema = z.object({ contact: ContactSchema });
export type ContactEvent = z.infer<typeof ContactEventSchema>;

// ---------------------------------------------------------------------------------------------
// Opt-out compliance (DESIGN §2)

/** A message that is exactly one of these (case, spaces and punctuation aside) opts out. */
export const OPT_OUT_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'REVOKE',
] as const;
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;

export const COMPLIANCE_LANGUAGES = ['en', 'de', 'fr', 'ar'] as const;
export const ComplianceLanguage = z.enum(COMPLIANCE_LANGUAGES);
export type ComplianceLanguage = z.infer<typeof ComplianceLanguage>;

export interface ComplianceTexts {
  optOutReply: string;
  optInReply: string;
  helpReply: string;
}

/** The default confirmation and help texts, in every language the app speaks. */
export const DEFAULT_COMPLIANCE_TEXTS: Record<ComplianceLanguage, ComplianceTexts> = {
  en: {
    optOutReply:
      'You have been unsubscribed and will receive no more messages from us. Reply START to subscribe again.',
    optInReply: 'You are subscribed again and will receive our messages. Reply STOP to unsubscribe.',
    helpReply: 'Reply STOP to unsubscribe, START to subscribe again. Message and data rates may apply.',
  },
  de: {
    optOutReply:
      'Sie wurden abgemeldet und erhalten keine Nachrichten mehr von uns. Antworten Sie START, um sich wieder anzumelden.',
    optInReply: 'Sie sind wieder angemeldet und erhalten unsere Nachrichten. Antworten Sie STOP, um sich abzumelden.',
    helpReply: 'Antworten Sie STOP zum Abmelden, START zum erneuten Anmelden. Es können Gebühren anfallen.',
  },
  fr: {
    optOutReply:
      'Vous êtes désinscrit et ne recevrez plus de messages de notre part. Répondez START pour vous réinscrire.',
    optInReply: 'Vous êtes de nouveau inscrit et recevrez nos messages. Répondez STOP pour vous désinscrire.',
    helpReply: 'Répondez STOP pour vous désinscrire, START pour vous réinscrire. Des frais peuvent s’appliquer.',
  },
  ar: {
    optOutReply: 'تم إلغاء اشتراكك ولن تتلقى رسائل أخرى منا. أرسل START للاشتراك مرة أخرى.',
    optInReply: 'تم تفعيل اشتراكك من جديد وستتلقى رسائلنا. أرسل STOP لإلغاء الاشتراك.',
    helpReply: 'أرسل STOP لإلغاء الاشتراك و START للاشتراك مرة أخرى. قد تُطبق رسوم الرسائل.',
  },
};

const complianceText = z
  .string()
  .trim()
  .min(1, 'The text is empty.')
  .max(MAX_MESSAGE_LENGTH, `A message has at most ${MAX_MESSAGE_LENGTH} characters.`);

/** GET /api/compliance: the workspace's three replies (stored, or the defaults of its language). */
export const ComplianceSettingsSchema = z.object({
  language: ComplianceLanguage.describe('The language of the default texts.'),
  optOutReply: z.string(),
  optInReply: z.string(),
  helpReply: z.string(),
  customised: z.object({ optOutReply: z.boolean(), optInReply: z.boolean(), helpReply: z.boolean() }),
});
export type ComplianceSettings = z.infer<typeof ComplianceSettingsSchema>;

/** PATCH /api/compliance: null resets a text to the default of the language. */
export const UpdateComplianceBodySchema = z
  .object({
    language: ComplianceLanguage.optional(),
    optOutReply: complianceText.nullable().optional(),
    optInReply: complianceText.nullable().optional(),
    helpReply: complianceText.nullable().optional(),
  })
  .strict();
export type UpdateComplianceBody = z.infer<typeof UpdateComplianceBodySchema>;

/** Which keyword a message is, if it is exactly one (see `OPT_OUT_KEYWORDS`). */
export type ComplianceKeyword = 'opt-out' | 'opt-in' | 'help';

/**
 * Reads a message as a compliance keyword: the whole message must be one keyword, ignoring case,
 * surrounding spaces, punctuation and symbols ("Stop." and " stop " are; "STOP please" is not).
 */
export function complianceKeywordOf(body: string): ComplianceKeyword | null {
  const word = body
    .normalize('NFKC')
    .replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '')
    .toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return 'opt-out';
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) return 'opt-in';
  if ((HELP_KEYWORDS as readonly string[]).includes(word)) return 'help';
  return null;
}
