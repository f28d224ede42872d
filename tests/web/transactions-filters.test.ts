import { describe, expect, it } from 'vitest';
import type { PageFilters as TransactionFilters } from '../../machines/transactionList';
import { DEFAULT_FILTERS, filterProblems, filtersFromQuery, filtersKey, filtersToQuery } from '../../src/web/transactions/urlCodec';

describe('transactions page URL: the filters live in the query string', () => {
  it('filters survive a trip through the URL query', () => {
    const filters: TransactionFilters = {
      type: 'expense',
      category: ['Groceries', 'Gifts & Donations'],
      date_from: '2025-01-01',
      date_to: '2025-03-31',
      amount_min: 10,
      amount_max: 1234.56,
      q: 'star bucks',
      sort: 'amount',
      order: 'asc',
    };
    const query = filtersToQuery(filters);
    expect(query).toEqual({
      type: 'expense',
      category: 'Groceries,Gifts & Donations',
      date_from: '2025-01-01',
      date_to: '2025-03-31',
      amount_min: '10',
      amount_max: '1234.56',
      q: 'star bucks',
      sort: 'amount',
      order: 'asc',
    });
    expect(filtersFromQuery(new URLSearchParams(new URLSearchParams(query).toString()))).toEqual(filters);
    expect(filtersToQuery(DEFAULT_FILTERS)).toEqual({});
    expect(filtersKey({ ...filters })).toBe(filtersKey(filtersFromQuery(Object.entries(query))));
  });

  it('a tag filter (rows carrying every tag) travels as tags=a,b, lower case, and counts as a filter', () => {
    const filters: TransactionFilters = { ...DEFAULT_FILTERS, tags: ['holiday', 'spain 2026'] };
    expect(filtersToQuery(filters)).toEqual({ tags: 'holiday,spain 2026' });
    expect(filtersFromQuery(new URLSearchParams('tags=Holiday,%20spain%202026,,holiday'))).toEqual(filters);
    expect(filtersFromQuery(new URLSearchParams(`tags=${'x'.repeat(33)},ok`))).toEqual({ ...DEFAULT_FILTERS, tags: ['ok'] });
    expect(filtersKey(filters)).not.toBe(filtersKey(DEFAULT_FILTERS));
  });

  it('values the server would refuse are dropped from a hand-edited link', () => {
    const filters = filtersFromQuery(
      new URLSearchParams('type=both&date_from=2025-02-30&date_to=2025-01-01&amount_min=-5&amount_max=abc&sort=name&order=up&category=&q=%20'),
    );
    expect(filters).toEqual({ ...DEFAULT_FILTERS, date_to: '2025-01-01' });
    expect(filtersFromQuery(new URLSearchParams('date_from=2025-03-01&date_to=2025-01-01&amount_min=50&amount_max=10'))).toEqual({
      ...DEFAULT_FILTERS,
      date_from: '2025-03-01',
      amount_min: 50,
    });
    expect(filtersFromQuery(new URLSearchParams('category=A&category=B,C'))).toMatchObject({ category: ['A', 'B', 'C'] });
  });
});

describe('filter ranges say no out loud', () => {
  it('a max amount below the min, or a "to" before the "from", is a message at that field', () => {
    expect(filterProblems({ amount_min: 50, amount_max: 10 })).toEqual({ amount_max: 'Max amount must be at least the min amount' });
    expect(filterProblems({ date_from: '2025-05-10', date_to: '2025-05-01' })).toEqual({ date_to: 'To must be on or after From' });
    expect(filterProblems({ amount_min: 10, amount_max: 10, date_from: '2025-05-01', date_to: '2025-05-01' })).toEqual({});
  });

  it('a link with a range the list cannot use opens without it, and the URL written back leaves it out', () => {
    const filters = filtersFromQuery(new URLSearchParams('amount_min=50&amount_max=10&date_from=2025-05-10&date_to=2025-05-01'));
    expect(filtersToQuery(filters)).toEqual({ amount_min: '50', date_from: '2025-05-10' });
  });
});
