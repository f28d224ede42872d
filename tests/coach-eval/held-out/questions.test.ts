import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { generatePeople } from './people';
import { buildSet, classSizes, CLASSES } from './questions';

describe('the held-out set builds on any day', () => {
  it('three people, at least 100 questions in every class, and only positive whole figures, for a day a month over two years', () => {
    for (let i = 0; i < 24; i++) {
      const today = addDays('2026-01-15', i * 30);
      const people = generatePeople(today);
      expect(new Set(people.map((p) => p.currency)).size).toBe(3);
      const { conversations } = buildSet(people, today);
      const sizes = classSizes(conversations);
      expect([...sizes.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(100);
      for (const c of CLASSES) expect(sizes.get(c), `${c} on ${today}`).toBeGreaterThanOrEqual(10);
      // Failures name the question by number, never by its words: this file runs where the coach is changed.
      for (const [n, turn] of conversations.flatMap((c) => c.turns).entries()) {
        for (const check of turn.checks) {
          if (check.kind === 'money') for (const a of check.alts) expect(Number.isInteger(a) && a >= 0, `question ${n} on ${today}`).toBe(true);
          if (check.kind === 'count') expect(Number.isInteger(check.n) && check.n >= 0).toBe(true);
        }
      }
    }
  });

  it('the same day gives the same people and questions', () => {
    const a = buildSet(generatePeople('2026-11-26'), '2026-11-26').conversations;
    const b = buildSet(generatePeople('2026-11-26'), '2026-11-26').conversations;
    const same = JSON.stringify(a, (_k, v) => (v instanceof RegExp ? String(v) : v)) === JSON.stringify(b, (_k, v) => (v instanceof RegExp ? String(v) : v));
    expect(same).toBe(true);
  });
});
