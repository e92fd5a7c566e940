import { CreateAutoReplyRuleBodySchema, type CreateAutoReplyRuleBody } from '@switchboard/contract';
import type { AutoReplyService } from '../modules/auto-reply/auto-reply.service.js';

/** Monday to Friday 9–17, Saturday 10–14, Sunday closed. */
const SHOP_HOURS = [0, 1, 2, 3, 4, 5, 6].map((day) =>
  day < 5 ? [{ start: '09:00', end: '17:00' }] : day === 5 ? [{ start: '10:00', end: '14:00' }] : [],
);

/**
 * The Demo workspace's rules: two keyword replies that answer at once, and an after-hours reply
 * left switched off (it would answer every text outside its hours; a person turns it on).
 */
const DEMO_RULES: CreateAutoReplyRuleBody[] = [
  {
    name: 'Prices',
    trigger: { type: 'keyword', match: 'first-word', keywords: ['price', 'prices', 'preis', 'prix', 'precio', 'سعر'] },
    replyText: 'Hi {name}, our price list is at example.com/prices. Reply STOP to opt out.',
    cooldownMinutes: 60,
    timeZone: 'America/Los_Angeles',
  },
  {
    name: 'Opening hours',
    trigger: { type: 'keyword', match: 'exact', keywords: ['hours', 'opening hours', 'öffnungszeiten', 'horaires'] },
    replyText: 'We are open Mon–Fri 9:00–17:00 and Sat 10:00–14:00 (Pacific time).',
    cooldownMinutes: 30,
    timeZone: 'America/Los_Angeles',
  },
  {
    name: 'After hours',
    enabled: false,
    trigger: { type: 'outside-hours', schedule: SHOP_HOURS, holidays: ['2026-12-25', '2027-01-01'] },
    replyText:
      'Thanks {name}! We are closed now and answer your message when we open (Mon–Fri 9–17, Sat 10–14, Pacific time).',
    cooldownMinutes: 240,
    timeZone: 'America/Los_Angeles',
  },
];

/** Adds the demo rules after the demo conversations, so the seeded threads stay as they are. */
export async function seedDemoAutoReplies(autoReply: AutoReplyService, workspaceId: string): Promise<void> {
  for (const rule of DEMO_RULES) await autoReply.create(workspaceId, CreateAutoReplyRuleBodySchema.parse(rule));
}
