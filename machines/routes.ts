import { safeReturnPath } from './session';

/**
 * Route guarding as pure logic the router consults (docs/product.md: [spec:2-guarded-routes], [spec:2-redirects], "Route guard").
 * Issue-by-issue the table grows; the decision function is the single place the rules live.
 */

export type OnboardingRequirement = 'any' | 'none' | 'modal' | 'redirect';

export interface RouteRule {
  path: string;
  title: string;
  /** How a route treats users who have not completed onboarding. */
  onboarding: OnboardingRequirement;
  /** Whether the route runs the access check (subscription or trial). */
  access: boolean;
}

export const publicRoutes = [
  '/login',
  '/register',
  '/email-verification-sent',
  '/oauth-callback',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/subscription/success',
] as const;

export const guardedRoutes: readonly RouteRule[] = [
  { path: '/onboarding', title: 'Onboarding', onboarding: 'any', access: false },
  { path: '/dashboard', title: 'Dashboard', onboarding: 'none', access: true },
  { path: '/transactions', title: 'Transactions', onboarding: 'modal', access: true },
  // Money accounts: where the transactions live, so the same rules as /transactions.
  { path: '/accounts', title: 'Accounts', onboarding: 'modal', access: true },
  { path: '/bills', title: 'Bills', onboarding: 'modal', access: true },
  { path: '/budget', title: 'Budget', onboarding: 'modal', access: true },
  // Where users without access land: the coach stays available with a daily allowance.
  { path: '/ai-coach', title: 'AI Coach', onboarding: 'none', access: false },
  { path: '/tokens', title: 'Tokens', onboarding: 'redirect', access: true },
  // Settings hold the subscription itself, help must always open: no access check.
  { path: '/settings', title: 'Settings', onboarding: 'redirect', access: false },
  { path: '/help', title: 'Help', onboarding: 'redirect', access: false },
];

export interface GuardInput {
  path: string;
  /** path + search, remembered as the origin when sending the user to /login. */
  location: string;
  session: 'checking' | 'anonymous' | 'authenticated';
  onboardingCompleted: boolean;
  onboardingSkipped: boolean;
  /** /onboarding?force=true opens the wizard even after completing or skipping it. */
  force?: boolean;
  /** The `from` query parameter of /login: where a signed-in user goes instead of `/`. */
  from?: string | null;
  /** False right after an explicit logout: the next person to log in should not land on the last user's page. */
  rememberOrigin?: boolean;
}

export type GuardDecision =
  | { kind: 'wait' }
  | { kind: 'allow'; rule: RouteRule | null; checkAccess: boolean }
  | { kind: 'redirect'; to: string }
  /** Skipped onboarding plus a modal-mode route: the onboarding-required modal. */
  | { kind: 'onboardingModal'; rule: RouteRule; skipped: boolean };

const signInForms = ['/login', '/register'];

export const isPublicRoute = (path: string) => (publicRoutes as readonly string[]).includes(path);
export const ruleFor = (path: string) => guardedRoutes.find((r) => r.path === path) ?? null;

/** The login URL that remembers where the user was going. */
export const loginRedirect = (location: string) => (location && location !== '/' ? `/login?from=${encodeURIComponent(location)}` : '/login');

export function guardRoute(input: GuardInput): GuardDecision {
  const { path } = input;
  // A signed-in user has no business on the sign-in forms.
  if (input.session === 'authenticated' && signInForms.includes(path)) return { kind: 'redirect', to: safeReturnPath(input.from) ?? '/' };
  if (isPublicRoute(path)) return { kind: 'allow', rule: null, checkAccess: false };
  const rule = ruleFor(path);
  if (path !== '/' && !rule) {
    // Any unknown path redirects to /login; a signed-in user gets a "page not found" with a way back instead.
    if (input.session === 'checking') return { kind: 'wait' };
    if (input.session === 'anonymous') return { kind: 'redirect', to: '/login' };
    return { kind: 'allow', rule: null, checkAccess: false };
  }
  if (input.session === 'checking') return { kind: 'wait' };
  if (input.session === 'anonymous') return { kind: 'redirect', to: input.rememberOrigin === false ? '/login' : loginRedirect(input.location) };
  if (path === '/') return { kind: 'redirect', to: input.onboardingCompleted ? '/ai-coach' : '/onboarding' };
  const r = rule!;
  const completed = input.onboardingCompleted;
  switch (r.onboarding) {
    case 'any':
      // A completed user has nothing to do on the wizard unless they ask for it again; /dashboard is also
      // where completing the wizard leads, so the guard and the onboarding machine agree.
      if (completed && !input.force) return { kind: 'redirect', to: '/dashboard' };
      break;
    case 'modal':
      if (!completed && input.onboardingSkipped) return { kind: 'onboardingModal', rule: r, skipped: true };
      if (!completed) return { kind: 'redirect', to: '/onboarding' };
      break;
    case 'redirect':
      if (!completed) return { kind: 'redirect', to: '/onboarding' };
      break;
    case 'none':
      break;
  }
  return { kind: 'allow', rule: r, checkAccess: r.access };
}
