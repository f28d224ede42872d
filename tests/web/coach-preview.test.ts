import { describe, expect, it } from 'vitest';
import { maskAmounts } from '../../src/web/format/money';
import { conversationPreview } from '../../src/web/views/coach/preview';

describe("the conversation list's preview (defect 2 leak)", () => {
  it('masks amounts as the answer bubble does when balances are hidden', () => {
    const preview = 'You spent **£4,274.2…';
    expect(conversationPreview(preview, true)).toBe('You spent ••••…');
    expect(conversationPreview(preview, true)).toBe(maskAmounts('You spent £4,274.2…'));
  });

  it('shows plain text: no Markdown markers, one line', () => {
    expect(conversationPreview('## Summary\n**Rent** is _your_ biggest cost: `$1,200.00` — see [budget](https://x.example/b)\n- cut *dining*', false)).toBe(
      'Summary Rent is your biggest cost: $1,200.00 — see budget cut dining',
    );
  });

  it('keeps words with underscores and arithmetic stars that are not Markdown', () => {
    expect(conversationPreview('snake_case stays; 3 * 4 = 12', false)).toBe('snake_case stays; 3 * 4 = 12');
  });
});
