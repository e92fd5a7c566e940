// `npm run bench`: runs every benchmark in apps/server/bench, each printing its figures.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { root, run } from './lib.mjs';

const dir = path.join(root, 'apps/server/bench');
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()) {
  console.log(`\n## ${file}\n`);
  const code = await run('npx', ['tsx', path.join(dir, file)]);
  if (code !== 0) process.exit(code);
}
