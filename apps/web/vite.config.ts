import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vitest/config';

const server = process.env.SWITCHBOARD_API ?? 'http://localhost:5000';

/**
 * The control panel's charts (recharts 3 under @mantine/charts) would make its page chunk ~150 kB
 * gzip, over the 100 kB route-chunk budget: recharts, and the packages only it uses, go in two
 * chunks of their own, loaded with that page alone. Their dependencies are not pulled in
 * recursively, so nothing of the first visit (React, i18next) moves into them; every package only
 * recharts needs is listed, so the chunks never import the page's chunk back.
 */
const chartChunks = [
  { name: 'recharts', test: /node_modules[\\/]recharts[\\/]/, includeDependenciesRecursively: false },
  {
    name: 'chart-vendor',
    test: (id: string) =>
      /node_modules[\\/](d3-[^\\/]+|internmap|victory-vendor|decimal\.js-light|es-toolkit|immer|reselect|redux|redux-thunk|@reduxjs[\\/]toolkit|react-redux|react-is|eventemitter3|tiny-invariant)[\\/]/.test(
        id,
      ) || /node_modules[\\/]use-sync-external-store[\\/].*with-selector/.test(id),
    includeDependenciesRecursively: false,
  },
];

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
    rolldownOptions: { output: { codeSplitting: { groups: chartChunks } } },
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
