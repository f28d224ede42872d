import { ActionIcon, AppShell, Burger, Group, Menu, NavLink, ScrollArea, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, type MouseEvent } from 'react';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router-dom';
import { guardedRoutes } from '../../../../machines/routes';
import { colorSchemeOf, type AccountSection } from '../../../../machines/ui';
import { useAppActors, useSession, useUi } from '../../app/context';
import { lazyNamed, OnceOpened } from '../../app/lazy';
import { preloadOverlays } from '../../app/overlays';
import { OnboardingRequiredModal } from '../../overlays/OnboardingRequiredModal';
import { Icon, type IconName } from '../icons';
import { SubscriptionModal } from '../subscription/SubscriptionModal';
import { NotificationBell } from '../bills/NotificationBell';

const navigation = guardedRoutes.filter((r) => r.path !== '/onboarding');
const icons: Record<string, IconName> = {
  '/dashboard': 'dashboard',
  '/transactions': 'transactions',
  '/accounts': 'accounts',
  '/bills': 'transactions',
  '/budget': 'budget',
  '/ai-coach': 'coach',
  '/tokens': 'tokens',
  '/settings': 'settings',
  '/help': 'help',
};

// Its code (the Settings sections and the contact form) loads the first time the user opens one.
const AccountDialog = lazyNamed(() => import('./AccountDialog'), 'AccountDialog');
const accountSections: readonly AccountSection[] = ['password', 'signInMethods', 'data', 'support'];
const accountMenuLabels: Record<AccountSection, string> = {
  password: 'Change password',
  signInMethods: 'Sign-in methods',
  data: 'Download or delete my data',
  support: 'Contact support',
};

/** The skip link moves the focus itself: the hash would be taken for a route change by some routers. */
const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
  event.preventDefault();
  document.getElementById('main-content')?.focus();
};

/** The signed-in frame: header, navigation to every guarded route, and the page. */
export function AppLayout() {
  const { session, ui } = useAppActors();
  const [mobileOpen, mobile] = useDisclosure(false);
  const collapsed = useUi((s) => s.context.sidebarCollapsed);
  const theme = useUi((s) => colorSchemeOf(s.context));
  const showBalances = useUi((s) => s.context.showBalances);
  const email = useSession((s) => s.context.user?.email ?? '');
  const name = useSession((s) => s.context.user?.full_name ?? null);
  const location = useLocation();
  const activeTab = useUi((s) => s.context.activeTab);
  const accountOpen = useUi((s) => s.context.account !== null);
  const openAccount = (section: AccountSection) => ui.send({ type: 'account.open', section });
  const tab = navigation.find((r) => r.path === location.pathname)?.path.slice(1);
  // Signed in: the award and confirmation dialogs' code arrives before the first response that opens one.
  useEffect(preloadOverlays, []);
  useEffect(() => {
    // The ui machine remembers the section in view ([spec:3-client-state], the active tab).
    if (tab && tab !== activeTab) ui.send({ type: 'tab.select', tab });
  }, [tab, activeTab, ui]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: collapsed ? 72 : 232, breakpoint: 'sm', collapsed: { mobile: !mobileOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <a href="#main-content" className="skip-link" onClick={skipToContent}>
          Skip to content
        </a>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={mobileOpen} onClick={mobile.toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <ActionIcon variant="subtle" color="gray" visibleFrom="sm" onClick={() => ui.send({ type: 'sidebar.toggle' })} aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} aria-expanded={!collapsed}>
              <Icon name="sidebar" />
            </ActionIcon>
            <Text fw={800} fz="xl">
              Finu
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <NotificationBell />
            <Tooltip label={showBalances ? 'Hide balances' : 'Show balances'}>
              <ActionIcon variant="default" size="lg" onClick={() => ui.send({ type: 'balances.toggle' })} aria-label={showBalances ? 'Hide balances' : 'Show balances'} aria-pressed={!showBalances}>
                <Icon name={showBalances ? 'eye' : 'eyeOff'} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={theme === 'light' ? 'Dark theme' : 'Light theme'}>
              <ActionIcon variant="default" size="lg" onClick={() => ui.send({ type: 'theme.toggle' })} aria-label={theme === 'light' ? 'Switch to dark theme' : 'Switch to light theme'}>
                <Icon name={theme === 'light' ? 'moon' : 'sun'} />
              </ActionIcon>
            </Tooltip>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={`Account menu: ${name || email}`} px="xs">
                  <Text size="sm" fw={500} truncate maw={{ base: 84, sm: 220 }}>
                    {name || email}
                  </Text>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{email}</Menu.Label>
                {accountSections.map((section) => (
                  <Menu.Item key={section} onClick={() => openAccount(section)}>
                    {accountMenuLabels[section]}
                  </Menu.Item>
                ))}
                <Menu.Divider />
                <Menu.Item onClick={() => session.send({ type: 'session.logout' })}>Log out</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <AppShell.Section grow component={ScrollArea}>
          {navigation.map((route) => (
            <NavLink
              key={route.path}
              component={RouterNavLink}
              to={route.path}
              onClick={mobile.close}
              active={location.pathname === route.path}
              label={collapsed ? <VisuallyHidden>{route.title}</VisuallyHidden> : route.title}
              aria-label={collapsed ? route.title : undefined}
              leftSection={<Icon name={icons[route.path] ?? 'help'} />}
            />
          ))}
        </AppShell.Section>
        <AppShell.Section>
          <NavLink component="button" label={collapsed ? <VisuallyHidden>Log out</VisuallyHidden> : 'Log out'} leftSection={<Icon name="logout" />} onClick={() => session.send({ type: 'session.logout' })} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
      <OnboardingRequiredModal />
      <SubscriptionModal />
      <OnceOpened opened={accountOpen}>
        <AccountDialog />
      </OnceOpened>
    </AppShell>
  );
}
