import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const server = process.env.SWITCHBOARD_API ?? 'http://localhost:5000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Use the contract's TypeScript source directly, so edits show up without a rebuild.
    conditions: ['source'],
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
});
