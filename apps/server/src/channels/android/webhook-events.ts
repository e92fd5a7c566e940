import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { ChannelHost } from '../channel.js';
import { isUuid, phoneTime } from './phone-states.js';
import { OutboundStatusPayloadSchema, ReceivedSmsPayloadSchema } from './smsgate-schemas.js';

const OUTBOUND_STATES = { 'sms:sent': 'sent', 'sms:delivered': 'delivered', 'sms:failed': 'failed' } as const;

function payloadOf<T extends z.ZodType>(schema: T, event: string, payload: unknown): z.infer<T> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The ${event} payload is not valid.`,
      parsed.error.issues.map((issue) => ({ path: `payload.${issue.path.join('.')}`, message: issue.message })),
    );
  }
  return parsed.data;
}

/**
 * The provider id of an inbound SMS. The payload's `messageId` is a 32-bit hash of the text, so
 * the same text received twice has the same id; the envelope id changes when the phone re-emits its
 * inbox (export). `receivedAt` tells two receipts of one text apart and stays the same in retries
 * and exports; it is normalised to UTC because the phone writes it in its current time zone.
 */
function inboundProviderId(messageId: string, receivedAt: string): string {
  const time = new Date(receivedAt);
  return `${messageId}:${Number.isNaN(time.getTime()) ? receivedAt : time.toISOString()}`;
}

/** Hands one verified webhook event to the pipeline; resolves once it is stored. */
export async function applyWebhookEvent(
  host: ChannelHost,
  networkId: string,
  event: string,
  payload: unknown,
): Promise<void> {
  if (event === 'sms:received') {
    const sms = payloadOf(ReceivedSmsPayloadSchema, event, payload);
    const from = sms.sender ?? sms.phoneNumber;
    if (!from) throw new AppError('VALIDATION_FAILED', 'The sms:received payload names no sender.');
    await host.receiveInbound({
      networkId,
      from,
      body: sms.message,
      providerMessageId: inboundProviderId(sms.messageId, sms.receivedAt),
      receivedAt: phoneTime(sms.receivedAt),
    });
    return;
  }
  if (event === 'sms:sent' || event === 'sms:delivered' || event === 'sms:failed') {
    const status = payloadOf(OutboundStatusPayloadSchema, event, payload);
    if (!isUuid(status.messageId)) return;
    await host.applyStatus({
      networkId,
      messageId: status.messageId,
      state: OUTBOUND_STATES[event],
      errorText: event === 'sms:failed' ? (status.reason ?? 'Failed on the phone') : undefined,
      at: phoneTime(status.sentAt ?? status.deliveredAt ?? status.failedAt),
    });
  }
  // system:ping and events we do not subscribe to: the caller has recorded the sign of life.
}
