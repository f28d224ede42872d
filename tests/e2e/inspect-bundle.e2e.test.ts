import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/server';

/** The SPA the e2e app serves: the production build (vite build) that the global setup made or found fresh. */
const assets = join(repoRoot, 'dist', 'web', 'assets');
const bundle = () => readdirSync(assets).filter((file) => file.endsWith('.js')).map((file) => readFileSync(join(assets, file), 'utf8'));

describe('the production bundle', () => {
  it('does not contain the Stately inspector (@statelyai/inspect is for npm run dev:inspect only)', () => {
    const code = bundle();
    // The app's inspection hook is there, so this is the real bundle...
    expect(code.some((text) => text.includes('__FINU_INSPECT__'))).toBe(true);
    // ...and nothing of @statelyai/inspect: its inspector URL, its entry point, its websocket adapter.
    for (const marker of ['stately.ai/inspect', 'createBrowserInspector', 'createWebSocketInspector', 'partysocket']) {
      expect(code.filter((text) => text.includes(marker)), marker).toEqual([]);
    }
  });
});
