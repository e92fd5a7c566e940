import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['apps/server', 'apps/web'],
    // Both cores (vitest's default leaves one free): the server suite mostly waits on databases,
    // peers and child processes, and each web worker renders in its own jsdom.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
