// `npm run size`: the web app's JavaScript budget (DESIGN.md §6). Prints every chunk's gzip size
// and fails (exit 1, one line per violation) when the first visit of /pages/login loads more than
// 200 kB of JavaScript gzip, or a single chunk other than the entry is over 100 kB gzip.
//
//   node scripts/size.mjs [distDir]     (default apps/web/dist; needs build.manifest in vite.config.ts)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

/** Budgets in kB of 1,000 bytes, the unit Vite prints. */
const FIRST_VISIT_BUDGET_KB = 200;
const CHUNK_BUDGET_KB = 100;
const FIRST_VISIT_PAGE = '/pages/login';
const LOGIN_PAGE_SOURCE = 'features/auth/pages/login-page.tsx';

const distDir = path.resolve(root, process.argv[2] ?? 'apps/web/dist');
/** Paths inside the repository relative to it, others absolute. */
const shown = (target) => (target.startsWith(root + path.sep) ? path.relative(root, target) : target);
const manifestPath = path.join(distDir, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`✖ ${shown(manifestPath)} is missing: build the web app first (npm run build -w @switchboard/web).`);
  process.exit(1);
}

/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const kb = (bytes) => bytes / 1000;
const format = (bytes) => kb(bytes).toFixed(2);

const assetsDir = path.join(distDir, 'assets');
const chunks = readdirSync(assetsDir)
  .filter((name) => name.endsWith('.js'))
  .map((name) => {
    const content = readFileSync(path.join(assetsDir, name));
    return { file: `assets/${name}`, raw: content.length, gzip: gzipSync(content).length };
  })
  .sort((a, b) => b.gzip - a.gzip || a.file.localeCompare(b.file));
const gzipOf = new Map(chunks.map((chunk) => [chunk.file, chunk.gzip]));

/** The chunk files a manifest entry loads at once: itself and its static imports, transitively. */
function staticClosure(key, into = new Set(), seen = new Set()) {
  if (seen.has(key)) return into;
  seen.add(key);
  const entry = manifest[key];
  if (!entry) return into;
  if (entry.file.endsWith('.js')) into.add(entry.file);
  for (const imported of entry.imports ?? []) staticClosure(imported, into, seen);
  return into;
}

const violations = [];
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const loginKey = Object.keys(manifest).find((key) => key.endsWith(LOGIN_PAGE_SOURCE));
if (!entryKey) violations.push('the manifest has no entry chunk');
if (!loginKey) violations.push(`the manifest has no chunk for ${LOGIN_PAGE_SOURCE}`);

const entryFile = entryKey ? manifest[entryKey].file : undefined;
const firstVisit = new Set();
if (entryKey) staticClosure(entryKey, firstVisit);
if (loginKey) staticClosure(loginKey, firstVisit);
const firstVisitBytes = [...firstVisit].reduce((sum, file) => sum + (gzipOf.get(file) ?? 0), 0);

const nameWidth = Math.max(...chunks.map((chunk) => chunk.file.length), 'chunk'.length);
console.log(`JavaScript chunks of ${shown(distDir)} (kB = 1,000 bytes)`);
console.log(`${'chunk'.padEnd(nameWidth)}  ${'raw kB'.padStart(9)}  ${'gzip kB'.padStart(9)}  notes`);
for (const chunk of chunks) {
  const notes = [chunk.file === entryFile ? 'entry' : '', firstVisit.has(chunk.file) ? 'first visit' : '']
    .filter(Boolean)
    .join(', ');
  console.log(
    `${chunk.file.padEnd(nameWidth)}  ${format(chunk.raw).padStart(9)}  ${format(chunk.gzip).padStart(9)}  ${notes}`,
  );
}
const totalGzip = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
console.log(`${'all chunks'.padEnd(nameWidth)}  ${''.padStart(9)}  ${format(totalGzip).padStart(9)}`);
console.log(
  `\nFirst visit of ${FIRST_VISIT_PAGE}: ${format(firstVisitBytes)} kB gzip in ${firstVisit.size} chunks ` +
    `(budget ${FIRST_VISIT_BUDGET_KB} kB); largest other chunk budget ${CHUNK_BUDGET_KB} kB.`,
);

if (kb(firstVisitBytes) > FIRST_VISIT_BUDGET_KB) {
  violations.push(
    `the first visit of ${FIRST_VISIT_PAGE} loads ${format(firstVisitBytes)} kB of JavaScript gzip, over the ${FIRST_VISIT_BUDGET_KB} kB budget`,
  );
}
for (const chunk of chunks) {
  // The entry is bounded by the first-visit budget it is part of.
  if (chunk.file === entryFile) continue;
  if (kb(chunk.gzip) > CHUNK_BUDGET_KB) {
    violations.push(`${chunk.file} is ${format(chunk.gzip)} kB gzip, over the ${CHUNK_BUDGET_KB} kB chunk budget`);
  }
}

if (violations.length > 0) {
  console.error('');
  for (const violation of violations) console.error(`✖ Bundle budget: ${violation}.`);
  process.exit(1);
}
console.log('✔ Bundle budget met.');
