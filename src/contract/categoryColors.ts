import { DEFAULT_CATEGORIES } from './transactions';

/**
 * Each category's one colour, the same on every chart and list: the user's own
 * colour when they chose one, else the built-in category's, else a stable one picked from the name.
 * Every colour here has at least 3:1 contrast on white and on the dark theme's cards.
 */
const builtIn = new Map(DEFAULT_CATEGORIES.map((c) => [c.name.toLowerCase(), c.color]));

/** For user categories without a colour: hues between the built-in ones, all at the same luminance. */
export const CUSTOM_CATEGORY_COLORS = ['#d45636', '#ad7225', '#82821c', '#448f1e', '#1f9229', '#1e8f66', '#1e8c8f', '#2885bc', '#6576de', '#9c62de', '#d038d5', '#d743a1'] as const;

/** The dashboard legend's row for everything past its top categories (and the built-in 'Other'). */
export const OTHER_CATEGORIES_COLOR = '#7e7e7e';

export function categoryColor(name: string, own?: string | null): string {
  if (own) return own.toLowerCase();
  const key = name.trim().toLowerCase();
  const fixed = builtIn.get(key);
  if (fixed) return fixed;
  let h = 0;
  for (const ch of key) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  return CUSTOM_CATEGORY_COLORS[h % CUSTOM_CATEGORY_COLORS.length]!;
}
