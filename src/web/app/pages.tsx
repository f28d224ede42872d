import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The page of each guarded route (spec §2), loaded only when visited so heavy code
 * (charts, ethers) stays out of the first load. A route without an entry shows its title only.
 * Feature issues add one line here.
 */
export const pages: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {
  '/onboarding': lazy(() => import('../views/onboarding/OnboardingPage')),
  '/dashboard': lazy(() => import('../views/dashboard/DashboardPage')),
  '/settings': lazy(() => import('../views/settings/SettingsPage')),
  '/budget': lazy(() => import('../views/budget/BudgetPage')),
  '/transactions': lazy(() => import('../views/transactions/TransactionsPage')),
  '/ai-coach': lazy(() => import('../views/coach/CoachPage')),
  '/tokens': lazy(() => import('../views/tokens/TokensPage')),
  '/help': lazy(() => import('../views/help/HelpPage')),
};

