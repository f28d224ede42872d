import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './sequencer.ts';

/**
 * The browser suite: one real app on loopback ports for the whole run (global-setup.ts), Debian's
 * Chromium, two files (each with its own browser) at a time. Every test makes its own users, so
 * files share the app safely; a page waits on what it shows, and two files keep both cores busy
 * while one waits on the app (docs/testing.md, "How long npm test takes").
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    // Two, not three: Chromium, the app and the workers keep both cores busy (CPU measured per run in
    // docs/testing.md); a third file only lengthens every step.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    // expect.poll waits for what a page shows; with two files on one app an API answer can take over vitest's
    // default 1 s (a coach path failed so: the new conversation reached the list after the poll gave up).
    expect: { poll: { timeout: 10_000 } },
  },
});
