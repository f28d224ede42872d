import { expect, it } from 'vitest';
import { kb, LOGIN_BUDGET_BYTES, measureFirstLoad, report } from '../../src/tools/bundle-size';

// /login ships at most 150 KB of gzipped JavaScript. A production build of its own (the app
// under test runs a development build, with React's development code), served on loopback and opened
// in Chromium: the same measurement as npm run bench:bundle.
it('the first load of /login fetches at most 150 KB of gzipped JavaScript', { timeout: 300_000 }, async () => {
  const scripts = await measureFirstLoad({ path: '/login' });
  const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  expect(scripts.length).toBeGreaterThan(0);
  expect(total, `${kb(total)} over the budget:\n${report(scripts)}`).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
});
