import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vitest/config';

const server = process.env.SWITCHBOARD_API ?? 'http://localhost:5000';

/**
 * React Router 7's export map names only its development build (with its dev warnings), for
 * production builds too (remix-run/react-router#12532, fixed in 8). A build takes the production
 * files it ships beside them; both entries together, so that they share one router context.
 */
const reactRouterDist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');
const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(reactRouterDist, 'production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'production/dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    // Use the contract's TypeScript source directly, so edits show up without a rebuild.
    conditions: ['source'],
    alias: command === 'build' ? reactRouterProduction : [],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': server,
      '/socket.io': { target: server, ws: true },
    },
  },
  build: {
    sourcemap: true,
    // .vite/manifest.json: `npm run size` follows the chunk graph in it.
    manifest: true,
    chunkSizeWarningLimit: 400,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A form test fires hundreds of events through jsdom: seconds on a busy 2-core machine.
    testTimeout: 30_000,
  },
}));
