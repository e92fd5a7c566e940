/**
 * Outbound dispatch to the local SMS centre (a real SMPP peer in this process, the server in its
 * own): the rate with the network's limit set high, and the most parts the centre saw in any one
 * second with the limit set low. Delivery receipts flow back during both. Run with `npm run bench`.
 */
import { cpus, totalmem } from 'node:os';
import { startSmsc, type Smsc, type SubmitRecord } from '../test/helpers/smsc.js';
import { apiCall, demoAdminAuthorization, startBenchServer } from './lib/server-process.js';

const HIGH_COUNT = Number(process.env.BENCH_SMPP_MESSAGES ?? 5_000);
const LOW_LIMIT = 50;
const LOW_COUNT = 500;

interface Ctx {
  url: string;
  authorization: string;
  smsc: Smsc;
}

async function createNetwork(ctx: Ctx, name: string, throughput: number): Promise<string> {
  const { network } = await apiCall<{ network: { id: string } }>(ctx.url, ctx.authorization, 'POST', '/api/networks', {
    kind: 'smpp',
    name,
    address: name.toUpperCase().slice(0, 11),
    throughput,
    settings: { host: '127.0.0.1', port: ctx.smsc.port, systemId: 'bench', password: 'bench', windowSize: 100 },
  });
  return network.id;
}

/** Queues `count` messages through the API, 32 requests at a time; returns the rate. */
async function queue(ctx: Ctx, networkId: string, count: number, tag: string): Promise<number> {
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < count) {
        const i = next++;
        await apiCall(ctx.url, ctx.authorization, 'POST', '/api/messages', {
          networkId,
          to: `+1202555${(1000 + (i % 9000)).toString().padStart(4, '0')}`,
          body: `${tag} ${i}: your order has shipped`,
        });
      }
    }),
  );
  return count / ((performance.now() - start) / 1000);
}

async function waitForTagged(smsc: Smsc, tag: string, count: number): Promise<SubmitRecord[]> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const tagged = smsc.submits.filter((s) => s.text.startsWith(`${tag} `));
    if (tagged.length >= count) return tagged;
    if (Date.now() > deadline) throw new Error(`only ${tagged.length} of ${count} ${tag} submits arrived`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The most submits within any one-second window. */
function maxPerSecond(submits: SubmitRecord[]): number {
  const times = submits.map((s) => s.at).sort((a, b) => a - b);
  let max = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= 1000) j++;
    max = Math.max(max, i - j + 1);
  }
  return max;
}

async function main() {
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  const smsc = await startSmsc({ systemId: 'bench', password: 'bench', autoDeliveryReceipt: true });
  const server = await startBenchServer({ LOG_LEVEL: 'error' });
  const ctx: Ctx = { url: server.url, authorization: await demoAdminAuthorization(server.url), smsc };

  // High limit: queue everything while the network crawls at 1/s, then open it up and time the drain.
  const fast = await createNetwork(ctx, 'fast', 1);
  const queueRate = await queue(ctx, fast, HIGH_COUNT, 'fast');
  const opened = performance.now();
  await apiCall(ctx.url, ctx.authorization, 'PATCH', `/api/networks/${fast}`, { throughput: 10_000 });
  const fastSubmits = (await waitForTagged(smsc, 'fast', HIGH_COUNT)).filter((s) => s.at >= opened);
  const lastAt = Math.max(...fastSubmits.map((s) => s.at));
  const drainSeconds = (lastAt - opened) / 1000;
  // From the first part the reopened bind sent (the settings change restarts the bind) to the last.
  const steadySeconds = (lastAt - Math.min(...fastSubmits.map((s) => s.at))) / 1000;
  const highRate = fastSubmits.length / steadySeconds;

  // Low limit: the centre must never see more than the limit in any second.
  const slow = await createNetwork(ctx, 'slow', LOW_LIMIT);
  await queue(ctx, slow, LOW_COUNT, 'slow');
  const slowSubmits = await waitForTagged(smsc, 'slow', LOW_COUNT);
  const slowSpan = (Math.max(...slowSubmits.map((s) => s.at)) - Math.min(...slowSubmits.map((s) => s.at))) / 1000;

  await server.stop();
  await smsc.close();

  console.log('\nServer in its own process on embedded PGlite; SMS centre (smpp package) in the bench process.');
  console.log('Single-segment GSM-7 messages, window 100, delivery receipts on.\n');
  console.log('| case | messages | result |');
  console.log('|---|---|---|');
  console.log(`| queue through POST /api/messages (32 at a time) | ${HIGH_COUNT} | ${Math.round(queueRate)} msg/s |`);
  console.log(
    `| dispatch, limit 10,000/s | ${fastSubmits.length} | ${Math.round(highRate)} segments/s from the first submit; ${drainSeconds.toFixed(1)} s from the settings change (rebind included) |`,
  );
  console.log(
    `| dispatch, limit ${LOW_LIMIT}/s | ${LOW_COUNT} | most in any 1 s: ${maxPerSecond(slowSubmits)}; mean ${(slowSubmits.length / slowSpan).toFixed(1)}/s |`,
  );
  if (maxPerSecond(slowSubmits) > LOW_LIMIT + 1) {
    console.error(`The centre saw more than ${LOW_LIMIT} parts in one second.`);
    process.exitCode = 1;
  }
}

await main();
