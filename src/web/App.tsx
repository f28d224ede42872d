import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from 'react-router-dom';
import { TOAST_DURATION_MS } from '../contract/constants';
import type { AppActors } from './app/actors';
import { AppActorsContext } from './app/context';
import type { AppRouter } from './app/router';
import { useSelector } from '@xstate/react';
import { colorSchemeOf } from '../../machines/ui';
import { ConfirmationDialog } from './overlays/ConfirmationDialog';
import { RewardDialog } from './overlays/RewardDialog';

const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});

export function App({ actors, router }: { actors: AppActors; router: AppRouter }) {
  const colorScheme = useSelector(actors.ui, (s) => colorSchemeOf(s.context));
  return (
    <AppActorsContext.Provider value={actors}>
      <MantineProvider theme={theme} forceColorScheme={colorScheme}>
        {/* Top right, under the app header when there is one (app.css). */}
        <Notifications position="top-right" autoClose={TOAST_DURATION_MS} limit={4} classNames={{ root: 'toasts' }} />
        <RouterProvider router={router} />
        <ConfirmationDialog />
        <RewardDialog />
      </MantineProvider>
    </AppActorsContext.Provider>
  );
}
