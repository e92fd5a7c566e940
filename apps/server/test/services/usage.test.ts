import { CreateAutoReplyRuleBodySchema, PLANS, type PlanId } from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import { keywordRule } from '../helpers/auto-reply-fixtures.js';
import { createTestServices, type TestServices } from '../helpers/test-services.js';

const STARTER_QUOTA = PLANS.starter.monthlySmsQuota!;
/** 161 GSM-7 characters: two segments. */
const TWO_SEGMENTS = 'x'.repeat(161);

describe('the monthly SMS quota', () => {
  // No dispatchers: queued messages stay queued, so what a test fails or reports is its own doing
  // (an unstarted runner still starts a network when something is queued on it; a closed one not).
  let t: TestServices;
  beforeAll(async () => {
    t = await createTestServices({ start: false });
    await t.networkRunner.close();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  let numbers = 0;
  const nextNumber = () => `+1202555${String(++numbers).padStart(4, '0')}`;

  async function workspace(planId: PlanId = 'starter') {
    const { workspaceId, userId, sandbox } = await t.workspace();
    if (planId !== 'starter') await t.services.workspaces.changePlan(workspaceId, planId, userId);
    const send = (body = 'Hello', to = nextNumber()) =>
      t.services.messaging.queue({ workspaceId, networkId: sandbox.id, to, body, origin: 'reply' });
    return { workspaceId, userId, sandboxId: sandbox.id, send };
  }
  const usage = (workspaceId: string, at?: Date) => t.services.workspaces.usage(workspaceId, at);
  /** Books the current month's usage as if that much had been sent already. */
  async function setUsed(workspaceId: string, segments: number) {
    await t.db.execute(sql`insert into usage_periods (workspace_id, period_start, segments)
      select id, date_trunc('month', ${new Date().toISOString()}::timestamptz at time zone time_zone)::date, ${segments}
      from workspaces where id = ${workspaceId}
      on conflict (workspace_id, period_start) do update set segments = excluded.segments`);
  }
  const at = (iso: string) => vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });

  it('books the segments of every outbound message; inbound messages are free', async () => {
    const { workspaceId, sandboxId, send } = await workspace();
    expect(await usage(workspaceId)).toMatchObject({ planId: 'starter', used: 0, quota: STARTER_QUOTA });
    await send('Hello');
    await send(TWO_SEGMENTS);
    await t.receive(sandboxId, nextNumber(), 'A text coming in');
    expect(await usage(workspaceId)).toMatchObject({ used: 3, quota: STARTER_QUOTA, remaining: STARTER_QUOTA - 3 });
  });

  it('books in the calendar month of the workspace’s time zone', async () => {
    const newYork = await workspace();
    await t.services.workspaces.setTimeZone(newYork.workspaceId, 'America/New_York');
    const utc = await workspace();

    // 04:30 UTC on 1 March is still 23:30 on 28 February in New York (EST, UTC−5).
    at('2025-03-01T04:30:00Z');
    await newYork.send(TWO_SEGMENTS);
    await utc.send(TWO_SEGMENTS);
    // 05:30 UTC is half past midnight on 1 March in New York.
    at('2025-03-01T05:30:00Z');
    await newYork.send('Hello');

    expect(await usage(newYork.workspaceId, new Date('2025-02-28T12:00:00Z'))).toEqual({
      planId: 'starter',
      used: 2,
      quota: STARTER_QUOTA,
      remaining: STARTER_QUOTA - 2,
      periodStart: '2025-02-01T05:00:00.000Z',
      periodEnd: '2025-03-01T05:00:00.000Z',
      timeZone: 'America/New_York',
    });
    expect(await usage(newYork.workspaceId, new Date('2025-03-15T12:00:00Z'))).toMatchObject({
      used: 1,
      // Daylight-saving time began on 9 March: April begins at 04:00 UTC.
      periodStart: '2025-03-01T05:00:00.000Z',
      periodEnd: '2025-04-01T04:00:00.000Z',
    });
    expect(await usage(utc.workspaceId, new Date('2025-03-15T12:00:00Z'))).toMatchObject({
      used: 2,
      periodStart: '2025-03-01T00:00:00.000Z',
    });
    expect(await usage(utc.workspaceId, new Date('2025-02-15T12:00:00Z'))).toMatchObject({ used: 0 });
  });

  it('refuses a message past the quota with QUOTA_EXCEEDED and the segments left, storing nothing', async () => {
    const { workspaceId, sandboxId, send } = await workspace();
    await setUsed(workspaceId, STARTER_QUOTA - 1);
    const to = nextNumber();
    await expect(send(TWO_SEGMENTS, to)).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      statusCode: 402,
      details: { remaining: 1 },
    });
    expect(await usage(workspaceId)).toMatchObject({ used: STARTER_QUOTA - 1, remaining: 1 });

    // The last segment still fits; then nothing does.
    await send('Hello', to);
    await expect(send('Hello', to)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED', details: { remaining: 0 } });
    const thread = await t.services.messaging.threadWith(workspaceId, sandboxId, to);
    expect(thread.map((m) => m.body)).toEqual(['Hello']);
    expect(await usage(workspaceId)).toMatchObject({ used: STARTER_QUOTA, remaining: 0 });
  });

  it('lets exactly the remaining segments through when 50 senders race at the edge of the quota', async () => {
    const { workspaceId, sandboxId, send } = await workspace();
    await setUsed(workspaceId, STARTER_QUOTA - 7);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => send('Hello')));

    const sent = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(sent).toHaveLength(7);
    expect(refused).toHaveLength(43);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(await usage(workspaceId)).toMatchObject({ used: STARTER_QUOTA, remaining: 0 });
    const [stored] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from messages where network_id = ${sandboxId} and direction = 'out'`,
    );
    expect(stored!.n).toBe(7);
  });

  it('answers each send of a turn on its own when they share one statement: quota, opt-out, one number twice', async () => {
    const near = await workspace();
    await setUsed(near.workspaceId, STARTER_QUOTA - 3);
    const other = await workspace('unlimited');
    const quitter = nextNumber();
    await t.receive(other.sandboxId, quitter, 'STOP');
    const twice = nextNumber();

    // All in one turn: the outbound queue groups them into one statement.
    const results = await Promise.allSettled([
      ...Array.from({ length: 5 }, () => near.send('Hello')),
      other.send('Are you there?', quitter),
      other.send('First of two', twice),
      other.send(TWO_SEGMENTS, nextNumber()),
      other.send('Second of two', twice),
    ]);
    const codes = results.map((r) => (r.status === 'fulfilled' ? 'queued' : (r.reason as { code: string }).code));
    // The five together pass the quota: each then goes alone, and exactly three fit.
    expect(codes.slice(0, 5).sort()).toEqual(['QUOTA_EXCEEDED', 'QUOTA_EXCEEDED', 'queued', 'queued', 'queued']);
    expect(codes.slice(5)).toEqual(['CONTACT_OPTED_OUT', 'queued', 'queued', 'queued']);
    expect(await usage(near.workspaceId)).toMatchObject({ used: STARTER_QUOTA, remaining: 0 });
    // The STOP confirmation's segment, then 1 + 2 + 1.
    expect(await usage(other.workspaceId)).toMatchObject({ used: 5 });

    // They shared one statement, so one transaction wrote the other workspace's three.
    const [writers] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(distinct xmin::text)::int as n from messages
        where workspace_id = ${other.workspaceId} and origin = 'reply'`,
    );
    expect(writers!.n).toBe(1);

    const thread = await t.services.messaging.threadWith(other.workspaceId, other.sandboxId, twice);
    expect(thread.map((m) => m.body)).toEqual(['First of two', 'Second of two']);
    expect(new Set(thread.map((m) => m.conversationId)).size).toBe(1);
    const [conversation] = await queryRows<{ preview: string }>(
      t.db,
      sql`select last_message_preview as preview from conversations where id = ${thread[0]!.conversationId}`,
    );
    expect(conversation!.preview).toBe('Second of two');
    expect(
      (await t.services.messaging.threadWith(other.workspaceId, other.sandboxId, quitter)).map((m) => m.direction),
    ).toEqual(
      ['in', 'out'], // STOP and its confirmation only
    );
  });

  it('gives the segments of a message failed before it was sent back to the month it was booked in', async () => {
    const { workspaceId, sandboxId, send } = await workspace();
    const { outboundQueue, host } = t.services.messaging;
    at('2025-01-31T23:00:00Z');
    const failedInQueue = await send(TWO_SEGMENTS);
    const failedByPhone = await send('Hello');
    const sentThenFailed = await send('Hello');
    at('2025-02-01T01:00:00Z');
    await send('Hello');
    const january = new Date('2025-01-15T00:00:00Z');
    expect(await usage(workspaceId, january)).toMatchObject({ used: 4 });

    // The dispatcher gives up on a message it never sent (in February): January gets it back.
    expect(await outboundQueue.markFailed(failedInQueue.id, 'GIVEN_UP', 'No route')).toBeDefined();
    expect(await usage(workspaceId, january)).toMatchObject({ used: 2 });
    // Failing it again finds nothing to fail and gives nothing back twice.
    expect(await outboundQueue.markFailed(failedInQueue.id, 'GIVEN_UP', 'No route')).toBeUndefined();

    // A phone reports a message it could not send.
    await host.applyStatus({
      networkId: sandboxId,
      messageId: failedByPhone.id,
      state: 'failed',
      errorText: 'No signal',
    });
    expect(await usage(workspaceId, january)).toMatchObject({ used: 1 });

    // A message that went out and failed afterwards was sent: it stays counted.
    await host.applyStatus({ networkId: sandboxId, messageId: sentThenFailed.id, state: 'sent' });
    await host.applyStatus({
      networkId: sandboxId,
      messageId: sentThenFailed.id,
      state: 'failed',
      errorText: 'Undelivered',
    });
    expect(await usage(workspaceId, january)).toMatchObject({ used: 1 });
    expect(await usage(workspaceId, new Date('2025-02-15T00:00:00Z'))).toMatchObject({ used: 1 });
  });

  it('counts an unlimited plan’s usage without ever refusing', async () => {
    const { workspaceId, send } = await workspace('unlimited');
    await setUsed(workspaceId, 5_000_000);
    await send(TWO_SEGMENTS);
    expect(await usage(workspaceId)).toMatchObject({
      planId: 'unlimited',
      used: 5_000_002,
      quota: null,
      remaining: null,
    });
  });

  it('skips an auto-reply at the quota and records the skip, which holds back neither the rule nor the guards', async () => {
    const { workspaceId, userId, sandboxId } = await workspace();
    const rule = await t.services.autoReply.create(workspaceId, CreateAutoReplyRuleBodySchema.parse(keywordRule()));
    const from = nextNumber();
    await setUsed(workspaceId, STARTER_QUOTA);

    await t.receive(sandboxId, from, 'PRICE');
    const firings = () =>
      queryRows<{ reply_message_id: string | null; skip_reason: string | null }>(
        t.db,
        sql`select reply_message_id, skip_reason from auto_reply_firings where rule_id = ${rule.id} order by created_at`,
      );
    expect(await firings()).toEqual([{ reply_message_id: null, skip_reason: 'quota' }]);
    const outbound = async () =>
      (await t.services.messaging.threadWith(workspaceId, sandboxId, from)).filter((m) => m.direction === 'out');
    expect(await outbound()).toEqual([]);
    expect((await t.services.autoReply.get(workspaceId, rule.id)).firedCount).toBe(0);
    expect(await usage(workspaceId)).toMatchObject({ used: STARTER_QUOTA });

    // Room again (a plan change): the next PRICE is answered at once, no cooldown from the skip.
    await t.services.workspaces.changePlan(workspaceId, 'business', userId);
    await t.receive(sandboxId, from, 'PRICE');
    expect((await outbound()).map((m) => m.origin)).toEqual(['auto-reply']);
    expect((await firings()).map((f) => f.skip_reason)).toEqual(['quota', null]);
    expect((await t.services.autoReply.get(workspaceId, rule.id)).firedCount).toBe(1);
  });

  it('queues what fits of a batch’s auto-replies at the quota’s edge and records the others as skips', async () => {
    const { workspaceId, sandboxId } = await workspace();
    const rule = await t.services.autoReply.create(workspaceId, CreateAutoReplyRuleBodySchema.parse(keywordRule()));
    await setUsed(workspaceId, STARTER_QUOTA - 2);
    const senders = Array.from({ length: 4 }, () => nextNumber());

    // One inbound batch: its four replies pass the quota together, so each is tried alone.
    await Promise.all(senders.map((from) => t.receive(sandboxId, from, 'PRICE')));
    const firings = await queryRows<{ reply: boolean; skip_reason: string | null }>(
      t.db,
      sql`select reply_message_id is not null as reply, skip_reason from auto_reply_firings where rule_id = ${rule.id}`,
    );
    expect(firings.map((f) => `${f.reply} ${f.skip_reason}`).sort()).toEqual([
      'false quota',
      'false quota',
      'true null',
      'true null',
    ]);
    expect((await t.services.autoReply.get(workspaceId, rule.id)).firedCount).toBe(2);
    expect(await usage(workspaceId)).toMatchObject({ used: STARTER_QUOTA, remaining: 0 });
    const [queued] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from messages where workspace_id = ${workspaceId} and origin = 'auto-reply'`,
    );
    expect(queued!.n).toBe(2);
  });

  it('still sends the legally required opt-out confirmation at the quota, and counts it', async () => {
    const { workspaceId, sandboxId } = await workspace();
    await setUsed(workspaceId, STARTER_QUOTA);
    const from = nextNumber();
    await t.receive(sandboxId, from, 'STOP');
    const thread = await t.services.messaging.threadWith(workspaceId, sandboxId, from);
    expect(thread.filter((m) => m.direction === 'out')).toHaveLength(1);
    expect(await usage(workspaceId)).toMatchObject({ used: STARTER_QUOTA + 1, remaining: 0 });
  });

  it('changes the plan with an audit record and an event; the new quota applies at once', async () => {
    const { workspaceId, userId, send } = await workspace();
    await setUsed(workspaceId, STARTER_QUOTA);
    await expect(send()).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });

    const workspace_ = await t.services.workspaces.changePlan(workspaceId, 'pro', userId);
    expect(workspace_).toMatchObject({ id: workspaceId, planId: 'pro', timeZone: 'UTC' });
    expect(t.events.of(workspaceId, 'workspace.updated').at(-1)).toEqual({ workspace: workspace_ });
    await send();
    expect(await usage(workspaceId)).toMatchObject({
      planId: 'pro',
      used: STARTER_QUOTA + 1,
      remaining: PLANS.pro.monthlySmsQuota! - STARTER_QUOTA - 1,
    });

    // The same plan again changes nothing and records nothing.
    await t.services.workspaces.changePlan(workspaceId, 'pro', userId);
    const audit = await queryRows<{ user_id: string; action: string; details: unknown }>(
      t.db,
      sql`select user_id, action, details from workspace_audit_log where workspace_id = ${workspaceId}`,
    );
    expect(audit).toEqual([{ user_id: userId, action: 'plan.changed', details: { from: 'starter', to: 'pro' } }]);
  });

  it('tells the workspace’s browsers about a new zone (workspace.updated)', async () => {
    const { workspaceId, userId } = await workspace();
    await t.services.workspaces.update(workspaceId, { timeZone: 'Asia/Tokyo' }, userId);
    expect(t.events.of(workspaceId, 'workspace.updated').at(-1)?.workspace).toMatchObject({
      id: workspaceId,
      timeZone: 'Asia/Tokyo',
    });
  });

  it('accepts IANA time zones only', async () => {
    const { workspaceId } = await workspace();
    await expect(t.services.workspaces.setTimeZone(workspaceId, 'Mars/Olympus')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect((await usage(workspaceId)).timeZone).toBe('UTC');
  });
});
