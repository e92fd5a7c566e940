import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database.js';

/**
 * The analytics roll-ups rebuilt from the messages, with migration 0025's own backfill statements
 * (read from its file, not copied): for writes that skipped the triggers on `messages` (the bulk
 * seed's `session_replication_role = replica` skips every user trigger). Messages are locked
 * against writers meanwhile, as the migration's CREATE TRIGGER locks them. The response-time
 * histograms are rebuilt last with migrations 0028's and 0029's backfills (whether or not their
 * triggers ran).
 */
export async function rebuildRollups(db: Db): Promise<void> {
  const counts = await migrationStatementAfter('-- The existing messages, counted once.');
  const stretches = await migrationStatementAfter("-- The existing threads' answered stretches");
  const histogram = await migrationStatementAfter('-- The existing stretches, counted once.', HISTOGRAM_MIGRATION);
  const dailyHistogram = await migrationStatementAfter(
    '-- The existing stretches, counted once per day.',
    DAILY_MIGRATION,
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table messages in share mode`);
    await tx.execute(sql`delete from message_stats_hourly`);
    await tx.execute(sql`delete from response_times`);
    await tx.execute(sql.raw(counts));
    await tx.execute(sql.raw(stretches));
    await tx.execute(sql`delete from response_time_stats_hourly`);
    await tx.execute(sql`delete from response_time_stats_daily`);
    await tx.execute(sql.raw(histogram));
    await tx.execute(sql.raw(dailyHistogram));
  });
}

const ROLLUP_MIGRATION = '0025_analytics_rollups.sql';
const HISTOGRAM_MIGRATION = '0028_response_time_histogram.sql';
const DAILY_MIGRATION = '0029_response_time_daily.sql';

/** A statement of a migration (default 0025), found by the comment line that precedes it. */
export async function migrationStatementAfter(comment: string, migration = ROLLUP_MIGRATION): Promise<string> {
  const file = new URL(`../drizzle/${migration}`, import.meta.url);
  const statements = (await readFile(file, 'utf8')).split('--> statement-breakpoint');
  const found = statements.find((s) => s.includes(comment));
  if (!found) throw new Error(`no statement after "${comment}" in ${migration}`);
  return found;
}
