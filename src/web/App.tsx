import { createTheme, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { ToastHost } from './overlays/toasts';
import type { AppActors } from './app/actors';
import { AppActorsContext } from './app/context';
import { AppRoutes, type AppRouter } from './app/router';
import { useSelector } from '@xstate/react';
import { colorSchemeOf } from '../../machines/ui';
import { OnceOpened } from './app/lazy';
import { ConfirmationDialog, RewardDialog } from './app/overlays';

const theme = createTheme({
  primaryColor: 'teal',
  // Dark enough for white text on filled buttons and for teal text on white (WCAG AA 4.5:1).
  primaryShade: { light: 9, dark: 9 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});

/** Secondary ("dimmed") text and placeholders at AA contrast in both themes (Mantine's defaults are about 3:1). */
const contrast: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-placeholder': t.colors.gray[6],
    '--mantine-color-error': t.colors.red[8],
  },
  dark: { '--mantine-color-dimmed': t.colors.dark[1], '--mantine-color-placeholder': t.colors.dark[2], '--mantine-color-error': t.colors.red[5] },
});

export function App({ actors, router }: { actors: AppActors; router: AppRouter }) {
  const colorScheme = useSelector(actors.ui, (s) => colorSchemeOf(s.context));
  const confirming = useSelector(actors.ui, (s) => s.context.confirmation !== null);
  const rewarding = useSelector(actors.ui, (s) => s.context.reward !== null);
  return (
    <AppActorsContext.Provider value={actors}>
      <MantineProvider theme={theme} forceColorScheme={colorScheme} cssVariablesResolver={contrast}>
        <ToastHost />
        <AppRoutes router={router} />
        <OnceOpened opened={confirming}>
          <ConfirmationDialog />
        </OnceOpened>
        <OnceOpened opened={rewarding}>
          <RewardDialog />
        </OnceOpened>
      </MantineProvider>
    </AppActorsContext.Provider>
  );
}
