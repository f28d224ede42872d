import { beforeAll, expect, it } from 'vitest';
import { kb, LOGIN_BUDGET_BYTES, measureBundle, report, ROUTE_BUDGET_BYTES, routeReport, type RouteChunk, type ScriptSize } from '../../src/tools/bundle-size';

// /login ships at most 150 KB of gzipped JavaScript, and every other route's own chunk at most 150 KB. A
// production build of its own (the app under test runs a development build, with React's development code),
// served on loopback and opened in Chromium: the same measurement as npm run bench:bundle.
let scripts: ScriptSize[] = [];
let routes: RouteChunk[] = [];
beforeAll(async () => {
  ({ scripts, routes } = await measureBundle({ path: '/login' }));
}, 300_000);

it('the first load of /login fetches at most 150 KB of gzipped JavaScript', () => {
  const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  expect(scripts.length).toBeGreaterThan(0);
  expect(total, `${kb(total)} over the budget:\n${report(scripts)}`).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
});

it("every other route's own chunk is at most 150 KB of gzipped JavaScript", () => {
  // Every guarded page and the lazily loaded public ones are found in the build.
  expect(routes.map((r) => r.route)).toEqual(expect.arrayContaining(['/dashboard', '/transactions', '/budget', '/accounts', '/bills', '/ai-coach', 'RegisterPage', 'AppLayout']));
  const over = routes.filter((r) => r.gzipBytes > ROUTE_BUDGET_BYTES);
  expect(over, `over the budget:\n${routeReport(routes)}`).toEqual([]);
});
