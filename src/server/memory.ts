/**
 * One full garbage collection once the server is up, when the process runs with `--expose-gc`
 * (`npm start` and the benches' API do; docs/configuration.md). Opening leaves garbage that an idle
 * or lightly used server may not collect for a long time: the 9 MB buffer pglite.wasm was read into
 * (V8 keeps its own copy of the module's bytes), the migrator's SQL files, the route and schema
 * builders' temporaries. A major collection only starts when the heap grows, so without this they
 * stay resident (docs/performance.md, "Memory"). Without the
 * flag (tests, `npm run dev`) it does nothing.
 */
export function collectOpeningGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
