import type { ApiMessage, ConsentEvent } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { webhookEventOf, type WebhookEventSources } from '../../src/modules/webhooks/webhook-events.js';

const NOW = new Date('2026-11-26T12:00:00Z');
let consent: ConsentEvent | undefined;
/** The message as a read after the event finds it: already delivered. */
const readLater = (id: string): ApiMessage => ({
  id,
  direction: 'out',
  state: 'delivered',
  phoneNumber: '+12025550100',
  networkId: 'n1',
  body: 'Hi',
  encoding: 'GSM-7',
  segments: 1,
  metadata: null,
  errorCode: null,
  errorText: null,
  createdAt: '2026-11-26T11:59:00.000Z',
  sentAt: '2026-11-26T11:59:01.000Z',
  deliveredAt: '2026-11-26T11:59:02.000Z',
  failedAt: null,
  receivedAt: null,
});
const sources: WebhookEventSources = {
  apiMessage: async (_workspaceId, id) => readLater(id),
  latestConsent: async () => consent,
  now: () => NOW,
};
const of = (event: Parameters<typeof webhookEventOf>[0], payload: unknown) =>
  webhookEventOf(event, payload, sources, 'workspace-1');
const contact = (optedOutAt: string | null) => ({
  contact: { id: 'c1', phoneNumber: '+12025550100', name: 'Ada', tags: ['vip'], optedOutAt },
});
const change = (optedOut: boolean, createdAt: string): ConsentEvent => ({
  id: `change-${createdAt}`,
  optedOut,
  source: 'admin',
  messageId: null,
  messageBody: null,
  userId: null,
  userName: null,
  createdAt,
});

describe('which webhook event a socket event announces', () => {
  it('maps messages by direction and state, keyed by message and type, each as it was at its state', async () => {
    const message = (direction: string, state: string) => ({ message: { id: 'm1', direction, state } });
    expect(of('message.created', message('in', 'received'))!.types).toEqual(['message.received']);
    expect(of('message.created', message('out', 'queued'))).toBeNull();
    expect(of('message.updated', message('out', 'sending'))).toBeNull();
    const sentAt = '2026-11-26T11:59:01.000Z';
    const at = {
      sent: { sentAt, deliveredAt: null, failedAt: null, errorCode: null, errorText: null },
      delivered: { sentAt, deliveredAt: '2026-11-26T11:59:02.000Z', failedAt: null, errorCode: null, errorText: null },
      failed: { sentAt: null, deliveredAt: null, failedAt: sentAt, errorCode: '8', errorText: 'Rejected' },
    };
    for (const state of ['sent', 'delivered', 'failed'] as const) {
      const pending = of('message.updated', { message: { id: 'm1', direction: 'out', state, ...at[state] } })!;
      // Read after the event, the message is already delivered: the webhook tells of the state it announces.
      expect(await pending.resolve()).toEqual({
        type: `message.${state}`,
        key: `message.${state}:m1`,
        data: { message: { ...readLater('m1'), state, ...at[state] } },
      });
    }
    expect(await of('message.created', message('in', 'received'))!.resolve()).toMatchObject({
      data: { message: readLater('m1') },
    });
  });

  it('maps a voice message to its public fields only', async () => {
    const voiceMessage = {
      id: 'v1',
      networkId: 'n1',
      conversationId: 'conv-1',
      contact: { id: 'c1', phoneNumber: '+12025550100', name: null, tags: [], optedOutAt: null },
      durationSeconds: 12,
      transcript: null,
      contentType: 'audio/mpeg',
      sizeBytes: 1000,
      listened: false,
      listenedAt: null,
      createdAt: NOW.toISOString(),
    };
    const resolved = await of('voice-message.created', { voiceMessage })!.resolve();
    expect(resolved).toMatchObject({ type: 'voice.received', key: 'voice.received:v1' });
    expect(resolved!.data).toEqual({
      voiceMessage: {
        id: 'v1',
        networkId: 'n1',
        phoneNumber: '+12025550100',
        durationSeconds: 12,
        transcript: null,
        contentType: 'audio/mpeg',
        createdAt: NOW.toISOString(),
      },
    });
    expect(of('voice-message.updated', { voiceMessage })).toBeNull();
  });

  it('recognises an opt-out or opt-in by the fresh consent change that agrees with the contact', async () => {
    consent = change(true, '2026-11-26T11:59:50Z');
    expect(await of('contact.updated', contact('2026-11-26T11:59:50Z'))!.resolve()).toMatchObject({
      type: 'contact.opted_out',
      key: 'contact.opted_out:change-2026-11-26T11:59:50Z',
      data: { contact: { id: 'c1', optedOutAt: '2026-11-26T11:59:50Z' }, source: 'admin' },
    });
    consent = change(false, '2026-11-26T11:59:55Z');
    expect((await of('contact.updated', contact(null))!.resolve())!.type).toBe('contact.opted_in');
    // A name edit long after the change, or a change that does not agree with the state: no event.
    consent = change(false, '2026-11-20T00:00:00Z');
    expect(await of('contact.updated', contact(null))!.resolve()).toBeNull();
    consent = change(true, '2026-11-26T11:59:58Z');
    expect(await of('contact.updated', contact(null))!.resolve()).toBeNull();
    consent = undefined;
    expect(await of('contact.updated', contact(null))!.resolve()).toBeNull();
  });

  it('announces a campaign once it completed', async () => {
    const campaign = (state: string) => ({
      campaign: { id: 'k1', name: 'Sale', state, counts: { sent: 2 }, startedAt: null, finishedAt: null },
    });
    expect(of('campaign.updated', campaign('sending'))).toBeNull();
    expect(await of('campaign.updated', campaign('completed'))!.resolve()).toMatchObject({
      type: 'campaign.completed',
      key: 'campaign.completed:k1',
    });
    expect(of('campaign.progress', {})).toBeNull();
  });
});
