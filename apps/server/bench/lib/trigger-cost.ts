import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/database.js';

const TRIGGERS = ['message_stats_inserted', 'message_stats_updated', 'message_stats_deleted'];
const SINGLE = 2_000;
const BULK = 100_000;
const MARK = 'trigger-cost bench';

interface Rates {
  inserts: number;
  updates: number;
  bulkSeconds: number;
}

async function setTriggers(db: Db, enabled: boolean): Promise<void> {
  for (const name of TRIGGERS)
    await db.execute(sql.raw(`alter table messages ${enabled ? 'enable' : 'disable'} trigger ${name}`));
}

/**
 * What the pipeline's writes cost: SINGLE one-row inserts of an inbound text (each its own
 * transaction), a one-row state update of each (a delivery report), and one BULK-row insert of
 * queued campaign messages (a campaign's start). The rows are deleted afterwards, with the
 * triggers as they were written, so the roll-up stays true.
 */
async function measureOnce(
  db: Db,
  thread: { id: string; network_id: string; contact_id: string; workspace_id: string },
) {
  const inserted: string[] = [];
  let started = performance.now();
  for (let i = 0; i < SINGLE; i++) {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`insert into messages (workspace_id, network_id, conversation_id, contact_id, direction, body, encoding,
          segments, state, received_at)
        values (${thread.workspace_id}, ${thread.network_id}, ${thread.id}, ${thread.contact_id}, 'in', ${MARK},
          'GSM-7', 1, 'received', now())
        returning id`,
    );
    inserted.push(row!.id);
  }
  const inserts = SINGLE / ((performance.now() - started) / 1000);
  started = performance.now();
  for (const id of inserted) await db.execute(sql`update messages set error_code = 'X' where id = ${id}`);
  const updates = SINGLE / ((performance.now() - started) / 1000);
  started = performance.now();
  await db.execute(sql`insert into messages (workspace_id, network_id, contact_id, direction, body, encoding, segments,
      state, origin, campaign_id)
    select ${thread.workspace_id}, ${thread.network_id}, ${thread.contact_id}, 'out', ${MARK}, 'GSM-7', 1, 'queued',
      'campaign', '11111111-1111-1111-1111-111111111111'
    from generate_series(1, ${BULK})`);
  const bulkSeconds = (performance.now() - started) / 1000;
  await db.execute(sql`delete from messages where body = ${MARK} and workspace_id = ${thread.workspace_id}`);
  return { inserts, updates, bulkSeconds } satisfies Rates;
}

/** Prints the rates with the roll-up triggers enabled and disabled (two rounds, taking turns). */
export async function measureTriggerCost(db: Db): Promise<void> {
  const [thread] = await queryRows<{ id: string; network_id: string; contact_id: string; workspace_id: string }>(
    db,
    sql`select id, network_id, contact_id, workspace_id from conversations order by id limit 1`,
  );
  if (!thread) throw new Error('no conversation to write into');
  const runs: Array<{ enabled: boolean } & Rates> = [];
  try {
    for (const enabled of [true, false, true, false]) {
      await setTriggers(db, enabled);
      runs.push({ enabled, ...(await measureOnce(db, thread)) });
    }
  } finally {
    await setTriggers(db, true);
  }
  console.log(
    `| roll-up triggers | single-row inserts/s (${SINGLE}) | single-row updates/s | one ${BULK.toLocaleString('en')}-row insert, s |`,
  );
  console.log('|---|---|---|---|');
  for (const r of runs)
    console.log(
      `| ${r.enabled ? 'on' : 'off'} | ${Math.round(r.inserts)} | ${Math.round(r.updates)} | ${r.bulkSeconds.toFixed(2)} |`,
    );
}
