import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Campaign, CampaignRecipient, ContactImport, ContactImportUploadResponse } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  freePort,
  killLeftovers,
  restartAfterCrash,
  START_TIMEOUT_MS,
  startServer,
  stop,
} from '../helpers/server-process.js';
import { startSmsc, type Smsc, type SubmitRecord } from '../helpers/smsc.js';

const RECIPIENTS = 10_000;
const OPTED_OUT = 5;
const RATE = 250;
const WINDOW = 25;
const BODY = 'Hi {name|there}, this is the campaign pipeline test.';

/** Recipient i: a German mobile number; every other one has a name, the rest get the default. */
const numberOf = (i: number) => `+4915${100_000_000 + i}`;
const nameOf = (i: number) => (i % 2 === 0 ? `Ada ${i}` : '');
const textOf = (i: number) => `Hi ${nameOf(i) || 'there'}, this is the campaign pipeline test.`;

const until = async (what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** The most submits the centre received in any one-second window (sliding, from each submit). */
function busiestSecond(submits: readonly SubmitRecord[]): number {
  const times = submits.map((submit) => submit.at).sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last++) {
    while (times[last]! - times[first]! >= 1_000) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/**
 * The issue's pipeline test, through the HTTP API and a local SMS centre only: a campaign to
 * 10,000 contacts of a list (and 5 opted-out ones, left out) on an SMPP network at 250 a second,
 * paused and resumed, the server killed with SIGKILL while sending and restarted on the same
 * data. Every recipient must reach the centre with their own text and end sent or delivered,
 * exactly once but for the submits in flight at the kill (at most the SMPP window); the rate is
 * never above the campaign's in any second; while paused nothing new is submitted.
 */
describe('a campaign through SMPP across a pause and a SIGKILL', () => {
  let dataDir: string;
  let smsc: Smsc;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-campaign-crash-'));
    // No delivery receipts: each costs the server a write, and without them it can send well above
    // the campaign's rate, so the rate check below would catch a campaign that is not paced.
    smsc = await startSmsc({ systemId: 'campaign', password: 'secret' });
  });
  afterAll(async () => {
    await killLeftovers();
    await smsc.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'reaches every recipient once at the set rate, stops while paused and finishes after a crash',
    async () => {
      const began = performance.now();
      const timeline: string[] = [];
      const mark = (what: string) => timeline.push(`${what} ${((performance.now() - began) / 1000).toFixed(1)} s`);
      const port = await freePort();
      const env = { PORT: String(port), DATA_DIR: dataDir, DEMO_SEED: '1', MESSAGE_LEASE_SECONDS: '5' };
      const first = startServer(env);
      await first.waitForOutput('Switchboard is serving');
      let token = await signIn(port);
      mark('served');

      const network = await api(
        port,
        'POST',
        '/api/networks',
        {
          kind: 'smpp',
          name: 'Campaign centre',
          address: 'CAMPAIGN',
          throughput: 1_000,
          settings: {
            host: '127.0.0.1',
            port: smsc.port,
            systemId: 'campaign',
            password: 'secret',
            windowSize: WINDOW,
          },
        },
        token,
      );
      expect(network.status).toBe(201);
      const networkId = (network.body.network as { id: string }).id;

      const list = await api(port, 'POST', '/api/contact-lists', { name: 'Pipeline' }, token);
      expect(list.status).toBe(201);
      const listId = (list.body.list as { id: string }).id;
      const imported = await importContacts(port, token, listId);
      expect(imported).toMatchObject({ state: 'completed', created: RECIPIENTS, invalid: 0 });
      for (let i = 0; i < OPTED_OUT; i++) {
        const contact = await api(
          port,
          'POST',
          '/api/contacts',
          { phoneNumber: numberOf(RECIPIENTS + i), name: 'Opted out', listIds: [listId], optedOut: true },
          token,
        );
        expect(contact.status).toBe(201);
      }
      mark('imported');

      const created = await api(
        port,
        'POST',
        '/api/campaigns',
        {
          name: 'Pipeline test',
          networkIds: [networkId],
          audience: { listIds: [listId] },
          body: BODY,
          ratePerSecond: RATE,
          quietHours: null,
        },
        token,
      );
      expect(created.status).toBe(201);
      const campaignId = (created.body.campaign as Campaign).id;
      const action = async (name: string) => {
        const answer = await api(port, 'POST', `/api/campaigns/${campaignId}/${name}`, undefined, token);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return answer.body.campaign as Campaign;
      };
      const campaign = async () => {
        const answer = await api(port, 'GET', `/api/campaigns/${campaignId}`, undefined, token);
        expect(answer.status).toBe(200);
        return answer.body.campaign as Campaign;
      };

      const started = await action('start');
      expect(started.state).toBe('sending');
      expect(started.exclusions).toMatchObject({ optedOut: OPTED_OUT, missingVariable: 0 });
      expect(started.counts.recipients).toBe(RECIPIENTS);
      mark('started');

      // Pause: within a second nothing new reaches the centre, for as long as it stays paused.
      await smsc.waitForSubmits(1_500, 60_000);
      const pauseAskedAt = performance.now();
      const paused = await action('pause');
      expect(paused.state).toBe('paused');
      const pausedAt = performance.now();
      mark('paused');
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      const whilePaused = smsc.submits.filter((submit) => submit.at > pausedAt + 1_000).length;
      const settling = smsc.submits.filter((submit) => submit.at > pauseAskedAt).length;
      expect(whilePaused, 'submits more than a second after the pause').toBe(0);
      const atPause = await campaign();
      expect(atPause.state).toBe('paused');
      expect(atPause.counts.queued).toBeGreaterThan(0);

      // Resume, then kill the server mid-way.
      expect((await action('resume')).state).toBe('sending');
      mark('resumed');
      const resumedFrom = smsc.submits.length;
      await smsc.waitForSubmits(resumedFrom + 2_000, 60_000);
      first.child.kill('SIGKILL');
      await first.exited;
      const atKill = smsc.submits.length;
      mark('killed');

      const second = await restartAfterCrash(env);
      token = await signIn(port);
      mark('restarted');
      const destinations = () => new Set(smsc.submits.map((submit) => submit.destination));
      await until(`${RECIPIENTS} recipients at the centre`, () => destinations().size >= RECIPIENTS, 180_000);
      mark('all at the centre');
      // The last responses and receipts may still be on their way into the database.
      await until(
        'the campaign to complete',
        async () => {
          const { state, counts } = await campaign();
          return state === 'completed' && counts.sent + counts.delivered === RECIPIENTS;
        },
        60_000,
      );
      mark('completed');

      const perNumber = new Map<string, SubmitRecord[]>();
      for (const submit of smsc.submits)
        perNumber.set(submit.destination, [...(perNumber.get(submit.destination) ?? []), submit]);
      const repeated = [...perNumber.values()].filter((submits) => submits.length > 1).length;
      const busiest = busiestSecond(smsc.submits);
      console.log(
        `campaign crash test: ${timeline.join(', ')}; ` +
          `${settling} submits after the pause was asked for, ${atKill} before the kill, ` +
          `${smsc.submits.length} in all to ${perNumber.size} numbers, ${repeated} sent twice (window ${WINDOW}); ` +
          `busiest second ${busiest} (rate ${RATE})`,
      );

      // Everyone in the list but the opted-out, each with their own text, and nobody else.
      expect(perNumber.size).toBe(RECIPIENTS);
      for (let i = 0; i < RECIPIENTS; i++) {
        const submits = perNumber.get(numberOf(i).slice(1));
        expect(submits?.[0]?.text, numberOf(i)).toBe(textOf(i));
      }
      for (let i = 0; i < OPTED_OUT; i++) expect(perNumber.has(numberOf(RECIPIENTS + i).slice(1))).toBe(false);
      expect(Math.max(...[...perNumber.values()].map((submits) => submits.length))).toBeLessThanOrEqual(2);
      expect(repeated).toBeLessThanOrEqual(WINDOW);
      // The server paces its sends; the centre stamps them on arrival. Sends before a window's start
      // can arrive inside it only while unanswered, and at most WINDOW are unanswered at once.
      expect(busiest).toBeLessThanOrEqual(RATE + WINDOW);

      const finished = await campaign();
      expect(finished.counts).toMatchObject({ recipients: RECIPIENTS, queued: 0, sending: 0, failed: 0, cancelled: 0 });
      const recipients = await allRecipients(port, token, campaignId);
      expect(recipients).toHaveLength(RECIPIENTS);
      expect(new Set(recipients.map((recipient) => recipient.phoneNumber)).size).toBe(RECIPIENTS);
      const states = new Map<string, number>();
      for (const recipient of recipients) states.set(recipient.state, (states.get(recipient.state) ?? 0) + 1);
      expect(
        [...states.keys()].every((state) => state === 'sent' || state === 'delivered'),
        JSON.stringify([...states]),
      ).toBe(true);
      expect(await stop(second)).toBe(0);
    },
    START_TIMEOUT_MS * 2 + 300_000,
  );
});

async function signIn(port: number): Promise<string> {
  const login = await api(port, 'POST', '/api/auth/login', { email: 'admin@demo.com', password: 'demo-password' });
  expect(login.status).toBe(200);
  return login.body.accessToken as string;
}

/** The recipients as a CSV through the import API, every one joining the list. */
async function importContacts(port: number, token: string, listId: string): Promise<ContactImport> {
  const lines = ['Mobile,Name'];
  for (let i = 0; i < RECIPIENTS; i++) lines.push(`${numberOf(i)},${nameOf(i)}`);
  const form = new FormData();
  form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'pipeline.csv');
  const upload = await fetch(`http://127.0.0.1:${port}/api/contacts/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(upload.status).toBe(201);
  const uploaded = (await upload.json()) as ContactImportUploadResponse;
  const importId = uploaded.import.id;
  const start = await api(
    port,
    'POST',
    `/api/contacts/imports/${importId}/start`,
    { mapping: ['number', 'name'], mode: 'update', listId },
    token,
  );
  expect(start.status).toBe(202);
  let report = uploaded.import;
  await until(
    'the import to finish',
    async () => {
      report = (await api(port, 'GET', `/api/contacts/imports/${importId}`, undefined, token)).body
        .import as ContactImport;
      return report.state !== 'uploaded' && report.state !== 'running';
    },
    120_000,
  );
  return report;
}

async function allRecipients(port: number, token: string, campaignId: string): Promise<CampaignRecipient[]> {
  const recipients: CampaignRecipient[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = await api(port, 'GET', `/api/campaigns/${campaignId}/recipients?${query}`, undefined, token);
    expect(page.status).toBe(200);
    recipients.push(...(page.body.recipients as CampaignRecipient[]));
    cursor = page.body.nextCursor as string | null;
  } while (cursor);
  return recipients;
}
