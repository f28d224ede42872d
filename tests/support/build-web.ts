/**
 * Builds the SPA into dist/web when it is stale (the same check and build `npm start` does), so
 * `npm test` can build it beside lint and typecheck instead of at the start of the e2e step.
 */
import { ensureWebBuild, webBuildIsStale } from '../../src/server/build-web';

const t0 = Date.now();
const stale = webBuildIsStale();
await ensureWebBuild((line) => console.log(line));
console.log(stale ? `web app built in ${((Date.now() - t0) / 1000).toFixed(1)}s` : 'web app build is up to date');
