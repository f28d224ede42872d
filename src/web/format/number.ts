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
