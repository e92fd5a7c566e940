import { availableParallelism } from 'node:os';
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The suite mostly waits (on databases, peers, child processes), so it runs files on at
    // least two workers even on a 2-core machine. Workers keep their loaded modules from file to
    // file (no per-file re-import of the server): test files share no state but what they create.
    maxWorkers: Math.max(2, availableParallelism()),
    isolate: false,
  },
});
