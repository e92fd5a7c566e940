import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
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

/**
 * Every lazy import's preload list (Vite's `__vite__mapDeps`) is written into the importing chunk:
 * for the route table's ~50 pages, several kB of the entry, that is of every first visit. Two kinds
 * of chunk are left out of the lists, as preloading them buys nothing or next to nothing:
 * - those the entry imports statically: they are loaded before any lazy import can run;
 * - tiny ones (under 1 kB: an icon, a helper): the browser still fetches them, as soon as the
 *   chunk importing them is parsed, one short round trip later.
 * A preload list only saves time; leaving a chunk out never changes what loads.
 */
const entryClosure = new Set<string>();
const tinyChunks = new Set<string>();
const TINY_CHUNK_BYTES = 1_000;
function notePreloadSkips(): Plugin {
  return {
    name: 'switchboard:preload-skips',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        entryClosure.clear();
        tinyChunks.clear();
        for (const [file, chunk] of Object.entries(bundle)) {
          if (chunk.type === 'chunk' && chunk.code.length < TINY_CHUNK_BYTES) tinyChunks.add(file);
        }
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (entryClosure.has(file) || chunk?.type !== 'chunk') return;
          entryClosure.add(file);
          chunk.imports.forEach(visit);
        };
        for (const [file, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(file);
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), notePreloadSkips()],
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
    modulePreload: {
      resolveDependencies: (_file, deps) => deps.filter((dep) => !entryClosure.has(dep) && !tinyChunks.has(dep)),
    },
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
