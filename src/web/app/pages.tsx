import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { lazyNamed } from './lazy';

/**
 * The page of each guarded route ([spec:2-guarded-routes]), loaded only when visited so heavy code
 * (charts, ethers) stays out of the first load. A route without an entry shows its title only.
 * Feature issues add one line here.
 */
export const pages: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {
  '/onboarding': lazy(() => import('../views/onboarding/OnboardingPage')),
  '/dashboard': lazy(() => import('../views/dashboard/DashboardPage')),
  '/settings': lazy(() => import('../views/settings/SettingsPage')),
  '/budget': lazy(() => import('../views/budget/BudgetPage')),
  '/accounts': lazy(() => import('../views/accounts/AccountsPage')),
  '/bills': lazy(() => import('../views/bills/BillsPage')),
  '/transactions': lazy(() => import('../views/transactions/TransactionsPage')),
  '/ai-coach': lazy(() => import('../views/coach/CoachPage')),
  '/tokens': lazy(() => import('../views/tokens/TokensPage')),
  '/help': lazy(() => import('../views/help/HelpPage')),
};

/** The public pages other than /login, and the app shell: each loads when first shown. */
export const RegisterPage = lazyNamed(() => import('../views/auth/RegisterPage'), 'RegisterPage');
export const EmailVerificationSentPage = lazyNamed(() => import('../views/auth/EmailVerificationSentPage'), 'EmailVerificationSentPage');
export const CallbackPage = lazyNamed<{ kind: 'email' | 'oauth' }>(() => import('../views/auth/CallbackPage'), 'CallbackPage');
export const ForgotPasswordPage = lazyNamed(() => import('../views/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
export const ResetPasswordPage = lazyNamed(() => import('../views/auth/ResetPasswordPage'), 'ResetPasswordPage');
export const SubscriptionSuccessPage = lazyNamed(() => import('../views/subscription/SubscriptionSuccessPage'), 'SubscriptionSuccessPage');
export const AppLayout = lazyNamed(() => import('../views/shell/AppLayout'), 'AppLayout');
