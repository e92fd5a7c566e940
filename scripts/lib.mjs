import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Runs a command whose output lines are prefixed (for commands that run side by side); resolves
 * with its exit code.
 */
export function runPrefixed(prefix, command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) out.write(`${prefix} ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`${prefix} ${rest}\n`));
    }
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when `output` is missing or older than any of `inputs` (files or directories). */
export function isStale(output, inputs) {
  const out = path.join(root, output);
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}

/** The build steps of the product, in dependency order. */
export const buildSteps = [
  {
    name: 'contract',
    output: 'packages/contract/dist/index.js',
    inputs: ['packages/contract/src', 'packages/contract/tsconfig.json'],
    workspace: '@switchboard/contract',
  },
  {
    name: 'server',
    output: 'apps/server/dist/server.js',
    inputs: ['apps/server/src', 'apps/server/tsconfig.build.json', 'packages/contract/src'],
    workspace: '@switchboard/server',
  },
  {
    name: 'web',
    output: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'packages/contract/src',
    ],
    workspace: '@switchboard/web',
  },
];

/** Builds the parts (all, or those named) whose output is missing or older than their sources. */
export async function buildWhatIsMissing(names = buildSteps.map((step) => step.name)) {
  for (const step of buildSteps.filter((s) => names.includes(s.name))) {
    if (!isStale(step.output, step.inputs)) continue;
    console.log(`Building ${step.name}…`);
    const code = await run('npm', ['run', 'build', '--silent', '-w', step.workspace]);
    if (code !== 0) {
      console.error(`Building ${step.name} failed.`);
      process.exit(code);
    }
    // An incremental build rewrites only what changed: mark the output as new, or it would be
    // stale (and built again) for as long as a source it does not change is newer.
    const now = new Date();
    utimesSync(path.join(root, step.output), now, now);
  }
}
