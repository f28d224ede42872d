import type { Locator } from 'playwright-core';

/**
 * The visible controls (buttons, links, fields, options) that lie under an element, such as a toast:
 * their names, or none. Controls inside any toast do not count.
 */
export function controlsUnder(element: Locator): Promise<string[]> {
  return element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const controls = [...document.querySelectorAll('button, a[href], input, select, textarea, [role="combobox"], [role="radio"], label.mantine-SegmentedControl-label')];
    return controls
      .filter((c) => !el.contains(c) && !c.closest('[role="alert"]'))
      .filter((c) => {
        const r = c.getBoundingClientRect();
        const style = getComputedStyle(c);
        if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || (c as HTMLInputElement).type === 'hidden') return false;
        return r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
      })
      .map((c) => c.getAttribute('aria-label') || c.textContent?.trim() || c.tagName);
  });
}
