import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignAction,
  campaignNow,
  createSmppNetwork,
  draftCampaign,
  importRecipients,
  submitsPerNumber,
} from '../helpers/cluster-campaign.js';
import { connectedOne } from '../helpers/process-connections.js';
import {
  expectCall,
  registerAdmin,
  CLUSTER_START_TIMEOUT_MS,
  startServerCluster,
  type Instance,
  type ServerCluster,
} from '../helpers/server-cluster.js';
import { killLeftovers } from '../helpers/server-process.js';
import { startSmsc, type Smsc } from '../helpers/smsc.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const RECIPIENTS = 10_000;
const RATE = 100;
const WINDOW = 10;
/** The bound from an answer on B to its effect on A. */
const VISIBLE_MS = 1_000;
/** Long enough after the bound to see any submit that should not have happened. */
const WATCH_MS = 4_000;

/**
 * Issue 15: a 10,000-recipient campaign sends from the instance that holds its network's bind
 * (A); a pause, and later disabling the network, asked of the other instance (B) stop A's
 * submits within a second of B's answer. The SMS centre stamps every submit on arrival in this
 * process, so "after the stop became visible" is measured on the same clock as B's answer.
 */
describe.skipIf(!onPostgres)('a campaign on A stopped from B', () => {
  let cluster: ServerCluster;
  let smsc: Smsc;

  beforeAll(async () => {
    smsc = await startSmsc({ systemId: 'gate', password: 'secret' });
    cluster = await startServerCluster();
  }, CLUSTER_START_TIMEOUT_MS);
  afterAll(async () => {
    await cluster?.close();
    await killLeftovers();
    await smsc?.close();
  });

  it('submits nothing more than a second after B answered a pause, and after B disabled the network', async () => {
    const [first, second] = cluster.instances as [Instance, Instance];
    const token = await registerAdmin(first, 'admin@campaign-gate.example');
    const networkId = await createSmppNetwork(first, token, smsc, {
      systemId: 'gate',
      throughput: 1_000,
      windowSize: WINDOW,
    });
    await smsc.waitForSessions(1, 30_000);
    // A is whichever instance holds the bind, so every submit is A's; B only answers requests.
    const a = (await connectedOne(cluster.instances, smsc.port))!;
    expect(a, 'one instance holds the bind').toBeDefined();
    const b = a === first ? second : first;

    const listId = await importRecipients(b, token, RECIPIENTS);
    const campaignId = await draftCampaign(a, token, { networkId, listId, ratePerSecond: RATE });
    const started = await campaignAction(a, token, campaignId, 'start');
    expect(started.counts.recipients).toBe(RECIPIENTS);
    await smsc.waitForSubmits(300, 60_000);

    /**
     * After B answered at `answeredAt`: the submits in the second before the request (it was
     * sending), those after the answer, those later than the bound, and how late the last came.
     */
    const around = async (askedAt: number, answeredAt: number) => {
      await new Promise((resolve) => setTimeout(resolve, VISIBLE_MS + WATCH_MS));
      const later = smsc.submits.filter((submit) => submit.at > answeredAt);
      return {
        before: smsc.submits.filter((submit) => submit.at > askedAt - 1_000 && submit.at <= askedAt).length,
        settled: later.length,
        late: later.filter((submit) => submit.at > answeredAt + VISIBLE_MS).length,
        lastMs: later.length ? later.at(-1)!.at - answeredAt : 0,
      };
    };
    const summary = (what: string, { before, settled, lastMs }: Awaited<ReturnType<typeof around>>) =>
      `${what}: ${before} submits in the second before, ${settled} after B's answer (the last ${lastMs.toFixed(0)} ms after)`;

    let askedAt = performance.now();
    expect((await campaignAction(b, token, campaignId, 'pause')).state).toBe('paused');
    const paused = await around(askedAt, performance.now());

    const beforeResume = smsc.submits.length;
    expect((await campaignAction(b, token, campaignId, 'resume')).state).toBe('sending');
    await smsc.waitForSubmits(beforeResume + 300, 30_000);

    askedAt = performance.now();
    await expectCall(200, b, 'PATCH', `/api/networks/${networkId}`, { token, body: { enabled: false } });
    const disabled = await around(askedAt, performance.now());

    const campaign = await campaignNow(b, token, campaignId);
    const repeated = [...submitsPerNumber(smsc.submits).values()].filter((n) => n > 1).length;
    console.log(
      `campaign gate: ${summary('pause on B', paused)}; ${summary('network disabled on B', disabled)}; ` +
        `${smsc.submits.length} submits in all, ${repeated} repeated, ${campaign.counts.queued} still queued`,
    );
    expect(paused.before, 'A was sending when B was asked to pause').toBeGreaterThan(0);
    expect(disabled.before, 'A was sending when B was asked to disable the network').toBeGreaterThan(0);
    expect(paused.late, 'submits more than a second after B answered the pause').toBe(0);
    expect(disabled.late, 'submits more than a second after B disabled the network').toBe(0);
    expect(campaign.counts.queued).toBeGreaterThan(0);
    expect(repeated).toBe(0);
  }, 300_000);
});
