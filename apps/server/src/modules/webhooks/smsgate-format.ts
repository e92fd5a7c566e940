import { createHmac, randomUUID } from 'node:crypto';
import type { ApiMessage, SmsgateWebhookEvent, WebhookEventType } from '@switchboard/contract';
import { SMSGATE_EVENT_SOURCES, WEBHOOK_TEST_EVENT } from '@switchboard/contract';
import type { WebhookFormatter } from './webhook-formats.js';
import type { WebhookEvent } from './webhook-outbox.js';

/** The SMSGate event name each Switchboard event is sent as. */
const SMSGATE_NAME = new Map(
  Object.entries(SMSGATE_EVENT_SOURCES).map(([smsgate, switchboard]) => [switchboard, smsgate as SmsgateWebhookEvent]),
);

export interface SmsgateFormatDeps {
  /** The key that signs the workspace's SMSGate webhooks. */
  signingKey(workspaceId: string): Promise<string>;
  /** The network's own address (its number or sender id), the SMS's sender or recipient on our side. */
  networkAddress(workspaceId: string, networkId: string): Promise<string | null>;
}

/** `X-Signature`: lower-case hex HMAC-SHA256 of the raw body followed by the `X-Timestamp` string. */
export function smsgateSignature(key: string, body: string, timestamp: string): string {
  return createHmac('sha256', key)
    .update(body + timestamp)
    .digest('hex');
}

/** SMSGate's JSON omits null fields. */
const withoutNulls = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined));

/**
 * The payload of smsgate.md §3 for one of our messages: inbound, the remote party is the sender
 * and our network's address the recipient; outbound the other way round. `simNumber` is left out:
 * Switchboard does not record which SIM a phone used. `phoneNumber` (deprecated) is the remote party.
 */
export function smsgatePayload(
  event: SmsgateWebhookEvent,
  message: ApiMessage,
  messageId: string,
  ownAddress: string | null,
): Record<string, unknown> {
  const inbound = message.direction === 'in';
  const common = {
    messageId,
    sender: inbound ? message.phoneNumber : ownAddress,
    recipient: inbound ? ownAddress : message.phoneNumber,
    phoneNumber: message.phoneNumber,
  };
  switch (event) {
    case 'sms:received':
      return withoutNulls({ ...common, message: message.body, receivedAt: message.receivedAt ?? message.createdAt });
    case 'sms:sent':
      return withoutNulls({ ...common, partsCount: message.segments, sentAt: message.sentAt });
    case 'sms:delivered':
      return withoutNulls({ ...common, deliveredAt: message.deliveredAt });
    default: {
      const reason = message.errorText ?? message.errorCode ?? 'failed';
      // `reason` is the app's name; the JS client's types call it `error`: both, the same text.
      return withoutNulls({ ...common, failedAt: message.failedAt, reason, error: reason });
    }
  }
}

/**
 * SMSGate's webhook format (smsgate.md §3): `{ id, webhookId, deviceId, event, payload }`, one
 * envelope id per endpoint and event (stable across retries: the body is stored as sent), signed
 * with the workspace's SMSGate key in `X-Signature` over body + `X-Timestamp`. `deviceId` is the
 * message's network id (an Android network's is its SMSGate device id; other networks' are sent
 * the same way). The test event goes out as `system:ping` with a passing health.
 */
export function smsgateFormat(deps: SmsgateFormatDeps): WebhookFormatter {
  async function content(workspaceId: string, event: WebhookEvent) {
    if (event.type === WEBHOOK_TEST_EVENT)
      return { name: 'system:ping', payload: { health: { status: 'pass', checks: {} } } };
    const name = SMSGATE_NAME.get(event.type as WebhookEventType);
    const message = (event.data as { message?: ApiMessage | null }).message;
    if (!name || !message) return null;
    const ownAddress = await deps.networkAddress(workspaceId, message.networkId);
    // Sent through /api/3rdparty/v1: the SMSGate message id its client knows (smsgate-api puts it
    // in the metadata of each recipient's message); else ours.
    const messageId = message.metadata?.smsgateId ?? message.id;
    return { name, payload: smsgatePayload(name, message, messageId, ownAddress) };
  }

  return {
    async prepare(workspaceId, event) {
      const found = await content(workspaceId, event);
      if (!found) return null;
      return (target) => {
        const eventId = randomUUID();
        const envelope = {
          id: eventId,
          webhookId: target.smsgateId ?? target.id,
          deviceId: event.networkId ?? null,
          event: found.name,
          payload: found.payload,
        };
        return {
          eventId,
          eventType: event.type === WEBHOOK_TEST_EVENT ? event.type : found.name,
          body: JSON.stringify(envelope),
        };
      };
    },
    async headers(delivery, endpoint, at) {
      const timestamp = String(Math.floor(at.getTime() / 1000));
      return {
        'user-agent': 'Switchboard-Webhooks/1 (SMSGate format)',
        'x-timestamp': timestamp,
        'x-signature': smsgateSignature(await deps.signingKey(endpoint.workspaceId), delivery.body, timestamp),
      };
    },
  };
}
