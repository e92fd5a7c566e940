// `npm run dev`: the server with reload on port 5000 and Vite with hot reload on 5173 (proxying /api).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.mjs';

// The same data directory as `npm start`, whichever folder the workspace script runs in.
const env = { ...process.env, DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? 'data') };

const children = [
  spawn('npx', ['tsc', '-p', 'packages/contract/tsconfig.json', '--watch', '--preserveWatchOutput'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '-w', '@switchboard/server'], { cwd: root, stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@switchboard/web'], { cwd: root, stdio: 'inherit' }),
];
console.log('Open http://localhost:5173 (Vite, hot reload); the API runs on http://localhost:5000.');

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
