/**
 * Webhook → visible: how long after a provider's webhook an inbound SMS shows in an inbox that
 * is open in Chromium. The built web app is served by the server (in its own process, embedded
 * PGlite, demo seed); the signed-in demo admin has the sender's conversation open. 100 times, the
 * page itself posts a Twilio-signed `POST /hooks/twilio/:id/sms` (so the start and the end are
 * read on the page's clock) and a MutationObserver notes when the text enters the thread.
 * Target: p95 ≤ 300 ms. Uses apps/web/dist (or WEB_DIST_DIR); builds the web into the temp dir
 * when neither exists. Needs Chromium (/usr/bin/chromium or CHROMIUM_PATH).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import twilio from 'twilio';
import { apiCall, demoAdminAuthorization, startBenchServer } from './lib/server-process.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const TARGET_P95_MS = 300;
const AUTH_TOKEN = 'bench-auth-token-0123456789';
const SENDER = '+14155550142';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The built web app: WEB_DIST_DIR, apps/web/dist, or a fresh build in the temp dir. */
function webDist(): string | null {
  for (const dir of [process.env.WEB_DIST_DIR, path.join(root, 'apps/web/dist')])
    if (dir && existsSync(path.join(dir, 'index.html'))) return dir;
  const out = path.join(tmpdir(), 'switchboard-bench-web');
  console.log(`No web build found: building it into ${out} …`);
  const build = spawnSync('npx', ['vite', 'build', 'apps/web', '--outDir', out, '--emptyOutDir'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return build.status === 0 && existsSync(path.join(out, 'index.html')) ? out : null;
}

/** What the in-page functions use of the browser (the server's TypeScript has no DOM types). */
interface PageGlobals {
  seen: Record<string, number>;
  waiting: Set<string>;
  document: { querySelector(selector: string): { textContent: string | null } | null; body: unknown };
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  if (!existsSync(CHROMIUM)) {
    console.log(`Skipped: no Chromium at ${CHROMIUM} (install Debian's chromium or set CHROMIUM_PATH).`);
    return;
  }
  const dist = webDist();
  if (!dist) {
    console.log('Skipped: the web app is not built and could not be built (npm run build -w @switchboard/web).');
    return;
  }

  const server = await startBenchServer({ LOG_LEVEL: 'error', AUTH_RATE_LIMIT: '1000000', WEB_DIST_DIR: dist });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    // The flags of apps/web/playwright.config.ts.
    args: [
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const authorization = await demoAdminAuthorization(server.url);
    const { network } = await apiCall<{ network: { id: string } }>(server.url, authorization, 'POST', '/api/networks', {
      kind: 'http',
      name: 'Latency bench provider',
      address: '+14155550100',
      settings: { accountSid: 'ACbench', authToken: AUTH_TOKEN, apiBaseUrl: 'http://127.0.0.1:9' },
    });
    const hookUrl = `${server.url}/hooks/twilio/${network.id}/sms`;
    const webhook = (k: number, body: string) => {
      const params = {
        MessageSid: `SMlatency${k.toString().padStart(24, '0')}`,
        AccountSid: 'ACbench',
        From: SENDER,
        To: '+14155550100',
        Body: body,
        NumMedia: '0',
      };
      return {
        body: new URLSearchParams(params).toString(),
        signature: twilio.getExpectedTwilioSignature(AUTH_TOKEN, hookUrl, params),
      };
    };
    // The first message opens the conversation.
    const opening = webhook(0, 'Hello, this is the latency bench.');
    const first = await fetch(hookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': opening.signature },
      body: opening.body,
    });
    if (!first.ok) throw new Error(`webhook: ${first.status} ${await first.text()}`);
    const { conversations } = await apiCall<{ conversations: Array<{ id: string; contact: { phoneNumber: string } }> }>(
      server.url,
      authorization,
      'GET',
      `/api/conversations?q=${encodeURIComponent(SENDER)}`,
    );
    const conversation = conversations.find((c) => c.contact.phoneNumber === SENDER);
    if (!conversation) throw new Error('the bench conversation is missing');

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(
      `${server.url}/pages/login?to=${encodeURIComponent(`/views/conversations?conversation=${conversation.id}`)}`,
    );
    await page.getByLabel('Email').fill('admin@demo.com');
    await page.getByLabel(/^Password/).fill('demo-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page
      .getByTestId('thread-scroller')
      .locator('[data-message-id]')
      .filter({ hasText: 'latency bench' })
      .waitFor({ timeout: 30_000 });
    // Let the socket connect and the first fetches settle.
    await page.waitForTimeout(1_000);

    // In the page: a MutationObserver notes (page clock) when each marker's text enters the thread.
    await page.evaluate(() => {
      const w = globalThis as unknown as PageGlobals;
      w.seen = {};
      w.waiting = new Set();
      new w.MutationObserver(() => {
        if (w.waiting.size === 0) return;
        const text = w.document.querySelector('[data-testid="thread-scroller"]')?.textContent ?? '';
        for (const marker of w.waiting)
          if (text.includes(marker)) {
            w.seen[marker] = performance.now();
            w.waiting.delete(marker);
          }
      }).observe(w.document.body, { childList: true, subtree: true, characterData: true });
    });

    const total: number[] = [];
    const afterAccepted: number[] = [];
    let lost = 0;
    for (let k = 1; k <= ROUNDS; k++) {
      const marker = `lat-${k.toString().padStart(3, '0')}`;
      const { body, signature } = webhook(k, `Latency probe ${marker}: is my order ready?`);
      const times = await page.evaluate(
        async ({ url, body, signature, marker }) => {
          const w = globalThis as unknown as PageGlobals;
          w.waiting.add(marker);
          const t0 = performance.now();
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
            body,
          });
          const accepted = performance.now();
          if (!response.ok) return { error: response.status };
          const deadline = t0 + 5_000;
          while (w.seen[marker] === undefined && performance.now() < deadline)
            await new Promise((resolve) => setTimeout(resolve, 5));
          const seen = w.seen[marker];
          return seen === undefined ? { error: 'not visible in 5 s' } : { t0, accepted, seen };
        },
        { url: `/hooks/twilio/${network.id}/sms`, body, signature, marker },
      );
      if ('error' in times) {
        lost += 1;
        console.error(`Message ${k}: ${times.error}`);
        continue;
      }
      total.push(times.seen - times.t0);
      afterAccepted.push(Math.max(0, times.seen - times.accepted));
      await page.waitForTimeout(50);
    }

    const row = (name: string, values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const ms = (n: number) => n.toFixed(0);
      return `| ${name} | ${values.length} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} | ${ms(sorted.at(-1)!)} |`;
    };
    console.log(
      `\n${ROUNDS} inbound SMS, one at a time, each a Twilio-signed webhook posted from the open inbox page ` +
        `(headless Chromium, ${dist === path.join(root, 'apps/web/dist') ? 'apps/web/dist' : dist}); server in its own process, embedded PGlite\n`,
    );
    console.log('| from → to | messages | p50 ms | p95 ms | max ms |');
    console.log('|---|---|---|---|---|');
    if (total.length > 0) {
      console.log(row('webhook posted → text in the thread (DOM)', total));
      console.log(row('webhook answered (accepted) → text in the thread', afterAccepted));
    }
    const p95 = total.length
      ? percentile(
          [...total].sort((a, b) => a - b),
          95,
        )
      : Infinity;
    console.log(
      `\nTarget p95 ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS && lost === 0 ? 'met' : 'missed'}` +
        (lost ? ` (${lost} messages never appeared)` : '') +
        '.',
    );
    if (lost > 0) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
