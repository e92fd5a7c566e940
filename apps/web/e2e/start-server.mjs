// Starts the built server for the browser tests on a fresh embedded database.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

rmSync(process.env.DATA_DIR, { recursive: true, force: true });
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dist = path.join(root, 'apps/server/dist');
// E2E_LONG_THREAD=N: first a conversation with N messages on its own contact ("Long Thread"),
// for conversations-long-thread.spec.ts (a few seconds with `seed:large`'s generator, which is
// a script beside the server, not part of its build). With E2E_LONG_THREAD_TEMPLATE, a data
// directory `npm test` seeded so once for every shard, it starts from a copy of that instead.
if (process.env.E2E_LONG_THREAD) {
  const template = process.env.E2E_LONG_THREAD_TEMPLATE;
  if (template && existsSync(template)) {
    cpSync(template, process.env.DATA_DIR, { recursive: true });
  } else {
    execFileSync(
      path.join(root, 'node_modules/.bin/tsx'),
      [
        'apps/server/scripts/seed-large.ts',
        '--long-thread',
        process.env.E2E_LONG_THREAD,
        '--data-dir',
        process.env.DATA_DIR,
      ],
      { cwd: root, stdio: 'inherit' },
    );
  }
}
await import(pathToFileURL(path.join(dist, 'server.js')).href);
