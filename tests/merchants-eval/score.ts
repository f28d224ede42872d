/**
 * Scores the component on the generated year: a name is right when it is one of the accepted names (spaces
 * collapsed, typographic apostrophes read as straight ones, capitalisation as written), a kind when it is
 * one of the accepted kinds.
 */
import type { MerchantMatch, NormalizeMerchant } from './component';
import type { EvalCase } from './generate';

export interface Outcome {
  case: EvalCase;
  got: MerchantMatch | { error: string };
  nameRight: boolean;
  kindRight: boolean;
}

export interface Tally {
  total: number;
  name: number;
  kind: number;
  both: number;
}

const canonical = (s: string) => s.replace(/[\u2018\u2019\u02bc]/g, "'").replace(/\s+/g, ' ').trim();

export function judge(normalize: NormalizeMerchant, cases: EvalCase[]): Outcome[] {
  return cases.map((c) => {
    let got: MerchantMatch;
    try {
      got = normalize(c.raw);
    } catch (error) {
      return { case: c, got: { error: error instanceof Error ? error.message : String(error) }, nameRight: false, kindRight: false };
    }
    if (typeof got !== 'object' || got === null) return { case: c, got: { error: `returned ${String(got)}` }, nameRight: false, kindRight: false };
    const nameRight = typeof got.name === 'string' && c.names.some((n) => canonical(n) === canonical(got.name));
    const kindRight = c.kinds.includes(got.kind ?? null);
    return { case: c, got, nameRight, kindRight };
  });
}

const tally = (outcomes: Outcome[]): Tally => ({
  total: outcomes.length,
  name: outcomes.filter((o) => o.nameRight).length,
  kind: outcomes.filter((o) => o.kindRight).length,
  both: outcomes.filter((o) => o.nameRight && o.kindRight).length,
});

export function score(outcomes: Outcome[]) {
  const byKind = new Map<string, Outcome[]>();
  for (const o of outcomes) byKind.set(o.case.kind, [...(byKind.get(o.case.kind) ?? []), o]);
  const byPerson = new Map<string, Outcome[]>();
  for (const o of outcomes) byPerson.set(o.case.person, [...(byPerson.get(o.case.person) ?? []), o]);
  return {
    overall: tally(outcomes),
    byPerson: new Map((['us', 'uk', 'eu'] as const).filter((p) => byPerson.has(p)).map((p) => [p, tally(byPerson.get(p)!)])),
    byKind: new Map([...byKind].sort(([a], [b]) => a.localeCompare(b)).map(([k, os]) => [k, tally(os)])),
  };
}

export const rate = (right: number, total: number) => (total === 0 ? 0 : (100 * right) / total);

/** The scores as a markdown table: a row per group (kind or person), then overall; percentages of name, kind and both right. */
export function scoreTable(overall: Tally, groups: Map<string, Tally>, heading = 'kind'): string {
  const pct = (right: number, t: Tally) => `${rate(right, t.total).toFixed(1)} %`.padStart(7);
  const row = (label: string, t: Tally) => `| ${label.padEnd(17)} | ${String(t.total).padStart(5)} | ${pct(t.name, t)} | ${pct(t.kind, t)} | ${pct(t.both, t)} |`;
  return [
    `| ${heading.padEnd(17)} | ${'rows'.padStart(5)} | ${'name'.padStart(7)} | ${'kind'.padStart(7)} | ${'both'.padStart(7)} |`,
    `|${'-'.repeat(19)}|${'-'.repeat(6)}:|${'-'.repeat(8)}:|${'-'.repeat(8)}:|${'-'.repeat(8)}:|`,
    ...[...groups].map(([group, t]) => row(group, t)),
    row('**overall**', overall),
  ].join('\n');
}
