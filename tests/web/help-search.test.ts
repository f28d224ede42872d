import { describe, expect, it } from 'vitest';
import { helpArticles, helpTopics } from '../../src/web/views/help/articles';
import { searchHelp } from '../../src/web/views/help/search';

const first = (q: string) => searchHelp(q)[0]?.id;

describe('help centre search', () => {
  it('finds the answer for plain questions', () => {
    expect(first('delete my account')).toBe('delete-account');
    expect(first('import csv')).toBe('csv-import');
    expect(first('download my data')).toBe('export');
    expect(first('free trial')).toBe('trial');
  });

  it('tolerates typos', () => {
    expect(first('pasword')).toBe('password');
    expect(first('exprot data')).toBe('export');
    expect(first('wallet bakup')).toBe('wallet-backup');
    expect(first('cancle subscription')).toBe('cancel');
  });

  it('a single word finds the answer about it, not one that mentions it in passing', () => {
    // 'export' is the import answer's fifth keyword (a bank's CSV export) but the data export's first.
    expect(first('export')).toBe('export');
    expect(first('exprot')).toBe('export');
  });

  it('answers the words people use for settings they cannot find', () => {
    expect(first('dark mode')).toBe('appearance');
    expect(first('theme')).toBe('appearance');
    expect(first('log out')).toBe('account-safety');
    expect(first('logout')).toBe('account-safety');
    expect(first('contact support')).toBe('contact');
  });

  it('an empty query lists every answer; nonsense finds none', () => {
    expect(searchHelp('  ')).toHaveLength(helpArticles.length);
    expect(searchHelp('zzqxj')).toEqual([]);
  });

  it('covers every topic and links each answer to a screen of the app', () => {
    expect(new Set(helpArticles.map((a) => a.topic))).toEqual(new Set(helpTopics));
    for (const a of helpArticles) expect(a.link.to).toMatch(/^(\/(dashboard|transactions|budget|ai-coach|tokens|settings|help|onboarding)|#contact$)/);
  });
});
