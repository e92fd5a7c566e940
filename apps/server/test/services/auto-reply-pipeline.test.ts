import {
  CreateAutoReplyRuleBodySchema,
  CreateNetworkBodySchema,
  UpdateAutoReplyRuleBodySchema,
  type AutoReplyRule,
  type CreateAutoReplyRuleBody,
} from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import { createTestServices, type TestServices } from '../helpers/test-services.js';

/** Business hours Monday to Friday, one range a day. */
const weekdays = (start: string, end: string) => [0, 1, 2, 3, 4, 5, 6].map((d) => (d < 5 ? [{ start, end }] : []));

describe('auto-replies in the inbound pipeline', () => {
  let t: TestServices;
  let workspaceId: string;
  let sandbox: { id: string; address: string };
  let secondId: string;
  let secondAddress: string;
  let sender = 0;
  /** A fresh US number per call, so no test inherits another's cooldown or hourly count. */
  const nextSender = () => `+1415555${String(2000 + ++sender).padStart(4, '0')}`;

  beforeAll(async () => {
    t = await createTestServices();
    ({ workspaceId, sandbox } = await t.workspace('Owner'));
    const second = await t.services.networks.create(
      workspaceId,
      CreateNetworkBodySchema.parse({ kind: 'sandbox', name: 'Second line' }),
    );
    ({ id: secondId, address: secondAddress } = second.network);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    // Each test starts with no rules and the default hourly limit.
    const rules = await t.services.autoReply.list(workspaceId);
    for (const rule of rules) await t.services.autoReply.remove(workspaceId, rule.id);
    await t.services.autoReply.updateSettings(workspaceId, { hourlyLimit: 5 });
  });

  /** A rule as the API creates it: the body read through the contract (defaults filled in). */
  const rule = (body: CreateAutoReplyRuleBody): Promise<AutoReplyRule> =>
    t.services.autoReply.create(workspaceId, CreateAutoReplyRuleBodySchema.parse(body));
  const text = (from: string, body: string, options: { networkId?: string; receivedAt?: Date } = {}) =>
    t.receive(options.networkId ?? sandbox.id, from, body, options.receivedAt);
  /** The auto-replies stored for a number, oldest first. */
  const autoRepliesTo = (number: string) =>
    queryRows<{ body: string; network_id: string }>(
      t.db,
      sql`select m.body, m.network_id from messages m join contacts c on c.id = m.contact_id
        where c.phone_number = ${number} and m.direction = 'out' and m.origin = 'auto-reply'
        order by m.created_at`,
    ).then((rows) => rows.map((r) => r.body));
  const price: Pick<CreateAutoReplyRuleBody, 'name' | 'trigger'> = {
    name: 'Prices',
    trigger: { type: 'keyword', match: 'exact', keywords: ['PRICE'] },
  };

  it('answers a keyword with the filled-in reply, records the firing and counts it on the rule', async () => {
    const prices = await rule({ ...price, replyText: 'Prices for {number} ({keyword}) on {network}' });
    const from = nextSender();
    await text(from, '  price?! ');
    expect(await autoRepliesTo(from)).toEqual([`Prices for ${from} (PRICE) on Sandbox`]);
    const [firing] = await queryRows<{ rule_id: string; inbound_body: string; reply_body: string }>(
      t.db,
      sql`select f.rule_id, i.body as inbound_body, r.body as reply_body from auto_reply_firings f
        join messages i on i.id = f.inbound_message_id join messages r on r.id = f.reply_message_id
        join contacts c on c.id = f.contact_id where c.phone_number = ${from}`,
    );
    expect(firing).toEqual({
      rule_id: prices.id,
      inbound_body: '  price?! ',
      reply_body: expect.stringContaining(from),
    });
    const after = await t.services.autoReply.get(workspaceId, prices.id);
    expect(after.firedCount).toBe(1);
    expect(after.lastFiredAt).not.toBeNull();
    await t.events.waitFor(workspaceId, 'auto-reply.fired', (e) => e.ruleId === prices.id);
    expect(t.events.of(workspaceId, 'auto-reply.fired').at(-1)).toEqual({
      ruleId: prices.id,
      firedCount: 1,
      lastFiredAt: after.lastFiredAt,
    });
  });

  it('respects the cooldown per contact and rule; other contacts are answered meanwhile', async () => {
    const prices = await rule({ ...price, replyText: 'Our prices', cooldownMinutes: 30 });
    const first = nextSender();
    const other = nextSender();
    await text(first, 'price');
    await text(first, 'PRICE');
    await text(other, 'price');
    expect(await autoRepliesTo(first)).toEqual(['Our prices']);
    expect(await autoRepliesTo(other)).toEqual(['Our prices']);
    // Half an hour later the rule may answer again.
    await t.db.execute(
      sql`update auto_reply_firings set created_at = created_at - interval '31 minutes' where rule_id = ${prices.id}`,
    );
    await text(first, 'price');
    expect(await autoRepliesTo(first)).toEqual(['Our prices', 'Our prices']);
  });

  it('stops at the workspace’s hourly limit per contact, across rules', async () => {
    await t.services.autoReply.updateSettings(workspaceId, { hourlyLimit: 3 });
    await rule({ ...price, replyText: 'Prices', cooldownMinutes: 0 });
    await rule({ name: 'Anything', trigger: { type: 'any' }, replyText: 'Thanks', cooldownMinutes: 0 });
    const from = nextSender();
    for (const body of ['price', 'hello', 'price', 'hello', 'price']) await text(from, body);
    expect(await autoRepliesTo(from)).toEqual(['Prices', 'Thanks', 'Prices']);
    const tried = await t.services.autoReply.tryMessage(workspaceId, {
      networkId: sandbox.id,
      from,
      text: 'hello',
    });
    expect(tried).toMatchObject({ outcome: 'none', reason: 'hourly-limit', retryAt: expect.any(String) });
  });

  it('writes a batch’s replies together, counting the batch’s own replies for the cooldown and the hourly limit', async () => {
    await t.services.autoReply.updateSettings(workspaceId, { hourlyLimit: 2 });
    const prices = await rule({ ...price, replyText: 'Prices', cooldownMinutes: 30 });
    await rule({ name: 'Anything', trigger: { type: 'any' }, replyText: 'Thanks', cooldownMinutes: 0 });
    const from = nextSender();
    const others = [nextSender(), nextSender()];
    // All read in one turn: one inbound batch (its messages share one transaction, below).
    const texts: Array<[string, string]> = [
      [from, 'price'],
      [others[0]!, 'price'],
      [from, 'price'],
      [from, 'hello'],
      [others[1]!, 'price'],
      [from, 'hello'],
      [from, 'price'],
    ];
    await Promise.all(texts.map(([sender, body]) => text(sender, body)));
    const [batch] = await queryRows<{ transactions: number }>(
      t.db,
      sql`select count(distinct m.xmin::text)::int as transactions from messages m join contacts c on c.id = m.contact_id
        where c.phone_number in (${from}, ${others[0]}, ${others[1]}) and m.direction = 'in'`,
    );
    expect(batch!.transactions).toBe(1);

    // The second price is in the rule's cooldown; "hello" is answered once, then the hourly limit.
    expect(await autoRepliesTo(from)).toEqual(['Prices', 'Thanks']);
    for (const other of others) expect(await autoRepliesTo(other)).toEqual(['Prices']);
    // One statement queued the four replies: dated by it, a microsecond apart in the batch's order.
    const [spread] = await queryRows<{ micros: number; n: number }>(
      t.db,
      sql`select (extract(epoch from max(m.created_at) - min(m.created_at)) * 1000000)::int as micros, count(*)::int as n
        from messages m join contacts c on c.id = m.contact_id
        where c.phone_number in (${from}, ${others[0]}, ${others[1]}) and m.origin = 'auto-reply'`,
    );
    expect(spread).toEqual({ micros: 3, n: 4 });
    // And one recorded the firings: the rule's count moved once, by three.
    await t.events.waitFor(workspaceId, 'auto-reply.fired', (e) => e.ruleId === prices.id);
    expect(t.events.of(workspaceId, 'auto-reply.fired').filter((e) => e.ruleId === prices.id)).toEqual([
      { ruleId: prices.id, firedCount: 3, lastFiredAt: expect.any(String) },
    ]);
    expect((await t.services.autoReply.get(workspaceId, prices.id)).firedCount).toBe(3);
  });

  it('never answers short codes, named senders or the workspace’s own numbers', async () => {
    await rule({ name: 'Anything', trigger: { type: 'any' }, replyText: 'Thanks', cooldownMinutes: 0 });
    for (const from of ['12345', '+123', 'ACME']) {
      await text(from, 'hello');
      expect(await autoRepliesTo(from), from).toEqual([]);
    }
    // The sandbox's own number texting it (a loop through one workspace), and the second network's.
    await text(sandbox.address, 'hello');
    await text(secondAddress, 'hello');
    expect(await autoRepliesTo(sandbox.address)).toEqual([]);
    expect(await autoRepliesTo(secondAddress)).toEqual([]);
    const control = nextSender();
    await text(control, 'hello');
    expect(await autoRepliesTo(control)).toEqual(['Thanks']);
  });

  it('leaves opt-out keywords to the compliance replies and never answers an opted-out contact', async () => {
    await rule({ name: 'Anything', trigger: { type: 'any' }, replyText: 'Thanks', cooldownMinutes: 0 });
    await rule({
      name: 'Stop word',
      trigger: { type: 'keyword', match: 'contains', keywords: ['stop'] },
      replyText: 'x',
    });
    const from = nextSender();
    await text(from, 'Stop.');
    const afterStop = await autoRepliesTo(from);
    expect(afterStop).toHaveLength(1);
    expect(afterStop[0]).toMatch(/unsubscribed|opted out/i);
    await text(from, 'hello?');
    expect(await autoRepliesTo(from)).toEqual(afterStop);
    await text(from, 'HELP');
    expect(await autoRepliesTo(from)).toEqual(afterStop);
  });

  it('lets only the first matching rule answer, once, and keeps a rule to its networks', async () => {
    await rule({ ...price, replyText: 'From the price rule', allNetworks: false, networkIds: [secondId] });
    await rule({ name: 'Anything', trigger: { type: 'any' }, replyText: 'From the catch-all' });
    const from = nextSender();
    await text(from, 'price');
    expect(await autoRepliesTo(from)).toEqual(['From the catch-all']);
    const onSecond = nextSender();
    await text(onSecond, 'price', { networkId: secondId });
    expect(await autoRepliesTo(onSecond)).toEqual(['From the price rule']);
  });

  it('keeps disabled rules and rules outside their active dates silent', async () => {
    const off = await rule({ ...price, replyText: 'Disabled', enabled: false });
    await rule({ ...price, replyText: 'Next year', activeFrom: '2099-01-01' });
    await rule({ ...price, replyText: 'Last year', activeUntil: '2000-01-01' });
    const from = nextSender();
    await text(from, 'price');
    expect(await autoRepliesTo(from)).toEqual([]);
    await t.services.autoReply.update(workspaceId, off.id, UpdateAutoReplyRuleBodySchema.parse({ enabled: true }));
    await text(from, 'price');
    expect(await autoRepliesTo(from)).toEqual(['Disabled']);
  });

  it('answers the first message a contact ever sends, and only that one', async () => {
    await rule({ name: 'Welcome', trigger: { type: 'first-message' }, replyText: 'Welcome!', cooldownMinutes: 0 });
    const from = nextSender();
    await text(from, 'hi');
    await text(from, 'hi again');
    expect(await autoRepliesTo(from)).toEqual(['Welcome!']);
  });

  it('reads business hours in the rule’s time zone, across the date line', async () => {
    // Tokyo is UTC+9: 23:30 UTC on Sunday is 08:30 on Monday there, 00:30 UTC on Monday is 09:30.
    await rule({
      name: 'Closed',
      trigger: { type: 'outside-hours', schedule: weekdays('09:00', '18:00') },
      timeZone: 'Asia/Tokyo',
      replyText: 'We open at 9 (Tokyo time).',
      cooldownMinutes: 0,
    });
    const early = nextSender();
    const open = nextSender();
    await text(early, 'hello', { receivedAt: new Date('2026-11-22T23:30:00Z') });
    await text(open, 'hello', { receivedAt: new Date('2026-11-23T00:30:00Z') });
    expect(await autoRepliesTo(early)).toEqual(['We open at 9 (Tokyo time).']);
    expect(await autoRepliesTo(open)).toEqual([]);
  });

  it('follows daylight-saving changes: 13:30 UTC is before or after 9:00 in New York by the season', async () => {
    await rule({
      name: 'Closed',
      trigger: { type: 'outside-hours', schedule: weekdays('09:00', '17:00'), holidays: ['2026-12-25'] },
      timeZone: 'America/New_York',
      replyText: 'Closed',
      cooldownMinutes: 0,
    });
    const cases: [string, boolean][] = [
      ['2026-03-06T13:30:00Z', true], // Friday, EST (UTC-5): 08:30, closed
      ['2026-03-09T13:30:00Z', false], // Monday after the spring change, EDT (UTC-4): 09:30, open
      ['2026-10-30T13:30:00Z', false], // Friday, EDT: 09:30, open
      ['2026-11-02T13:30:00Z', true], // Monday after the autumn change, EST: 08:30, closed
      ['2026-12-25T15:00:00Z', true], // a Friday, 10:00, but a holiday
    ];
    for (const [at, answered] of cases) {
      const from = nextSender();
      await text(from, 'hello', { receivedAt: new Date(at) });
      expect(await autoRepliesTo(from), at).toEqual(answered ? ['Closed'] : []);
    }
  });

  it('explains in "Try a message" why no rule would answer, without sending anything', async () => {
    const prices = await rule({ ...price, replyText: 'Prices', cooldownMinutes: 10 });
    const answered = nextSender();
    await text(answered, 'price');
    const optedOut = nextSender();
    await text(optedOut, 'STOP');
    const attempt = (from: string, body: string) =>
      t.services.autoReply.tryMessage(workspaceId, { networkId: sandbox.id, from, text: body });
    const cases: [string, string, object][] = [
      [nextSender(), 'price', { outcome: 'reply', rule: { id: prices.id }, reply: 'Prices', segments: 1 }],
      [nextSender(), 'unsubscribe', { outcome: 'none', reason: 'opt-out-keyword' }],
      [optedOut, 'price', { outcome: 'none', reason: 'opted-out' }],
      [sandbox.address, 'price', { outcome: 'none', reason: 'own-number' }],
      ['72345', 'price', { outcome: 'none', reason: 'short-code' }],
      ['ACME', 'price', { outcome: 'none', reason: 'not-a-number' }],
      [nextSender(), 'what does it cost?', { outcome: 'none', reason: 'no-match', rule: null }],
      [
        answered,
        'PRICE',
        { outcome: 'none', reason: 'cooldown', rule: { id: prices.id }, retryAt: expect.any(String) },
      ],
    ];
    for (const [from, body, expected] of cases)
      expect(await attempt(from, body), `${from}: ${body}`).toMatchObject(expected);
    expect(await autoRepliesTo(answered)).toEqual(['Prices']);
  });
});
