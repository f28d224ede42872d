import { setFlagsFromString } from 'node:v8';

/**
 * One full garbage collection once the server is up, when the process runs with `--expose-gc`
 * (`npm start` and the benches' API do; docs/configuration.md). Opening leaves garbage that an idle
 * or lightly used server may not collect for a long time: the 9 MB buffer pglite.wasm was read into
 * (V8 keeps its own copy of the module's bytes), the migrator's SQL files, the route and schema
 * builders' temporaries. A major collection only starts when the heap grows, so without this they
 * stay resident (docs/performance.md, "Memory"). Without the flag (tests, `npm run dev`) it does
 * nothing.
 *
 * This one collection also compacts every page of the old generation: opening leaves its pages
 * partly empty (about 8 MB free in 44 MB after a plain collection at 100,000 rows), which V8's own
 * heuristics leave in place. Compacting on every full collection would cost each later one its
 * evacuation time, so the flag is on for this collection only.
 */
export function collectOpeningGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return;
  setFlagsFromString('--compact-on-every-full-gc');
  try {
    gc();
  } finally {
    setFlagsFromString('--no-compact-on-every-full-gc');
  }
}
