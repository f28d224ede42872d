/** Counts and plain quantities (rows, points, FINU) as the user's locale groups them: "12,345". */
const formats = new Map<number, Intl.NumberFormat>();

export function formatCount(n: number, maximumFractionDigits = 0): string {
  let format = formats.get(maximumFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat(undefined, { maximumFractionDigits });
    formats.set(maximumFractionDigits, format);
  }
  return format.format(n);
}

const compactFormat = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });

/** A chart axis's tick: short enough for its gutter ("12K", "−3.5K"), the full figure is in the tooltip. */
export function formatCompact(n: number): string {
  return compactFormat.format(n);
}
