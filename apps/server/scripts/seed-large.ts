/**
 * `npm run seed:large`: fills a database with a large, realistic inbox for the benchmarks —
 * by default 1,000,000 messages in 100,000 conversations of the demo workspace — or, with
 * `--long-thread N`, adds one conversation of N messages (the browser test's 100,000-message
 * thread), or, with `--contacts N`, a contact book of N more contacts without conversations
 * (names, tags, custom fields, lists, a few opted out: the contacts benchmark's 1,000,000).
 * Everything is generated inside the database (`insert … select` over `generate_series`, in
 * batches), never row by row from here.
 *
 *   npm run seed:large -- [--messages 1000000] [--conversations 100000] [--long-thread N]
 *                         [--contacts N] [--data-dir ./data] [--workspace <id or name>]
 *
 * The database is DATA_DIR's embedded PGlite (or DATABASE_URL's PostgreSQL). A new one is
 * migrated and gets the demo seed first (admin@demo.com / demo-password), through the server's
 * own `openDatabase`, `createServices` and `seedDemoData`, so what the server would create is
 * what is seeded into.
 *
 * It lives beside the server, not in its runtime source: it writes every table in bulk SQL of its
 * own (the one place outside src/db that does, on purpose: a million rows through the services
 * would take hours), and the server never runs it.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { loadConfig } from '../src/config/config.js';
import { openDatabase, queryRows, type Database, type Db } from '../src/db/database.js';
import { countSegments } from '../src/lib/sms-segments.js';
import { DEMO_ACCOUNTS } from '../src/seed/demo-seed.js';
import { rebuildRollups } from './rollup-backfill.js';

export interface SeedLargeOptions {
  /** Embedded database directory (ignored when `databaseUrl` is set). */
  dataDir: string;
  databaseUrl?: string;
  /** Workspace id or name; default: the demo admin's workspace. */
  workspace?: string;
  /** Messages to add across `conversations` new threads (0: none). */
  messages?: number;
  conversations?: number;
  /** Adds one more thread, on its own contact, with this many messages. */
  longThread?: number;
  /** Adds this many contacts without conversations (a contact book). */
  contacts?: number;
  /** Rows per `insert … select`. */
  batchSize?: number;
  log?: (line: string) => void;
}

export interface SeedLargeResult {
  workspaceId: string;
  conversations: number;
  messages: number;
  /** The generated thread with the most messages. */
  biggestConversation: { id: string; messages: number } | null;
  longThread: { id: string; contactId: string; phoneNumber: string; messages: number } | null;
  /** Contacts added by `contacts`, and the lists they were put on. */
  contactBook: { contacts: number; lists: Array<{ id: string; name: string }> } | null;
  seconds: number;
}

/** The manifest `--data-dir` runs leave beside the database (the benchmarks read it). */
export const SEED_MANIFEST = 'seed-large.json';

/** Contact name of the `--long-thread` conversation (what the browser test searches for). */
export const LONG_THREAD_NAME = 'Long Thread';

const BATCH = 100_000;
/** Activity spreads over this many days before now; a thread's messages over up to 60 more. */
const SPREAD_DAYS = 180;
const THREAD_DAYS = 60;

/** Message texts: `{n}` becomes a 4-digit number; direction decides the set. */
const INBOUND = [
  'Hi, is my order {n} ready for pickup?',
  'Yes please',
  'Thanks!',
  'Can you call me back? My reference is {n}.',
  'What time do you open tomorrow?',
  'I need to change my appointment to Friday at 3pm, booking {n}.',
  'ok',
  'Where is my parcel? Tracking number {n}',
  'Great, see you then',
  'Is there parking near the shop?',
  'The code {n} did not work for me, can you check?',
  'No thanks',
  'Could you send me the invoice for order {n} again? I did not receive the email last week and my accountant needs it before the end of the month.',
  'Running 10 minutes late, sorry!',
  'Danke, bis morgen um 10 Uhr. Bestellung {n}.',
  'Merci beaucoup 😊 à bientôt',
  'شكرا لك، سأكون هناك في الموعد {n}',
  'I’ll be there at 5 — thanks',
  'Спасибо, заказ {n} получил',
  '👍',
  'Hello, I ordered the blue jacket in size M last Tuesday (order {n}) but received a size L. Can I exchange it in the shop or do I need to send it back? And if I send it back, who pays the postage? Thanks a lot for your help.',
];
const OUTBOUND = [
  'Your order {n} is ready for pickup.',
  'Reminder: your appointment is tomorrow at 10:00. Reply C to cancel.',
  'Thanks for your message, we will get back to you shortly.',
  'Your verification code is {n}.',
  'Hello! Our spring sale starts today: 20% off everything in store and online with code SPRING{n}. Reply STOP to unsubscribe.',
  'We open at 9am tomorrow.',
  'Your parcel {n} is out for delivery today between 1pm and 5pm.',
  'Sure, we have moved your booking to Friday at 3pm.',
  'Sorry to hear that! Code {n} has been renewed, please try again.',
  'Yes, there is free parking behind the building.',
  'Invoice {n} has been sent again to the address on file.',
  'Gerne! Ihre Bestellung {n} ist abholbereit.',
  'Votre rendez-vous est confirmé ✅',
  'تم تأكيد طلبك رقم {n}',
  'Good news: your repair {n} is finished and ready for collection. Our opening hours are Monday to Friday 9am to 6pm and Saturday 10am to 2pm. Please bring your receipt or this message. Reply STOP to unsubscribe.',
  'Ihre Reparatur {n} ist fertig und kann abgeholt werden. Öffnungszeiten: Montag bis Freitag 9–18 Uhr.',
];

/** What the messages' texts get in front of them in a long thread (longest case). */
const LONG_PREFIX = (i: number | string) => `#${i} - `;

interface Template {
  direction: 'in' | 'out';
  idx: number;
  body: string;
  encoding: 'GSM-7' | 'UCS-2';
  segments: number;
  longSegments: number;
}

function templates(): Template[] {
  const of = (direction: 'in' | 'out', list: string[]) =>
    list.map((body, idx) => {
      const sample = body.replaceAll('{n}', '1234');
      const { encoding, segments } = countSegments(sample);
      return {
        direction,
        idx,
        body,
        encoding,
        segments,
        longSegments: countSegments(LONG_PREFIX(100_000) + sample).segments,
      };
    });
  return [...of('in', INBOUND), ...of('out', OUTBOUND)];
}

/** A whole number as SQL text (constants, so the planner sees them, and no parameter typing). */
const num = (n: number) => sql.raw(String(Math.trunc(n)));

/**
 * A deterministic pseudo-random number in [0, mod) of a row number and a salt: a multiplicative
 * hash, then an xor-shift-multiply mix, so different salts give independent-looking values.
 */
const hash = (i: SQL, salt: number, mod: number) => {
  const x = sql`(((${i})::bigint + ${num(salt * 1_000_003)}) * 2654435761 % 4294967296)`;
  const y = sql`(((${x} # (${x} >> 16)) * 73244475) % 4294967296)`;
  return sql`((${y} # (${y} >> 16)) % ${num(mod)})`;
};

/** SQL for a message's direction from its row number: 55 % inbound. */
const directionOf = (i: SQL) => sql`(case when ${hash(i, 1, 100)} < 55 then 'in' else 'out' end)`;
/** Template index from its row number, within its direction's list. */
const templateOf = (i: SQL) =>
  sql`(case when ${hash(i, 1, 100)} < 55 then ${hash(i, 2, INBOUND.length)} else ${hash(i, 2, OUTBOUND.length)} end)`;
/** The 4-digit number put in a template. */
const numberOf = (i: SQL) => sql`(1000 + ${hash(i, 3, 9000)})::text`;
/** The preview the server keeps for a text (`previewOf` in messaging/message-rows.ts). */
const previewOf = (body: SQL) => sql`(case when length(${body}) > 120 then left(${body}, 119) || '…' else ${body} end)`;

export async function seedLarge(options: SeedLargeOptions): Promise<SeedLargeResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const database = await openSeededDatabase(options, log);
  try {
    const db = database.db;
    const workspaceId = await resolveWorkspace(db, options.workspace);
    const networkRows = await queryRows<{ id: string }>(
      db,
      sql`select id from networks where workspace_id = ${workspaceId} order by created_at, id`,
    );
    if (networkRows.length === 0) throw new Error('The workspace has no network to put conversations on.');
    const networkIds = networkRows.map((r) => r.id);
    const replica = await canSkipTriggers(db);

    await createTemplates(db);
    const result: SeedLargeResult = {
      workspaceId,
      conversations: 0,
      messages: 0,
      biggestConversation: null,
      longThread: null,
      contactBook: null,
      seconds: 0,
    };
    const messages = options.messages ?? 0;
    const conversations = Math.min(options.conversations ?? 0, messages);
    const batchSize = options.batchSize ?? BATCH;
    const total = messages + (options.longThread ?? 0);
    // Building the message indexes once at the end beats maintaining them row by row (6 s
    // instead of 12 s for 100,000 rows), but only when the new rows are a large share of the table.
    const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from messages`);
    const rebuild = total >= 50_000 && total >= (existing?.n ?? 0) / 2;
    const indexes = rebuild ? await dropIndexes(db, 'messages') : [];
    try {
      if (options.contacts) {
        log(`Seeding ${options.contacts.toLocaleString('en')} contacts…`);
        result.contactBook = await seedContacts(db, {
          workspaceId,
          contacts: options.contacts,
          batchSize,
          replica,
          log,
        });
      }
      if (messages > 0 && conversations > 0) {
        log(
          `Seeding ${messages.toLocaleString('en')} messages in ${conversations.toLocaleString('en')} conversations…`,
        );
        result.biggestConversation = await seedInbox(db, {
          workspaceId,
          networkIds,
          messages,
          conversations,
          batchSize,
          replica,
          log,
        });
        result.conversations += conversations;
        result.messages += messages;
      }
      if (options.longThread) {
        log(`Seeding one conversation with ${options.longThread.toLocaleString('en')} messages…`);
        result.longThread = await seedLongThread(db, {
          workspaceId,
          networkId: networkIds[0]!,
          messages: options.longThread,
          batchSize,
          replica,
        });
        result.conversations += 1;
        result.messages += options.longThread;
      }
    } finally {
      if (indexes.length > 0) {
        log(`Rebuilding ${indexes.length} message indexes…`);
        for (const { indexdef } of indexes) await db.execute(sql.raw(indexdef));
      }
    }
    await db.execute(sql`drop table if exists seed_templates`);
    // The replica role skipped the triggers that keep the control panel's roll-ups.
    if (replica) {
      log('Rebuilding the analytics roll-ups…');
      await rebuildRollups(db);
    }
    // Vacuum too: it sets the rows' visibility once, so the first reads of the new rows do not
    // each check the commit log (a contact's look-up was 30 times slower before it).
    log('Vacuuming and analyzing…');
    await db.execute(sql`vacuum analyze`);
    result.seconds = (performance.now() - started) / 1000;
    if (!options.databaseUrl)
      await writeFile(path.join(options.dataDir, SEED_MANIFEST), JSON.stringify(result, null, 2) + '\n');
    return result;
  } finally {
    await database.close();
  }
}

/** Opens the database like the server does; a new one is migrated and gets the demo seed. */
async function openSeededDatabase(options: SeedLargeOptions, log: (line: string) => void): Promise<Database> {
  const database = await openDatabase(
    options.databaseUrl ? { kind: 'postgres', url: options.databaseUrl } : { kind: 'pglite', dataDir: options.dataDir },
  );
  try {
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from workspaces`);
    if ((row?.n ?? 0) === 0) {
      log('New database: adding the demo workspace…');
      const config = loadConfig({
        ...process.env,
        DATA_DIR: options.dataDir,
        DATABASE_URL: options.databaseUrl ?? '',
        DEMO_SEED: '1',
        LOG_LEVEL: 'silent',
      });
      // Loaded only here: the services, to create the workspace exactly as a start would.
      const [{ createServices }, { seedDemoData }, { resolveKeys }, { default: fastify }] = await Promise.all([
        import('../src/composition.js'),
        import('../src/seed/demo-data.js'),
        import('../src/config/generated-secret.js'),
        import('fastify'),
      ]);
      const { createSoleInstanceBus } = await import('../src/cluster/cluster-bus.js');
      // Fastify's logger when logging is off: a silent one of the type the services take.
      const silent = fastify({ logger: false }).log;
      const composition = createServices({
        config,
        keys: await resolveKeys(config),
        db: database.db,
        soleInstance: database.dialect === 'pglite',
        log: silent,
        events: { toWorkspace: () => {}, toUser: () => {} },
        bus: createSoleInstanceBus(),
      });
      await seedDemoData(composition.services, database.db, silent);
      await composition.close();
    }
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function resolveWorkspace(db: Db, workspace: string | undefined): Promise<string> {
  const rows = workspace
    ? await queryRows<{ id: string }>(
        db,
        sql`select id from workspaces where id::text = ${workspace} or name = ${workspace} order by created_at limit 1`,
      )
    : await queryRows<{ id: string }>(
        db,
        sql`select workspace_id as id from users where lower(email) = ${DEMO_ACCOUNTS[0].email} limit 1`,
      );
  if (!rows[0]) throw new Error(workspace ? `No workspace "${workspace}".` : 'The demo workspace is missing.');
  return rows[0].id;
}

/**
 * Whether this session may skip foreign-key triggers (superuser: PGlite always): the generated
 * rows are consistent by construction, and checking a million references one by one is most of
 * the cost. A PostgreSQL login without the right checks them.
 */
async function canSkipTriggers(db: Db): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
    });
    return true;
  } catch {
    return false;
  }
}

async function inBatch(db: Db, replica: boolean, statement: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    if (replica) await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

async function createTemplates(db: Db): Promise<void> {
  await db.execute(sql`drop table if exists seed_templates`);
  await db.execute(sql`create table seed_templates (
      direction message_direction not null, idx int not null, body text not null,
      encoding message_encoding not null, segments int not null, long_segments int not null,
      primary key (direction, idx))`);
  const rows = templates().map(
    (t) => sql`(${t.direction}::message_direction, ${t.idx}, ${t.body}, ${t.encoding}::message_encoding,
      ${t.segments}, ${t.longSegments})`,
  );
  await db.execute(sql`insert into seed_templates values ${sql.join(rows, sql`, `)}`);
}

/** Drops a table's secondary indexes (to rebuild them after the bulk load); returns their definitions. */
async function dropIndexes(db: Db, table: string): Promise<Array<{ indexname: string; indexdef: string }>> {
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`select i.indexname, i.indexdef from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = ${table}
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const { indexname } of indexes) await db.execute(sql`drop index ${sql.identifier(indexname)}`);
  return indexes;
}

/** The message columns every generated row fills, in this order. */
const MESSAGE_COLUMNS = sql`(workspace_id, network_id, conversation_id, contact_id, direction, body, encoding, segments,
  state, origin, provider_message_id, error_code, error_text, attempts, created_at, updated_at, sending_at, sent_at,
  delivered_at, failed_at, received_at)`;

/**
 * The state columns of a generated message from its direction `g.dir`, time `g.at` and row `g.i`:
 * inbound ones received; outbound ones mostly delivered, some only sent, a few failed.
 */
const messageTail = (runTag: string) => sql`
  case when g.dir = 'in' then 'received'
    when ${hash(sql`g.i`, 5, 100)} < 3 then 'failed'
    when ${hash(sql`g.i`, 5, 100)} < 6 then 'sent'
    else 'delivered' end::message_state,
  case when g.dir = 'in' then null
    when ${hash(sql`g.i`, 6, 100)} < 70 then 'reply'
    when ${hash(sql`g.i`, 6, 100)} < 85 then 'campaign'
    when ${hash(sql`g.i`, 6, 100)} < 95 then 'api'
    else 'auto-reply' end::message_origin,
  ${`SM${runTag}`} || lpad(to_hex(g.i), 24, '0'),
  case when g.dir = 'out' and ${hash(sql`g.i`, 5, 100)} < 3 then '30006' end,
  case when g.dir = 'out' and ${hash(sql`g.i`, 5, 100)} < 3 then 'Landline or unreachable carrier' end,
  case when g.dir = 'out' then 1 else 0 end,
  g.at,
  g.at + interval '3 seconds',
  case when g.dir = 'out' then g.at end,
  case when g.dir = 'out' then g.at + interval '1 second' end,
  case when g.dir = 'out' and ${hash(sql`g.i`, 5, 100)} >= 6 then g.at + interval '3 seconds' end,
  case when g.dir = 'out' and ${hash(sql`g.i`, 5, 100)} < 3 then g.at + interval '2 seconds' end,
  case when g.dir = 'in' then g.at end`;

const runTagOf = () => Math.random().toString(36).slice(2, 8).toUpperCase();

/**
 * Numbers in E.164 from a contact's sequence number: US, UK, German and French mobiles in turn,
 * each country's own range, so they never collide.
 */
const phoneOf = (n: SQL) => sql`(case ${n} % 4
  when 0 then '+1415' || (2000000 + ${n} / 4)::text
  when 1 then '+447' || lpad((${n} / 4)::text, 9, '0')
  when 2 then '+49151' || lpad((${n} / 4)::text, 8, '0')
  else '+336' || lpad((${n} / 4)::text, 8, '0') end)`;

const FIRST = ['Anna', 'Ben', 'Chloé', 'David', 'Elif', 'Fatima', 'Georg', 'Hannah', 'Ismail', 'Julia', 'Karim', 'Léa'];
const LAST = ['Müller', 'Smith', 'Dubois', 'Hassan', 'Schmidt', 'Martin', 'Yılmaz', 'Brown', 'Bernard', 'Nasser'];
const NAMES = FIRST.flatMap((f) => LAST.map((l) => `${f} ${l}`));
const TAGS = [['vip'], ['wholesale'], ['newsletter'], ['vip', 'newsletter'], ['complaint']];

interface InboxPlan {
  workspaceId: string;
  networkIds: string[];
  messages: number;
  conversations: number;
  batchSize: number;
  replica: boolean;
  log: (line: string) => void;
}

/**
 * `conversations` threads with `messages` messages in all: message i ≤ C is the newest of
 * thread i (at the thread's anchor time, so the thread's last_message_at and preview are known
 * before its messages are written); the others go to threads skewed towards a few long ones
 * (thread ⌈C·u³⌉), earlier than the anchor by up to THREAD_DAYS.
 */
async function seedInbox(db: Db, plan: InboxPlan): Promise<{ id: string; messages: number }> {
  const { workspaceId, conversations: C, messages: M } = plan;
  const runTag = runTagOf();
  const [offsetRow] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from contacts where workspace_id = ${workspaceId}`,
  );
  const offset = (offsetRow?.n ?? 0) + 1;
  const networks = sql`array[${sql.join(
    plan.networkIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  await db.execute(sql`drop table if exists seed_threads`);
  await db.execute(sql`create table seed_threads as
    select n, gen_random_uuid() as conversation_id, gen_random_uuid() as contact_id,
      (${networks})[1 + n % ${num(plan.networkIds.length)}] as network_id,
      date_trunc('second', now() - interval '1 hour') - power(random(), 1.5) * interval '${num(SPREAD_DAYS)} days'
        + random() * interval '59 minutes' as anchor
    from generate_series(1, ${num(C)}) n`);
  await db.execute(sql`alter table seed_threads add primary key (n)`);

  const names = sql`array[${sql.join(
    NAMES.map((name) => sql`${name}`),
    sql`, `,
  )}]`;
  const tags = sql`array[${sql.join(
    TAGS.map((t) => sql`${`{${t.join(',')}}`}`),
    sql`, `,
  )}]`;
  const seq = sql`(t.n + ${num(offset)})`;
  await inBatch(
    db,
    plan.replica,
    sql`insert into contacts (id, workspace_id, phone_number, name, tags, opted_out_at, created_at, last_message_at)
      select t.contact_id, ${workspaceId}, ${phoneOf(seq)},
        case when ${hash(sql`t.n`, 7, 100)} < 45 then (${names})[1 + ${hash(sql`t.n`, 8, NAMES.length)}] end,
        case when ${hash(sql`t.n`, 9, 100)} < 10 then (${tags})[1 + ${hash(sql`t.n`, 10, TAGS.length)}]::text[]
          else '{}'::text[] end,
        case when ${hash(sql`t.n`, 11, 1000)} < 15 then t.anchor + interval '1 minute' end,
        t.anchor - interval '${num(THREAD_DAYS + 1)} days', t.anchor
      from seed_threads t`,
  );
  plan.log(`  contacts and conversations: ${C.toLocaleString('en')}`);
  // The newest message of thread n is message i = n: its text is known from n alone.
  const lastBody = sql`replace(b.body, '{n}', ${numberOf(sql`t.n`)})`;
  await inBatch(
    db,
    plan.replica,
    sql`insert into conversations (id, workspace_id, network_id, contact_id, last_message_at, last_message_preview,
        unread_count, created_at)
      select t.conversation_id, ${workspaceId}, t.network_id, t.contact_id, t.anchor, ${previewOf(lastBody)},
        case when b.direction = 'in' and ${hash(sql`t.n`, 12, 100)} < 20 then 1 + ${hash(sql`t.n`, 13, 4)} else 0 end,
        t.anchor - interval '${num(THREAD_DAYS + 1)} days'
      from seed_threads t
      join seed_templates b on b.direction = ${directionOf(sql`t.n`)}::message_direction and b.idx = ${templateOf(sql`t.n`)}`,
  );

  for (let from = 1; from <= M; from += plan.batchSize) {
    const to = Math.min(M, from + plan.batchSize - 1);
    await inBatch(
      db,
      plan.replica,
      sql`insert into messages ${MESSAGE_COLUMNS}
        select ${workspaceId}, g.network_id, g.conversation_id, g.contact_id, g.dir, replace(b.body, '{n}', ${numberOf(sql`g.i`)}),
          b.encoding, b.segments, ${messageTail(runTag)}
        from (
          select s.i, s.dir, t.network_id, t.conversation_id, t.contact_id,
            case when s.i <= ${num(C)} then t.anchor
              else t.anchor - interval '1 minute' - power(random(), 2) * interval '${num(THREAD_DAYS)} days' end as at
          from (
            select i, ${directionOf(sql`i`)}::message_direction as dir,
              case when i <= ${num(C)} then i::int else least(${num(C)}, 1 + floor(${num(C)} * power(random(), 3)))::int end as n
            from generate_series(${num(from)}::bigint, ${num(to)}::bigint) i
          ) s join seed_threads t on t.n = s.n
        ) g
        join seed_templates b on b.direction = g.dir and b.idx = ${templateOf(sql`g.i`)}`,
    );
    plan.log(`  messages: ${to.toLocaleString('en')} / ${M.toLocaleString('en')}`);
  }
  // A thread begins with its first message.
  await inBatch(
    db,
    plan.replica,
    sql`update conversations v set created_at = f.first_at
      from (select conversation_id, min(created_at) as first_at from messages m
            where m.conversation_id in (select conversation_id from seed_threads) group by conversation_id) f
      where v.id = f.conversation_id`,
  );
  await inBatch(
    db,
    plan.replica,
    sql`update contacts c set created_at = v.created_at
      from conversations v join seed_threads t on t.conversation_id = v.id where c.id = v.contact_id`,
  );
  const [biggest] = await queryRows<{ id: string; messages: number }>(
    db,
    sql`select conversation_id as id, count(*)::int as messages from messages
      where conversation_id = (select conversation_id from seed_threads where n = 1) group by conversation_id`,
  );
  await db.execute(sql`drop table seed_threads`);
  return biggest!;
}

interface LongThreadPlan {
  workspaceId: string;
  networkId: string;
  messages: number;
  batchSize: number;
  replica: boolean;
}

/**
 * One contact ("Long Thread") with one conversation of N messages, one every 90 seconds, the
 * newest a day ago; each text starts with its number ("#1 - " is the oldest).
 */
async function seedLongThread(db: Db, plan: LongThreadPlan): Promise<SeedLargeResult['longThread']> {
  const { workspaceId, networkId, messages: N } = plan;
  const runTag = runTagOf();
  const [seqRow] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int + 1 as n from contacts where workspace_id = ${workspaceId}`,
  );
  // A number of its own: the +1 555 01xx fictional range, moved on past any taken.
  const [contact] = await queryRows<{ id: string; phone_number: string; created_at: string }>(
    db,
    sql`insert into contacts (workspace_id, phone_number, name, tags, created_at, last_message_at)
      select ${workspaceId}, p, ${LONG_THREAD_NAME}, '{seed}', now() - interval '1 day' - ${num(N)} * interval '90 seconds',
        date_trunc('second', now()) - interval '1 day'
      from (select '+1202555' || lpad(((${num(seqRow!.n)} + k) % 10000)::text, 4, '0') as p from generate_series(0, 9999) k) c
      where not exists (select 1 from contacts x where x.workspace_id = ${workspaceId} and x.phone_number = c.p)
      limit 1
      returning id, phone_number, created_at`,
  );
  if (!contact) throw new Error('No free number for the long thread.');
  const end = sql`date_trunc('second', now()) - interval '1 day'`;
  const lastBody = sql`'#' || ${num(N)} || ' - ' || replace(b.body, '{n}', ${numberOf(sql`${num(N)}::bigint`)})`;
  const [conversation] = await queryRows<{ id: string }>(
    db,
    sql`insert into conversations (workspace_id, network_id, contact_id, last_message_at, last_message_preview,
        unread_count, created_at)
      select ${workspaceId}, ${networkId}, ${contact.id}, ${end}, ${previewOf(lastBody)}, 0, ${contact.created_at}
      from seed_templates b
      where b.direction = ${directionOf(sql`${num(N)}::bigint`)}::message_direction and b.idx = ${templateOf(sql`${num(N)}::bigint`)}
      returning id`,
  );
  for (let from = 1; from <= N; from += plan.batchSize) {
    const to = Math.min(N, from + plan.batchSize - 1);
    await inBatch(
      db,
      plan.replica,
      sql`insert into messages ${MESSAGE_COLUMNS}
        select ${workspaceId}, ${networkId}, ${conversation!.id}, ${contact.id}, g.dir,
          '#' || g.i || ' - ' || replace(b.body, '{n}', ${numberOf(sql`g.i`)}), b.encoding, b.long_segments,
          ${messageTail(runTag)}
        from (
          select i, ${directionOf(sql`i`)}::message_direction as dir, ${end} - (${num(N)} - i) * interval '90 seconds' as at
          from generate_series(${num(from)}::bigint, ${num(to)}::bigint) i
        ) g
        join seed_templates b on b.direction = g.dir and b.idx = ${templateOf(sql`g.i`)}`,
    );
  }
  return { id: conversation!.id, contactId: contact.id, phoneNumber: contact.phone_number, messages: N };
}

const CITIES = [
  'Berlin',
  'Paris',
  'London',
  'New York',
  'Lyon',
  'Hamburg',
  'Manchester',
  'Chicago',
  'Dubai',
  'Istanbul',
];
const PLANS = ['basic', 'plus', 'gold'];
/** The contact book's lists and the share of contacts (in %) on each. */
const LISTS: Array<[name: string, percent: number]> = [
  ['Customers', 30],
  ['Newsletter', 10],
  ['Event 2026', 1],
];

interface ContactBookPlan {
  workspaceId: string;
  contacts: number;
  batchSize: number;
  replica: boolean;
  log: (line: string) => void;
}

/**
 * N contacts without conversations, as an import would leave them: 70 % named, 20 % tagged,
 * custom fields `city` (60 %) and `plan` (30 %), 2 % opted out, added over two years, and members
 * of three lists (30 %, 10 %, 1 %). The contacts table's secondary indexes are rebuilt once at the
 * end when the new rows are most of it.
 */
async function seedContacts(db: Db, plan: ContactBookPlan): Promise<NonNullable<SeedLargeResult['contactBook']>> {
  const { workspaceId, contacts: N } = plan;
  await db.execute(sql`insert into contact_fields (workspace_id, key, position)
    values (${workspaceId}, 'city', 1), (${workspaceId}, 'plan', 2) on conflict do nothing`);
  const lists: Array<{ id: string; name: string; percent: number }> = [];
  for (const [name, percent] of LISTS) {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`with added as (insert into contact_lists (workspace_id, name) values (${workspaceId}, ${name})
          on conflict do nothing returning id)
        select id from added union all
        select id from contact_lists where workspace_id = ${workspaceId} and lower(name) = lower(${name})`,
    );
    lists.push({ id: row!.id, name, percent });
  }
  const [offsetRow] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from contacts where workspace_id = ${workspaceId}`,
  );
  const offset = (offsetRow?.n ?? 0) + 1;
  const indexes = N >= 50_000 && N >= (offsetRow?.n ?? 0) ? await dropIndexes(db, 'contacts') : [];
  const text = (values: string[]) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]`;
  const tags = sql`array[${sql.join(
    TAGS.map((t) => sql`${`{${t.join(',')}}`}`),
    sql`, `,
  )}]`;
  const i = sql`g.i`;
  const members = lists.map((list, k) => {
    const name = sql.raw(`m${k}`);
    return sql`, ${name} as (insert into contact_list_members (list_id, contact_id, contact_created_at)
      select ${list.id}::uuid, c.id, c.created_at from c where abs(hashtext(c.id::text) % 100) < ${num(list.percent)})`;
  });
  try {
    for (let from = 1; from <= N; from += plan.batchSize) {
      const to = Math.min(N, from + plan.batchSize - 1);
      await inBatch(
        db,
        plan.replica,
        sql`with c as (
            insert into contacts (workspace_id, phone_number, name, tags, custom_fields, opted_out_at, created_at, updated_at)
            select ${workspaceId}, ${phoneOf(sql`(g.i + ${num(offset)})`)},
              case when ${hash(i, 21, 100)} < 70 then (${text(NAMES)})[1 + ${hash(i, 22, NAMES.length)}] end,
              case when ${hash(i, 23, 100)} < 20 then (${tags})[1 + ${hash(i, 24, TAGS.length)}]::text[] else '{}'::text[] end,
              jsonb_strip_nulls(jsonb_build_object(
                'city', case when ${hash(i, 25, 100)} < 60 then (${text(CITIES)})[1 + ${hash(i, 26, CITIES.length)}] end,
                'plan', case when ${hash(i, 27, 100)} < 30 then (${text(PLANS)})[1 + ${hash(i, 28, PLANS.length)}] end)),
              case when ${hash(i, 29, 100)} < 2 then g.at + interval '1 day' end,
              g.at, g.at
            from (select i, date_trunc('second', now()) - ${hash(sql`i`, 30, 730 * 24 * 60)} * interval '1 minute' as at
              from generate_series(${num(from)}::bigint, ${num(to)}::bigint) i) g
            returning id, created_at
          )${sql.join(members, sql``)}
          select count(*) from c`,
      );
      plan.log(`  contacts: ${to.toLocaleString('en')} / ${N.toLocaleString('en')}`);
    }
  } finally {
    if (indexes.length > 0) {
      plan.log(`Rebuilding ${indexes.length} contact indexes…`);
      for (const { indexdef } of indexes) await db.execute(sql.raw(indexdef));
    }
  }
  return { contacts: N, lists: lists.map(({ id, name }) => ({ id, name })) };
}

async function main() {
  const { values } = parseArgs({
    options: {
      messages: { type: 'string' },
      conversations: { type: 'string' },
      'long-thread': { type: 'string' },
      contacts: { type: 'string' },
      'data-dir': { type: 'string' },
      workspace: { type: 'string' },
      'batch-size': { type: 'string' },
    },
  });
  const count = (name: string, value: string | undefined, fallback: number) => {
    const n = value === undefined ? fallback : Number(value.replaceAll('_', ''));
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, not "${value}".`);
    return n;
  };
  const longThread = count('long-thread', values['long-thread'], 0);
  const contacts = count('contacts', values.contacts, 0);
  // `--long-thread` or `--contacts` alone add just those; otherwise the big inbox (1M / 100k) by default.
  const only = (longThread > 0 || contacts > 0) && values.messages === undefined;
  const messages = count('messages', values.messages, only ? 0 : 1_000_000);
  const conversations = count('conversations', values.conversations, only ? 0 : Math.ceil(messages / 10));
  const started = performance.now();
  const result = await seedLarge({
    dataDir: path.resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data'),
    databaseUrl: process.env.DATABASE_URL || undefined,
    workspace: values.workspace,
    messages,
    conversations,
    longThread,
    contacts,
    batchSize: count('batch-size', values['batch-size'], BATCH) || BATCH,
    log: (line) => console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`),
  });
  console.log(
    `Added ${result.messages.toLocaleString('en')} messages in ${result.conversations.toLocaleString('en')} ` +
      `conversation${result.conversations === 1 ? '' : 's'} in ${result.seconds.toFixed(1)} s.`,
  );
  if (result.biggestConversation)
    console.log(
      `Longest generated thread: ${result.biggestConversation.id} (${result.biggestConversation.messages} messages).`,
    );
  if (result.longThread) console.log(`Long thread: ${result.longThread.id} (${result.longThread.phoneNumber}).`);
  if (result.contactBook)
    console.log(
      `Contact book: ${result.contactBook.contacts.toLocaleString('en')} contacts; lists ${result.contactBook.lists.map((l) => l.name).join(', ')}.`,
    );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
