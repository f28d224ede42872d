import { lazyNamed } from './lazy';

// The app-wide dialogs load apart from the first load of /login (Mantine's Modal is not part of it).
export const ConfirmationDialog = lazyNamed(() => import('../overlays/ConfirmationDialog'), 'ConfirmationDialog');
export const RewardDialog = lazyNamed(() => import('../overlays/RewardDialog'), 'RewardDialog');

/**
 * Signed in, any response can carry an award and any delete asks for confirmation: the dialogs' code is
 * fetched as soon as the app shell opens, so a dialog opens with the response that asked for it. Loaded
 * only on the award, the dialog could appear a second or more later, over whatever the user went on to
 * do (a click on the navigation then lands on its overlay and only closes it).
 */
export function preloadOverlays(): void {
  ConfirmationDialog.preload();
  RewardDialog.preload();
}
