import { describe, expect, it } from 'vitest';
import { formatDay } from '../../src/web/format/date';
import { deletionMessage } from '../../src/web/views/transactions/display';

describe('confirmations write dates as people do', () => {
  it('deleting a transaction names its day in words, not as an ISO date', () => {
    const message = deletionMessage({ description: 'Pizza night', merchant: null, category: 'Dining', date: '2025-03-05' });
    expect(message).not.toContain('2025-03-05');
    expect(message).toBe(`Delete "Pizza night" of ${formatDay('2025-03-05')}? This cannot be undone.`);
    expect(formatDay('2025-03-05')).toMatch(/Mar/);
  });
});
