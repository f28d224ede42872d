import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Per-file timings of a vitest run, slowest first: import (collect), hooks + setup (file time minus
 * its tests), and the tests themselves. Add it beside the default reporter:
 *   npx vitest run --project server --reporter=default --reporter=./tests/support/timings-reporter.ts
 * TEST_TIMINGS_JSON=<file> also writes the rows as JSON (docs/testing.md, "How long npm test takes").
 */
interface Row {
  project: string;
  file: string;
  /** Wall time of the file in its worker: environment, import, hooks and tests. */
  totalMs: number;
  importMs: number;
  testsMs: number;
  /** beforeAll/afterAll and other time outside any test. */
  hooksMs: number;
  tests: number;
}

export default class TimingsReporter implements Reporter {
  private readonly root = process.cwd();

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const rows: Row[] = modules.map((module) => {
      const d = module.diagnostic();
      const tests = [...module.children.allTests()];
      const testsMs = tests.reduce((sum, test) => sum + (test.diagnostic()?.duration ?? 0), 0);
      const totalMs = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
      return {
        project: module.project.name,
        file: relative(this.root, module.moduleId),
        totalMs,
        importMs: d.collectDuration,
        testsMs,
        hooksMs: Math.max(0, d.duration - testsMs),
        tests: tests.length,
      };
    });
    rows.sort((a, b) => b.totalMs - a.totalMs);
    const s = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
    const lines = rows.map((r) => `${s(r.totalMs)} ${s(r.importMs)} ${s(r.hooksMs)} ${s(r.testsMs)} ${String(r.tests).padStart(4)}  ${r.project.padEnd(11)} ${r.file}`);
    const sum = (pick: (r: Row) => number) => s(rows.reduce((acc, r) => acc + pick(r), 0));
    console.log(
      [
        '',
        'Per-file timings in seconds (worker time; files run side by side when maxWorkers > 1):',
        ' total import  hooks  tests    n  project     file',
        ...lines,
        `${sum((r) => r.totalMs)} ${sum((r) => r.importMs)} ${sum((r) => r.hooksMs)} ${sum((r) => r.testsMs)}        sum over ${rows.length} files`,
      ].join('\n'),
    );
    if (process.env.TEST_TIMINGS_JSON) writeFileSync(process.env.TEST_TIMINGS_JSON, JSON.stringify(rows, null, 2));
  }
}
