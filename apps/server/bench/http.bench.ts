/**
 * HTTP baseline on the embedded database: the health probe, an authenticated read (JWT verify +
 * session lookup) and sign-in (argon2id-bound). Prints req/s and latency percentiles per case.
 * Run with `npm run bench`.
 */
import { cpus, totalmem } from 'node:os';
import autocannon from 'autocannon';
import { startBenchServer } from './lib/server-process.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  connections: number;
}

async function main() {
  const server = await startBenchServer({ AUTH_RATE_LIMIT: '1000000' });
  const address = server.url;
  const login = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.com', password: 'demo-password' }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };

  const cases: Case[] = [
    { name: 'GET /api/health', method: 'GET', path: '/api/health', connections: 20 },
    { name: 'GET /api/auth/me (authenticated)', method: 'GET', path: '/api/auth/me', connections: 20 },
    {
      name: 'POST /api/auth/login (argon2id)',
      method: 'POST',
      path: '/api/auth/login',
      body: JSON.stringify({ email: 'editor@demo.com', password: 'demo-password' }),
      connections: 4,
    },
  ];

  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  console.log(`Each case: ${DURATION} s of autocannon against the server in its own process, embedded PGlite\n`);
  console.log('| case | connections | req/s (mean) | p50 ms | p97.5 ms | p99 ms | non-2xx |');
  console.log('|---|---|---|---|---|---|---|');
  for (const c of cases) {
    const result = await autocannon({
      url: `${address}${c.path}`,
      method: c.method,
      connections: c.connections,
      duration: DURATION,
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      ...(c.body ? { body: c.body } : {}),
    });
    const l = result.latency;
    console.log(
      `| ${c.name} | ${c.connections} | ${Math.round(result.requests.average)} | ${l.p50} | ${l.p97_5} | ${l.p99} | ${result.non2xx} |`,
    );
  }
  await server.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
