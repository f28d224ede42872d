import { lazy, useSyncExternalStore } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { TOAST_DURATION_MS } from '../../contract/constants';
import type { Toast } from '../../../machines/types';
import { OnceOpened } from '../app/lazy';

/**
 * Toasts ([spec:2-toasts]: top right, 3 s) through @mantine/notifications, loaded with the first toast:
 * the notifications package and its transitions are not part of the first load of /login.
 */
type NotificationsModule = typeof import('@mantine/notifications');
let module: Promise<NotificationsModule> | null = null;
let loaded = false;
const listeners = new Set<() => void>();
const load = () =>
  (module ??= import('@mantine/notifications').then((m) => {
    loaded = true;
    listeners.forEach((l) => l());
    return m;
  }));

const toastColors: Record<Toast['kind'], string> = { success: 'teal', error: 'red', info: 'blue', warning: 'yellow' };

/** Shows one toast (the ui machine's showToast action). */
export function showToast(toast: Toast): void {
  void load().then(({ notifications }) =>
    notifications.show({ message: toast.message, title: toast.title, color: toastColors[toast.kind], autoClose: TOAST_DURATION_MS, withBorder: true, closeButtonProps: { 'aria-label': 'Close notification' } }),
  );
}

const Notifications = lazy(() => load().then((m) => ({ default: m.Notifications })));
const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));

/** Where toasts appear, mounted once the first one is on its way. */
export function ToastHost() {
  const ready = useSyncExternalStore(subscribe, () => loaded);
  // On a phone a stack of toasts would reach the page's actions under its title: one at a time there, the next queued.
  const phone = useMediaQuery('(max-width: 36em)', false) ?? false;
  return (
    <OnceOpened opened={ready}>
      {/* Top right ([spec:2-toasts]), under the app header, beside the page title: pages keep that corner free of controls (docs/decisions.md). */}
      <Notifications position="top-right" autoClose={TOAST_DURATION_MS} limit={phone ? 1 : 3} containerWidth={360} classNames={{ root: 'toasts' }} />
    </OnceOpened>
  );
}
