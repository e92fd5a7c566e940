import type { Campaign, CampaignRecipient, CampaignReview, ContactList, Network, Usage } from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import { expectErrorBody, eventually } from '../helpers/expectations.js';
import { createTestApp, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

// The state machine through the routes against the running sandbox network: quota refusal,
// pause (no claims), resume, cancel (quota given back), retry failed, a schedule started once,
// the recipients' filters and the CSV export.
describe('a campaign’s life through the API', () => {
  let t: TestApp;
  let admin: SignedIn;
  let sandbox: Network;
  let lists = 0;

  const call = (method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: admin.authorization, payload: payload as object });
  const campaignOf = (response: { json<T>(): T }) => response.json<{ campaign: Campaign }>().campaign;
  const read = async (id: string) => campaignOf(await call('GET', `/api/campaigns/${id}`));
  const usage = async () => (await call('GET', '/api/usage')).json<Usage>();
  const recipients = async (id: string, query = '') => {
    const response = await call('GET', `/api/campaigns/${id}/recipients?limit=500${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ recipients: CampaignRecipient[] }>().recipients;
  };
  /** A list of `numbers` (names "Person 1" …) and a draft to it. */
  const campaignTo = async (numbers: string[], body: object = {}) => {
    const list = (await call('POST', '/api/contact-lists', { name: `List ${++lists}` })).json<{ list: ContactList }>()
      .list;
    for (const [index, phoneNumber] of numbers.entries()) {
      const response = await call('POST', '/api/contacts', {
        phoneNumber,
        name: `Person ${index + 1}`,
        listIds: [list.id],
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const response = await call('POST', '/api/campaigns', {
      name: `Campaign ${lists}`,
      networkIds: [sandbox.id],
      audience: { listIds: [list.id] },
      body: 'Hello {name}',
      ratePerSecond: 1,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return campaignOf(response);
  };
  const act = async (id: string, action: string) => {
    const response = await call('POST', `/api/campaigns/${id}/${action}`);
    expect(response.statusCode, response.body).toBe(200);
    return campaignOf(response);
  };
  const numbers = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => `+4915123${String(from + i).padStart(6, '0')}`);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await register(t.app, 'owner@campaign-life.example', 'Owner');
    sandbox = (await call('GET', '/api/networks')).json<{ networks: Network[] }>().networks[0]!;
  });
  afterAll(() => t.close());

  it('refuses to start with 402 when the quota cannot cover it, and books and queues nothing', async () => {
    // 11 segments each (1,600 GSM-7 characters) × 91 recipients = 1,001 > Starter's 1,000.
    const campaign = await campaignTo(numbers(1, 91), { body: `{name} ${'x'.repeat(1590)}`, ratePerSecond: 50 });
    const review = (await call('POST', `/api/campaigns/${campaign.id}/review`, {})).json<CampaignReview>();
    expect(review).toMatchObject({ recipients: 91, totalSegments: 1001, quota: { remaining: 1000, after: -1 } });
    expect(review.problems.map((p) => p.code)).toEqual(['QUOTA_EXCEEDED']);

    const refused = await call('POST', `/api/campaigns/${campaign.id}/start`);
    expectErrorBody(refused, 402, 'QUOTA_EXCEEDED');
    expect(refused.json()).toMatchObject({ remaining: 1000, needed: 1001 });
    expect((await usage()).used).toBe(0);
    expect(await read(campaign.id)).toMatchObject({ state: 'draft', counts: { recipients: 0 } });
    expect(await recipients(campaign.id)).toEqual([]);
    expect((await call('DELETE', `/api/campaigns/${campaign.id}`)).statusCode).toBe(204);
  });

  it('starts exactly once when several starts race', async () => {
    const campaign = await campaignTo(numbers(600, 4), { ratePerSecond: 20 });
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `/api/campaigns/${campaign.id}/start`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const [row] = await queryRows<{ n: number }>(
      t.app.database.db,
      sql`select count(*)::int as n from messages where campaign_id = ${campaign.id}`,
    );
    expect(row!.n).toBe(4);
    expect((await read(campaign.id)).counts.segments).toBe(4);
  });

  it('pauses: the claim skips its due messages; resume sends the rest', async () => {
    const campaign = await campaignTo(numbers(100, 6));
    await act(campaign.id, 'start');
    const paused = await act(campaign.id, 'pause');
    expect(paused.state).toBe('paused');
    expectErrorBody(await call('POST', `/api/campaigns/${campaign.id}/pause`), 409, 'CAMPAIGN_STATE_CONFLICT');
    // Once every message is due (1 a second), a claim on the network still takes none of them.
    const started = Date.parse(paused.startedAt!);
    await eventually(async () => Date.now() > started + 6_000, 'every message is due');
    await eventually(async () => (await read(campaign.id)).counts.sending === 0, 'nothing is being sent');
    const { messages: claimed } = await t.app.services.messaging.outboundQueue.claim(sandbox.id, 50, 30);
    expect(claimed.filter((m) => m.campaignId === campaign.id)).toEqual([]);
    const before = await read(campaign.id);
    expect(before.counts.queued).toBeGreaterThanOrEqual(1);
    expect(before.counts.queued + before.counts.sent + before.counts.delivered).toBe(6);
    // A message still in the queue is in no thread yet, and made none for its contact, even one a
    // dispatcher claimed just before the pause and gave back.
    const waiting = await recipients(campaign.id, '&state=queued');
    expect(waiting.length).toBe(before.counts.queued);
    expect(waiting.map((r) => r.conversationId)).toEqual(waiting.map(() => null));
    const threadsOfWaiting = await queryRows<{ n: number }>(
      t.app.database.db,
      sql`select count(*)::int as n from conversations
        where contact_id = any(${`{${waiting.map((r) => r.contactId).join(',')}}`}::uuid[])`,
    );
    expect(threadsOfWaiting[0]!.n).toBe(0);

    await act(campaign.id, 'resume');
    await eventually(async () => (await read(campaign.id)).state === 'completed', 'the campaign completed');
    const sent = await recipients(campaign.id);
    expect(sent.every((r) => ['sent', 'delivered'].includes(r.state))).toBe(true);
    // Sent, each joined its contact's thread, which shows it as its newest message.
    for (const recipient of sent) {
      expect(recipient.conversationId).not.toBeNull();
      const thread = await call('GET', `/api/conversations/${recipient.conversationId}/messages`);
      expect(thread.statusCode, thread.body).toBe(200);
      expect(thread.json<{ messages: { id: string }[] }>().messages.map((m) => m.id)).toContain(recipient.messageId);
      const { conversation } = (await call('GET', `/api/conversations/${recipient.conversationId}`)).json<{
        conversation: { lastMessagePreview: string; contact: { id: string } };
      }>();
      expect(conversation).toMatchObject({ lastMessagePreview: recipient.body, contact: { id: recipient.contactId } });
    }
    // Sending moved each recipient's "last message" in the contact book (the start did not).
    for (const recipient of sent) {
      const contact = (await call('GET', `/api/contacts/${recipient.contactId}`)).json<{
        contact: { lastMessageAt: string | null };
      }>().contact;
      expect(Date.parse(contact.lastMessageAt ?? '0')).toBeGreaterThanOrEqual(Date.parse(paused.startedAt!));
    }
  });

  it('cancels: what was not sent is cancelled and its segments are given back', async () => {
    const before = (await usage()).used;
    const campaign = await campaignTo(numbers(200, 5));
    expect((await act(campaign.id, 'start')).counts.segments).toBe(5);
    const cancelled = await act(campaign.id, 'cancel');
    expect(cancelled.state).toBe('cancelled');
    expectErrorBody(await call('POST', `/api/campaigns/${campaign.id}/resume`), 409, 'CAMPAIGN_STATE_CONFLICT');
    await eventually(async () => {
      const { counts } = await read(campaign.id);
      return counts.queued + counts.sending === 0;
    }, 'nothing waits or is being sent');
    const { counts } = await read(campaign.id);
    expect(counts.cancelled).toBeGreaterThanOrEqual(1);
    expect(counts.cancelled + counts.sent + counts.delivered).toBe(5);
    expect((await usage()).used - before).toBe(counts.segments);
    const cancelledOnes = await recipients(campaign.id, '&state=cancelled');
    expect(cancelledOnes.length).toBe(counts.cancelled);
    // Never sent, never in a thread.
    expect(cancelledOnes.every((r) => r.conversationId === null)).toBe(true);
  });

  it('retries failed messages: back to the queue, booked again, sent', async () => {
    const before = (await usage()).used;
    const campaign = await campaignTo(numbers(300, 3));
    await act(campaign.id, 'start');
    await act(campaign.id, 'pause');
    await eventually(async () => (await read(campaign.id)).counts.sending === 0, 'nothing is being sent');
    const waiting = await recipients(campaign.id, '&state=queued');
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    for (const r of waiting)
      await t.app.services.messaging.outboundQueue.markFailed(r.messageId, 'X', 'a test failure');
    expect((await read(campaign.id)).counts.failed).toBe(waiting.length);
    expect((await usage()).used - before).toBe(3 - waiting.length);

    const retried = await act(campaign.id, 'retry-failed');
    // (The dispatcher may already be sending them by the time the answer counts.)
    expect(retried).toMatchObject({ state: 'sending', counts: { failed: 0, recipients: 3 } });
    expect((await usage()).used - before).toBe(3);
    await eventually(async () => (await read(campaign.id)).state === 'completed', 'the campaign completed');
    expect((await read(campaign.id)).counts.failed).toBe(0);
  });

  it('starts a scheduled campaign once, however many tickers and starts race for it', async () => {
    const sendAt = new Date(Date.now() + 4_000).toISOString();
    const campaign = await campaignTo(numbers(400, 3), {
      schedule: { sendAt, timeZone: 'Europe/Berlin' },
      ratePerSecond: 20,
    });
    expect((await act(campaign.id, 'start')).state).toBe('scheduled');
    expect((await act(campaign.id, 'unschedule')).state).toBe('draft');
    expect((await act(campaign.id, 'start')).state).toBe('scheduled');
    await eventually(async () => Date.now() > Date.parse(sendAt), 'the time came');
    const ticker = t.app.services.campaigns.ticker;
    const answers = await Promise.all([
      ticker.tick(),
      call('POST', `/api/campaigns/${campaign.id}/start`),
      ticker.tick(),
      call('POST', `/api/campaigns/${campaign.id}/start`),
    ]);
    const starts = answers.filter((a) => a && typeof a === 'object' && 'statusCode' in a) as Array<{
      statusCode: number;
    }>;
    expect(starts.every((s) => s.statusCode === 200 || s.statusCode === 409)).toBe(true);
    await eventually(async () => (await read(campaign.id)).state === 'completed', 'the campaign completed');
    const [row] = await queryRows<{ n: number }>(
      t.app.database.db,
      sql`select count(*)::int as n from messages where campaign_id = ${campaign.id}`,
    );
    expect(row!.n).toBe(3);
  });

  it('spreads a campaign over two networks in proportion to their shares, each message queued on its own', async () => {
    const network = async (name: string, throughput: number) => {
      const created = await call('POST', '/api/networks', { kind: 'sandbox', name });
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json<{ network: Network }>().network;
      const patched = await call('PATCH', `/api/networks/${id}`, { throughput });
      expect(patched.statusCode, patched.body).toBe(200);
      return id;
    };
    const first = await network('First line', 2);
    const second = await network('Second line', 1);
    // 3 a second: the first line's 2, then 1 on the second.
    const campaign = await campaignTo(numbers(700, 6), { networkIds: [first, second], ratePerSecond: 3 });
    await act(campaign.id, 'start');
    await act(campaign.id, 'pause');
    const perNetwork = await queryRows<{ network_id: string; n: number }>(
      t.app.database.db,
      sql`select network_id, count(*)::int as n from messages where campaign_id = ${campaign.id} group by network_id`,
    );
    expect(Object.fromEntries(perNetwork.map((row) => [row.network_id, row.n]))).toEqual({ [first]: 4, [second]: 2 });
    expect((await recipients(campaign.id)).map((r) => r.networkId).sort()).toEqual(
      [first, first, first, first, second, second].sort(),
    );
    await act(campaign.id, 'cancel');
  });

  it('filters recipients by state, reply, opt-out and search, and exports them with formulas escaped', async () => {
    const [first, second, third] = numbers(500, 3) as [string, string, string];
    const campaign = await campaignTo([first, second, third], { ratePerSecond: 20, body: '=1+1 {name}' });
    await act(campaign.id, 'start');
    await eventually(async () => (await read(campaign.id)).state === 'completed', 'the campaign completed');
    await eventually(
      async () => (await recipients(campaign.id, '&state=delivered')).length === 3,
      'every message was delivered',
    );
    for (const [from, body] of [
      [first, 'Thanks!'],
      [second, 'STOP'],
    ])
      expect((await call('POST', `/api/networks/${sandbox.id}/sandbox/messages`, { from, body })).statusCode).toBe(201);

    const replied = await recipients(campaign.id, '&replied=true');
    expect(replied.map((r) => [r.phoneNumber, r.reply?.body])).toEqual([
      [first, 'Thanks!'],
      [second, 'STOP'],
    ]);
    expect((await recipients(campaign.id, '&replied=false')).map((r) => r.phoneNumber)).toEqual([third]);
    const optedOut = await recipients(campaign.id, '&optedOut=true');
    expect(optedOut.map((r) => r.phoneNumber)).toEqual([second]);
    expect(optedOut[0]!.optedOutAt).not.toBeNull();
    expect((await recipients(campaign.id, '&q=person 3')).map((r) => r.phoneNumber)).toEqual([third]);
    await eventually(async () => (await read(campaign.id)).counts.optedOut === 1, 'the opt-out is counted');
    expect((await read(campaign.id)).counts).toMatchObject({ replied: 2, optedOut: 1, delivered: 3 });

    const csv = await call('GET', `/api/campaigns/${campaign.id}/recipients/export?optedOut=false`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('number,name,state,segments,error,sent_at,delivered_at,opted_out_at,reply,replied_at,text');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^'\\${first},Person 1,delivered,1,`));
    expect(lines[1]).toContain(",'=1+1 Person 1");
  });
});
