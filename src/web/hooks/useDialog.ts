import { useEffect, useLayoutEffect, useRef } from 'react';
import { useAppActors } from '../app/context';

/**
 * The control a dialog opens from: the last element focused outside any dialog or menu (read when the
 * dialog opens). A menu item closes with its menu, so the menu's button stands for it.
 */
let lastFocusedOutside: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof HTMLElement && !target.closest('[role="dialog"], [role="menu"]')) lastFocusedOutside = target;
  });
}

/**
 * What every page dialog does while it is on screen: it tells the ui machine (so no award dialog opens
 * over it) and, when it closes, gives the focus back to the control that opened it; when that control is
 * gone (a deleted row, a re-rendered menu) to the element `fallback` selects, else to the page's main content.
 */
export function useDialog(name: string, opened: boolean, fallback?: string) {
  const { ui } = useAppActors();
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (opened) opener.current = lastFocusedOutside;
  }, [opened]);
  useEffect(() => {
    if (!opened) return;
    ui.send({ type: 'dialog.opened', dialog: name });
    return () => {
      ui.send({ type: 'dialog.closed', dialog: name });
      const back = opener.current;
      opener.current = null;
      // After the dialog's own focus trap lets go (it returns the focus itself when it can).
      window.setTimeout(() => {
        const active = document.activeElement;
        if (active && active !== document.body && document.contains(active) && !active.closest('[role="dialog"]')) return;
        const shown = (el: Element | null): el is HTMLElement => el instanceof HTMLElement && document.contains(el) && el.getClientRects().length > 0;
        const target = [back, fallback ? document.querySelector(fallback) : null, document.getElementById('main-content')].find(shown);
        target?.focus();
      }, 0);
    };
  }, [opened, name, ui, fallback]);
}
