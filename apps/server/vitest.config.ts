import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Workers (as many as the root config allows) keep their loaded modules from file to file: no
    // per-file re-import of the server. Test files share no state but what they create.
    isolate: false,
  },
});
