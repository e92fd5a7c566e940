import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import { createAnalyticsSideRepository } from '../../src/modules/analytics/analytics-side.repository.js';
import { histogramAndGroupedLines, migrationStatementAfter } from '../helpers/rollup-checks.js';
import { servicesWithWorkspace, type TestServices } from '../helpers/test-services.js';

interface Stretch {
  conversation_id: string;
  inbound_at: string;
  responded_at: string;
  seconds: number;
}

// response_times: one row per answered stretch of a thread, written by the insert trigger on
// messages (migration 0025) when an inbox reply (origin 'reply') arrives in it; messages.sent_by:
// the user who wrote that reply.
describe('response times and the replies’ writers', () => {
  let t: TestServices;
  let workspaceId: string;
  let userId: string;
  let sandboxId: string;
  let phone = 0;

  beforeAll(async () => {
    ({ t, workspaceId, userId, sandboxId } = await servicesWithWorkspace('Responders'));
  });
  afterAll(() => t.close());

  /** A text from a new number; its thread's id. */
  async function newThread(body = 'Hello?'): Promise<{ id: string; from: string }> {
    const from = `+3366000${String(++phone).padStart(4, '0')}`;
    const { messageId } = await t.receive(sandboxId, from, body);
    const [row] = await queryRows<{ id: string }>(
      t.db,
      sql`select conversation_id as id from messages where id = ${messageId}`,
    );
    return { id: row!.id, from };
  }
  /** Moves the whole thread back in time (the trigger reads created_at), so the next reply comes later. */
  const age = (conversationId: string, seconds: number) =>
    t.db.execute(sql`update messages set created_at = created_at - make_interval(secs => ${seconds})
      where conversation_id = ${conversationId}`);
  /** Whole seconds, give or take a slow machine's pause between the steps. */
  const about = (seconds: number) => expect.toSatisfy((n: number) => n >= seconds && n < seconds + 30);
  const stretches = (conversationId: string) =>
    queryRows<Stretch>(
      t.db,
      sql`select conversation_id, inbound_at::text, responded_at::text, seconds from response_times
        where conversation_id = ${conversationId} order by responded_at`,
    );
  const createdAt = async (conversationId: string, direction: 'in' | 'out') =>
    (
      await queryRows<{ at: string }>(
        t.db,
        sql`select created_at::text as at from messages where conversation_id = ${conversationId}
          and direction = ${direction} order by created_at`,
      )
    ).map((r) => r.at);

  it('measures from the first unanswered text to the reply', async () => {
    const thread = await newThread('First');
    await age(thread.id, 300);
    await t.receive(sandboxId, thread.from, 'Second');
    await age(thread.id, 300);
    await t.services.conversations.reply(workspaceId, thread.id, 'On it', userId);

    const [first] = await createdAt(thread.id, 'in');
    const [reply] = await createdAt(thread.id, 'out');
    const rows = await stretches(thread.id);
    expect(rows).toEqual([{ conversation_id: thread.id, inbound_at: first, responded_at: reply, seconds: about(600) }]);
  });

  it('counts a stretch once: a second reply with nothing new is no new row, a new text starts the next', async () => {
    const thread = await newThread();
    await age(thread.id, 120);
    await t.services.conversations.reply(workspaceId, thread.id, 'Yes', userId);
    await t.services.conversations.reply(workspaceId, thread.id, 'And also…', userId);
    expect(await stretches(thread.id)).toHaveLength(1);

    await t.receive(sandboxId, thread.from, 'Thanks, one more thing');
    await age(thread.id, 45);
    await t.services.conversations.reply(workspaceId, thread.id, 'Sure', userId);
    const rows = await stretches(thread.id);
    expect(rows.map((r) => r.seconds)).toEqual([about(120), about(45)]);
  });

  it('leaves out what is not an inbox reply (API sends, compliance confirmations)', async () => {
    const thread = await newThread();
    await t.services.messaging.queue({ workspaceId, networkId: sandboxId, to: thread.from, body: 'Hi', origin: 'api' });
    await t.receive(sandboxId, thread.from, 'STOP');
    const outbound = await queryRows<{ origin: string }>(
      t.db,
      sql`select origin::text from messages where conversation_id = ${thread.id} and direction = 'out'`,
    );
    expect(outbound.length).toBeGreaterThanOrEqual(2);
    expect(await stretches(thread.id)).toEqual([]);
  });

  it('records who wrote a reply, and nobody for other messages', async () => {
    const thread = await newThread();
    const reply = await t.services.conversations.reply(workspaceId, thread.id, 'Signed', userId);
    const sent = await t.services.messaging.queue({
      workspaceId,
      networkId: sandboxId,
      to: thread.from,
      body: 'From the API',
      origin: 'api',
    });
    const writers = await queryRows<{ id: string; sent_by: string | null }>(
      t.db,
      sql`select id, sent_by from messages where conversation_id = ${thread.id} order by created_at`,
    );
    expect(writers).toEqual([
      { id: expect.any(String), sent_by: null },
      { id: reply.id, sent_by: userId },
      { id: sent.id, sent_by: null },
    ]);
  });

  it('is rebuilt by the migration’s backfill exactly as the trigger wrote it', async () => {
    const backfill = await migrationStatementAfter("-- The existing threads' answered stretches");
    // The tests moved whole threads back in time after some replies: the times moved, the lengths did not.
    const all = () =>
      queryRows<Pick<Stretch, 'conversation_id' | 'seconds'>>(
        t.db,
        sql`select conversation_id, seconds from response_times order by conversation_id, responded_at`,
      );
    const written = await all();
    expect(written.length).toBeGreaterThanOrEqual(3);
    await t.db.execute(sql`delete from response_times`);
    await t.db.execute(sql.raw(backfill));
    expect(await all()).toEqual(written);
  });

  it('backfills messages that share a time as the trigger’s rule says (an inbound text at the reply’s time counts)', async () => {
    // in 10:00, in 10:05 ‖ reply 10:05, reply 10:05 (same instant), in 10:07, reply 10:09.
    const thread = await newThread('One');
    await t.receive(sandboxId, thread.from, 'Two');
    await t.services.conversations.reply(workspaceId, thread.id, 'A', userId);
    await t.services.conversations.reply(workspaceId, thread.id, 'B', userId);
    await t.receive(sandboxId, thread.from, 'Three');
    await t.services.conversations.reply(workspaceId, thread.id, 'C', userId);
    const times = ['10:00', '10:05', '10:05', '10:05', '10:07', '10:09'];
    const ids = await queryRows<{ id: string }>(
      t.db,
      sql`select id from messages where conversation_id = ${thread.id} order by created_at, id`,
    );
    expect(ids).toHaveLength(times.length);
    for (const [i, { id }] of ids.entries())
      await t.db.execute(
        sql`update messages set created_at = ${`2026-01-05T${times[i]}:00Z`}::timestamptz where id = ${id}`,
      );

    await t.db.execute(sql`delete from response_times where conversation_id = ${thread.id}`);
    const backfill = await migrationStatementAfter("-- The existing threads' answered stretches");
    await t.db.execute(sql`delete from response_times`);
    await t.db.execute(sql.raw(backfill));
    const rows = await stretches(thread.id);
    expect(rows.map((r) => r.seconds)).toEqual([300, 300, 120]);
  });

  it('keeps an hourly histogram of the stretches (rounded to two digits) that the median reads', async () => {
    // Three stretches of 42 s, 250 s and 1,234 s answered now: their lower median is 250.
    for (const seconds of [42, 250, 1234]) {
      const thread = await newThread();
      await age(thread.id, seconds);
      await t.services.conversations.reply(workspaceId, thread.id, 'Here', userId);
    }
    const kept = await histogramAndGroupedLines(t.db, workspaceId);
    expect(kept.histogram.length).toBeGreaterThan(0);
    expect(kept.histogram).toEqual(kept.grouped);
    expect(kept.daily).toEqual(kept.groupedDaily);
    const [row] = await queryRows<{ seconds: number }>(
      t.db,
      sql`select seconds from response_time_stats_hourly
        where workspace_id = ${workspaceId} and seconds between 1200 and 1299`,
    );
    expect(row).toEqual({ seconds: 1200 }); // 1,234 s rounded down to two significant digits

    // From the start of the previous whole hour, so the histogram's hour rows and the raw
    // stretches cover the same span whatever the clock's minute (the test may cross an hour).
    const now = new Date();
    const hourAgo = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 - 3_600_000);
    const side = createAnalyticsSideRepository(t.db);
    const all = await queryRows<{ seconds: number }>(
      t.db,
      sql`select seconds from response_times where workspace_id = ${workspaceId} and responded_at >= ${hourAgo.toISOString()}::timestamptz order by seconds`,
    );
    const rounded = all.map(({ seconds: s }) =>
      s < 100 ? s : Math.floor(s / 10 ** (String(s).length - 2)) * 10 ** (String(s).length - 2),
    );
    const lowerMedian = rounded[Math.ceil(rounded.length / 2) - 1];
    const [median] = await side.medianResponse(workspaceId, {
      starts: [hourAgo],
      end: new Date(now.getTime() + 3_600_000),
    });
    expect(median).toEqual({ bucket: 1, value: lowerMedian });

    // A thread removed (its stretches cascade away) leaves the histogram equal to what remains.
    const [{ id } = { id: '' }] = await queryRows<{ id: string }>(
      t.db,
      sql`select conversation_id as id from response_times where workspace_id = ${workspaceId} limit 1`,
    );
    await t.db.execute(sql`delete from conversations where id = ${id}`);
    const left = await histogramAndGroupedLines(t.db, workspaceId);
    expect(left.histogram).toEqual(left.grouped);
    expect(left.daily).toEqual(left.groupedDaily);
  });
  it('answers a long range’s medians from the daily histogram for whole UTC days and by hour at the edges', async () => {
    // 40 stretches every 3.7 hours from 1 June 2025, 00:00 UTC; two 3-day buckets from local
    // midnights 05:00 UTC, so the day of the buckets' boundary and both ends are read by hour.
    const thread = await newThread();
    const base = Date.parse('2025-06-01T00:00:00Z');
    const stretchesAt = Array.from({ length: 40 }, (_, i) => ({
      at: new Date(base + i * 3.7 * 3_600_000),
      seconds: 30 + ((i * 37) % 500),
    }));
    for (const { at, seconds } of stretchesAt)
      await t.db
        .execute(sql`insert into response_times (workspace_id, conversation_id, inbound_at, responded_at, seconds)
        values (${workspaceId}, ${thread.id}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, ${seconds})`);
    const starts = [new Date('2025-06-01T05:00:00Z'), new Date('2025-06-04T05:00:00Z')];
    const end = new Date('2025-06-07T05:00:00Z');

    const twoDigits = (s: number) =>
      s < 100 ? s : Math.floor(s / 10 ** (String(s).length - 2)) * 10 ** (String(s).length - 2);
    const hourOf = (at: Date) => Math.floor(at.getTime() / 3_600_000) * 3_600_000;
    const expected = [0, 1].map((i) => {
      const [from, to] = [starts[i]!.getTime(), (starts[i + 1] ?? end).getTime()];
      const values = stretchesAt
        .filter(({ at }) => hourOf(at) >= from && hourOf(at) < to)
        .map(({ seconds }) => twoDigits(seconds))
        .sort((a, b) => a - b);
      return { bucket: i + 1, value: values[Math.ceil(values.length / 2) - 1] };
    });
    const side = createAnalyticsSideRepository(t.db);
    const medians = await side.medianResponse(workspaceId, { starts, end });
    expect(medians.sort((a, b) => a.bucket - b.bucket)).toEqual(expected);
    const kept = await histogramAndGroupedLines(t.db, workspaceId);
    expect(kept.daily).toEqual(kept.groupedDaily);
  });
});
