// Starts the built server for the browser tests on a fresh embedded database.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

rmSync(process.env.DATA_DIR, { recursive: true, force: true });
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server/dist');
// E2E_LONG_THREAD=N: first a conversation with N messages on its own contact ("Long Thread"),
// for conversations-long-thread.spec.ts (a few seconds with `seed:large`'s generator).
if (process.env.E2E_LONG_THREAD) {
  const { seedLarge } = await import(pathToFileURL(path.join(dist, 'seed/seed-large.js')).href);
  await seedLarge({ dataDir: process.env.DATA_DIR, longThread: Number(process.env.E2E_LONG_THREAD) });
}
await import(pathToFileURL(path.join(dist, 'server.js')).href);
