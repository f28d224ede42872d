import type { Locator } from 'playwright-core';

export interface ShownFieldError {
  /** The field's accessible name (its label). */
  field: string;
  /** The error text as shown. */
  error: string;
  /** The input is marked invalid and its description points at the error, so a screen reader reads it with the field. */
  announced: boolean;
  /** How far below the field's input the error starts (px): next to it, not somewhere else on the page. */
  below: number;
}

/**
 * Every field of a form (or dialog) that shows an error, in the order of the form: its label, the
 * error's text, whether it is announced (aria-invalid + aria-describedby) and where it sits.
 */
export function fieldErrors(root: Locator): Promise<ShownFieldError[]> {
  return root.evaluate((el) => {
    const shown: ShownFieldError[] = [];
    for (const input of el.querySelectorAll<HTMLElement>('input, textarea, select')) {
      const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      const node = ids.map((id) => document.getElementById(id)).find((n) => n && n.id.endsWith('-error') && n.textContent);
      const label = input.id ? document.querySelector(`label[for="${CSS.escape(input.id)}"]`) : null;
      const name = (input.getAttribute('aria-label') || label?.textContent || input.getAttribute('name') || '').replace(/\s*\*$/, '').trim();
      if (!node) {
        if (input.getAttribute('aria-invalid') === 'true') shown.push({ field: name, error: '', announced: false, below: Number.NaN });
        continue;
      }
      const box = (input.closest('.mantine-Input-wrapper') ?? input).getBoundingClientRect();
      shown.push({
        field: name,
        error: node.textContent!.trim(),
        announced: input.getAttribute('aria-invalid') === 'true',
        below: Math.round(node.getBoundingClientRect().top - box.bottom),
      });
    }
    return shown;
  });
}

/** The accessible name of the focused element (its label), to check focus went to the first invalid field. */
export function focusedField(root: Locator): Promise<string | null> {
  return root.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return null;
    const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null;
    return (el.getAttribute('aria-label') || label?.textContent || '').replace(/\s*\*$/, '').trim() || null;
  });
}
