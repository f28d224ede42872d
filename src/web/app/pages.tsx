import { lazyNamed, lazyPage, type Preloadable } from './lazy';

/**
 * The page of each guarded route ([spec:2-guarded-routes]), loaded only when visited so heavy code
 * (charts, ethers) stays out of the first load. A route without an entry shows its title only.
 * Feature issues add one line here.
 */
export const pages: Partial<Record<string, Preloadable<object>>> = {
  '/onboarding': lazyPage(() => import('../views/onboarding/OnboardingPage')),
  '/dashboard': lazyPage(() => import('../views/dashboard/DashboardPage')),
  '/settings': lazyPage(() => import('../views/settings/SettingsPage')),
  '/budget': lazyPage(() => import('../views/budget/BudgetPage')),
  '/accounts': lazyPage(() => import('../views/accounts/AccountsPage')),
  '/bills': lazyPage(() => import('../views/bills/BillsPage')),
  '/transactions': lazyPage(() => import('../views/transactions/TransactionsPage')),
  '/ai-coach': lazyPage(() => import('../views/coach/CoachPage')),
  '/tokens': lazyPage(() => import('../views/tokens/TokensPage')),
  '/help': lazyPage(() => import('../views/help/HelpPage')),
};

/** The public pages other than /login, and the app shell: each loads when first shown. */
export const RegisterPage = lazyNamed(() => import('../views/auth/RegisterPage'), 'RegisterPage');
export const EmailVerificationSentPage = lazyNamed(() => import('../views/auth/EmailVerificationSentPage'), 'EmailVerificationSentPage');
export const CallbackPage = lazyNamed<{ kind: 'email' | 'oauth' }>(() => import('../views/auth/CallbackPage'), 'CallbackPage');
export const ForgotPasswordPage = lazyNamed(() => import('../views/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
export const ResetPasswordPage = lazyNamed(() => import('../views/auth/ResetPasswordPage'), 'ResetPasswordPage');
export const SubscriptionSuccessPage = lazyNamed(() => import('../views/subscription/SubscriptionSuccessPage'), 'SubscriptionSuccessPage');
export const AppLayout = lazyNamed(() => import('../views/shell/AppLayout'), 'AppLayout');

/**
 * A signed-in cold load (a token is stored): the shell's and the page's code start loading with the app's own start,
 * beside the session check, instead of after it. Whether the page may open is still the app machine's decision.
 */
export function preloadSignedIn(path: string): void {
  AppLayout.preload();
  pages[path.replace(/\/+$/, '') || '/']?.preload();
}
