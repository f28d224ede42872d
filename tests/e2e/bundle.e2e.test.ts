import { expect, inject, it } from 'vitest';
import { kb, LOGIN_BUDGET_BYTES, measureScripts, report } from '../../src/tools/bundle-size';
import { launchChromium } from './support/browser';

// Issue 12: /login ships at most 150 KB of gzipped JavaScript. The app under test serves the build it
// just made, so one page load here guards the budget (npm run bench:bundle prints the same figures).
it('the first load of /login fetches at most 150 KB of gzipped JavaScript', async () => {
  const browser = await launchChromium();
  try {
    const scripts = await measureScripts(browser, `${inject('appUrl')}/login`);
    const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(total, `${kb(total)} over the budget:\n${report(scripts)}`).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
  } finally {
    await browser.close();
  }
});
