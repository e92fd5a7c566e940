import { CreateWebhookBodySchema, type CreateWebhookBody, type WebhookEventType } from '@switchboard/contract';
import type { DevelopersText } from '../developers-text';

/** The text key of each event's explanation (i18next reads `.` as a path separator). */
export const EVENT_TEXT = {
  'message.received': 'webhooks.events.message_received',
  'message.sent': 'webhooks.events.message_sent',
  'message.delivered': 'webhooks.events.message_delivered',
  'message.failed': 'webhooks.events.message_failed',
  'voice.received': 'webhooks.events.voice_received',
  'contact.opted_out': 'webhooks.events.contact_opted_out',
  'contact.opted_in': 'webhooks.events.contact_opted_in',
  'campaign.completed': 'webhooks.events.campaign_completed',
} as const satisfies Record<WebhookEventType, `webhooks.events.${string}`>;

export interface WebhookFormValues {
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
}

export const emptyWebhookForm: WebhookFormValues = { url: '', events: [], enabled: true };

type Checked =
  { ok: true; body: CreateWebhookBody } | { ok: false; errors: Partial<Record<keyof WebhookFormValues, string>> };

/** A whole http(s) address; the server decides the rest (https only, no private addresses). */
function isWebAddress(value: string): boolean {
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The form checked with the contract's schema (the server's own), its failures in the user's words. */
export function checkWebhookForm(values: WebhookFormValues, t: DevelopersText): Checked {
  const parsed = CreateWebhookBodySchema.safeParse(values);
  const errors: Partial<Record<keyof WebhookFormValues, string>> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    if (issue.path[0] === 'url') errors.url = t('webhooks.form.urlRequired');
    if (issue.path[0] === 'events') errors.events = t('webhooks.form.eventsRequired');
  }
  if (!errors.url && !isWebAddress(values.url.trim())) errors.url = t('webhooks.form.urlInvalid');
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
