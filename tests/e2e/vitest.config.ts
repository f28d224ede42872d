import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The browser suite: real app on loopback ports, Debian's Chromium, one file (one browser) at a time. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
