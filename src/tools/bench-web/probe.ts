/**
 * What the browser bench installs in every page before the app's own scripts (Playwright's
 * addInitScript): observers for long tasks, slow event timings and the largest contentful paint, and
 * `__bench.when(selector, text)`, which resolves with the time of the first paint after an element
 * matching `selector` (and, if given, containing `text`) is in the DOM. Times are the page's
 * `performance.now()`, so a cold load's figures count from the navigation's start.
 *
 * The function runs in the page: it must not refer to anything outside itself.
 */
export interface BenchProbe {
  longTasks: { start: number; duration: number }[];
  events: { name: string; start: number; duration: number }[];
  lcp: number;
  /** Input to the next paint: one entry per keydown/click/input the bench sends (see `lastInput`). */
  inputs: { type: string; latency: number }[];
  when(selector: string, text?: string, since?: number): Promise<number>;
  heapMb(): number;
}

declare global {
  interface Window {
    __bench: BenchProbe;
  }
}

export function installProbe(): void {
  const afterPaint = (): Promise<number> =>
    // The frame's callback runs before its paint; a task posted from it runs after that paint.
    new Promise((done) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => done(performance.now());
        channel.port2.postMessage(null);
      }),
    );
  const probe: BenchProbe = {
    longTasks: [],
    events: [],
    lcp: 0,
    inputs: [],
    when(selector, text) {
      const found = () => [...document.querySelectorAll(selector)].some((el) => text === undefined || (el.textContent ?? '').includes(text));
      return new Promise((done) => {
        if (found()) return void afterPaint().then(done);
        const observer = new MutationObserver(() => {
          if (!found()) return;
          observer.disconnect();
          void afterPaint().then(done);
        });
        observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
      });
    },
    heapMb() {
      const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      return memory ? memory.usedJSHeapSize / 1024 / 1024 : NaN;
    },
  };
  window.__bench = probe;
  const observe = (type: string, callback: (entries: PerformanceEntryList) => void, extra: Record<string, unknown> = {}) => {
    try {
      new PerformanceObserver((list) => callback(list.getEntries())).observe({ type, buffered: true, ...extra } as PerformanceObserverInit);
    } catch {
      // an entry type this Chromium does not know
    }
  };
  observe('longtask', (entries) => entries.forEach((e) => probe.longTasks.push({ start: e.startTime, duration: e.duration })));
  observe('event', (entries) => entries.forEach((e) => probe.events.push({ name: e.name, start: e.startTime, duration: e.duration })), { durationThreshold: 16 });
  observe('largest-contentful-paint', (entries) => entries.forEach((e) => (probe.lcp = e.startTime)));
  // INP-style for every input, fast ones too (event timing reports only those of 16 ms and more):
  // from the input's own timestamp to the first paint after its handlers ran.
  for (const type of ['keydown', 'click']) {
    window.addEventListener(
      type,
      (event) => {
        const stamp = event.timeStamp;
        void afterPaint().then((painted) => probe.inputs.push({ type, latency: painted - stamp }));
      },
      { capture: true },
    );
  }
}
