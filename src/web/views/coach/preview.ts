import { maskAmounts } from '../../format/money';

/** Markdown markers stripped from a one-line preview: the list shows plain text, the answer bubble renders Markdown. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // [text](url) → text
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+•]\s+|\d+[.)]\s+)/gm, '') // headings, quotes, list markers
    .replace(/```|`/g, '')
    .replace(/\*\*|__|~~/g, '')
    .replace(/(^|[^\w*])[*_](?=\S)|(?<=\S)[*_](?=[^\w*]|$)/g, '$1') // *em* and _em_, not snake_case or 3 * 4
    .replace(/\s+/g, ' ')
    .trim();
}

/** A conversation's last-message preview as the list shows it: plain text, amounts masked when balances are hidden. */
export function conversationPreview(preview: string, hidden: boolean): string {
  const text = plainText(preview);
  return hidden ? maskAmounts(text) : text;
}
