/**
 * Route guarding as pure logic the router consults (spec §2 and §4).
 * Issue-by-issue the table grows; the decision function is the single place the rules live.
 */

export type OnboardingRequirement = 'any' | 'none' | 'modal' | 'redirect';

export interface RouteRule {
  path: string;
  title: string;
  /** How a route treats users who have not completed onboarding. */
  onboarding: OnboardingRequirement;
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
  { path: '/onboarding', title: 'Onboarding', onboarding: 'any' },
  { path: '/dashboard', title: 'Dashboard', onboarding: 'none' },
  { path: '/transactions', title: 'Transactions', onboarding: 'modal' },
  { path: '/budget', title: 'Budget', onboarding: 'modal' },
  { path: '/ai-coach', title: 'AI Coach', onboarding: 'none' },
  { path: '/tokens', title: 'Tokens', onboarding: 'redirect' },
  { path: '/settings', title: 'Settings', onboarding: 'redirect' },
  { path: '/help', title: 'Help', onboarding: 'redirect' },
];

export interface GuardInput {
  path: string;
  /** path + search, remembered as the origin when sending the user to /login. */
  location: string;
  session: 'checking' | 'anonymous' | 'authenticated';
  onboardingCompleted: boolean;
  onboardingSkipped: boolean;
}

export type GuardDecision = { kind: 'wait' } | { kind: 'allow'; rule: RouteRule | null } | { kind: 'redirect'; to: string };

const signInForms = ['/login', '/register'];

export const isPublicRoute = (path: string) => (publicRoutes as readonly string[]).includes(path);
export const ruleFor = (path: string) => guardedRoutes.find((r) => r.path === path) ?? null;

/** The login URL that remembers where the user was going. */
export const loginRedirect = (location: string) => (location && location !== '/' ? `/login?from=${encodeURIComponent(location)}` : '/login');

export function guardRoute(input: GuardInput): GuardDecision {
  const { path } = input;
  // A signed-in user has no business on the sign-in forms.
  if (input.session === 'authenticated' && signInForms.includes(path)) return { kind: 'redirect', to: '/' };
  if (isPublicRoute(path)) return { kind: 'allow', rule: null };
  const rule = ruleFor(path);
  // Any unknown path redirects to /login.
  if (path !== '/' && !rule) return { kind: 'redirect', to: '/login' };
  if (input.session === 'checking') return { kind: 'wait' };
  if (input.session === 'anonymous') return { kind: 'redirect', to: loginRedirect(input.location) };
  if (path === '/') return { kind: 'redirect', to: input.onboardingCompleted ? '/ai-coach' : '/onboarding' };
  return { kind: 'allow', rule };
}
