import type {
  AutoReplyRuleList,
  Campaign,
  ConversationListResponse,
  RecordingUrlResponse,
  ThreadResponse,
  VoiceMessageListResponse,
} from '@switchboard/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/seed/demo-seed.js';
import { createTestApp, login, type SignedIn, type TestApp } from '../helpers/test-app.js';

describe('the demo inbox (DEMO_SEED)', () => {
  let t: TestApp;
  let filesDir: string;
  let admin: SignedIn;

  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), 'sb-voice-demo-'));
    t = await createTestApp({ DEMO_SEED: '1', FILES_DIR: filesDir });
    admin = await login(t.app, 'admin@demo.com', DEMO_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  it('holds two playable voice messages, one of them not listened to yet', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/voice-messages', headers: admin.authorization });
    const { voiceMessages } = response.json<VoiceMessageListResponse>();
    expect(voiceMessages.map((m) => [m.contact.phoneNumber, m.listened])).toEqual([
      ['+14155550123', false],
      ['+442079460958', true],
    ]);
    expect(voiceMessages[0]!.transcript).toMatch(/Bay Plumbing/);
    for (const message of voiceMessages) {
      expect(message).toMatchObject({ contentType: 'audio/wav', durationSeconds: expect.any(Number) as number });
      expect(message.durationSeconds).toBeGreaterThan(2);
      const link = await t.app.inject({
        method: 'GET',
        url: `/api/voice-messages/${message.id}/recording-url`,
        headers: admin.authorization,
      });
      const audio = await t.app.inject({ method: 'GET', url: link.json<RecordingUrlResponse>().url });
      expect(audio.statusCode).toBe(200);
      expect(audio.rawPayload.length).toBe(message.sizeBytes);
      expect(audio.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    }
  });

  it('holds SMS threads made through the pipeline: names, unread ones, a reply, an opted-out STOP', async () => {
    const get = <T>(url: string) =>
      t.app.inject({ method: 'GET', url, headers: admin.authorization }).then((r) => r.json<T>());
    const { conversations } = await get<ConversationListResponse>('/api/conversations');
    // Newest activity first: Jonas's reply to the campaign, the campaign's two other threads (sent
    // at its rate, sometimes in one claim: their order may tie), the STOP confirmation and the
    // reply that went out at the start.
    const numbers = conversations.map((c) => c.contact.phoneNumber);
    expect([numbers[0], new Set(numbers.slice(1, 3)), ...numbers.slice(3)]).toEqual([
      '+4930123456',
      new Set(['+971501234567', '+33612345678']),
      '+16175550148',
      '+14155550123',
    ]);
    const byNumber = (number: string) => conversations.find((c) => c.contact.phoneNumber === number);
    const [stop, maria, sara, french] = ['+16175550148', '+14155550123', '+971501234567', '+33612345678'].map(byNumber);
    expect(sara!.contact.name).toBe('سارة');
    // Its two texts; the campaign's message is the workspace's own.
    expect(french!.unreadCount).toBe(2);
    expect(maria).toMatchObject({ unreadCount: 0, contact: { name: 'Maria Lopez', tags: ['supplier', 'invoice'] } });
    expect(stop!.contact.optedOutAt).not.toBeNull();
    const stopThread = await get<ThreadResponse>(`/api/conversations/${stop!.id}/messages`);
    expect(stopThread.messages.map((m) => [m.direction, m.origin])).toEqual([
      ['out', 'auto-reply'],
      ['in', null],
    ]);
    const mariaThread = await get<ThreadResponse>(`/api/conversations/${maria!.id}/messages`);
    expect(mariaThread.messages.map((m) => [m.direction, m.origin])).toEqual([
      ['out', 'reply'],
      ['in', null],
    ]);
  });

  it('holds a completed campaign to the customers, delivered, with one reply in its thread', async () => {
    const get = <T>(url: string) =>
      t.app.inject({ method: 'GET', url, headers: admin.authorization }).then((r) => r.json<T>());
    const { campaigns } = await get<{ campaigns: Campaign[] }>('/api/campaigns');
    expect(campaigns).toHaveLength(1);
    const campaign = campaigns[0]!;
    expect(campaign).toMatchObject({
      name: 'Spring sale',
      state: 'completed',
      body: expect.stringContaining('{name|there}') as string,
      createdBy: { name: 'Demo Admin' },
      // The STOP sender was left out.
      exclusions: { optedOut: 1 },
      counts: { recipients: 3, queued: 0, sending: 0, failed: 0, replied: 1 },
    });
    expect(campaign.counts.sent + campaign.counts.delivered).toBe(3);

    const { conversations } = await get<ConversationListResponse>('/api/conversations');
    const jonas = conversations.find((c) => c.contact.phoneNumber === '+4930123456')!;
    const thread = await get<ThreadResponse>(`/api/conversations/${jonas.id}/messages`);
    expect(thread.messages.map((m) => [m.direction, m.campaignId, m.body.split(',')[0]])).toEqual([
      ['in', null, 'Gilt das auch im Laden am Samstag?'],
      ['out', campaign.id, 'Hi Jonas Weber'],
      ['in', null, 'Haben Sie am Samstag geöffnet?'],
    ]);
    expect(thread.campaigns).toEqual([{ id: campaign.id, name: 'Spring sale' }]);
  });

  it('holds auto-reply rules that answer the sandbox phone, the after-hours one switched off', async () => {
    const get = <T>(url: string) =>
      t.app.inject({ method: 'GET', url, headers: admin.authorization }).then((r) => r.json<T>());
    const { rules } = await get<AutoReplyRuleList>('/api/auto-reply/rules');
    expect(rules.map((r) => [r.name, r.enabled, r.trigger.type])).toEqual([
      ['Prices', true, 'keyword'],
      ['Opening hours', true, 'keyword'],
      ['After hours', false, 'outside-hours'],
    ]);
    // The seeded threads were written before the rules: none of them got a rule's answer.
    expect(rules.every((r) => r.firedCount === 0)).toBe(true);
  });
});
