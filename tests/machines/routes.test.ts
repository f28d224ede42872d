import { describe, expect, it } from 'vitest';
import { guardRoute, type GuardInput } from '../../machines/routes';

const at = (path: string, session: GuardInput['session'], extra: Partial<GuardInput> = {}) =>
  guardRoute({ path, location: path, session, onboardingCompleted: false, onboardingSkipped: false, ...extra });

describe('route guard (docs/product.md §2, §4)', () => {
  it('no token redirects to /login, remembering the origin', () => {
    expect(guardRoute({ path: '/budget', location: '/budget?goal=3', session: 'anonymous', onboardingCompleted: false, onboardingSkipped: false })).toEqual({
      kind: 'redirect',
      to: '/login?from=%2Fbudget%3Fgoal%3D3',
    });
  });

  it.each(['/login', '/register', '/email-verification-sent', '/oauth-callback', '/verify-email', '/forgot-password', '/reset-password', '/subscription/success'])(
    'public route %s is open to anonymous users',
    (path) => expect(at(path, 'anonymous').kind).toBe('allow'),
  );

  it('any unknown path redirects to /login, signed in or not', () => {
    expect(at('/no-such-page', 'anonymous')).toEqual({ kind: 'redirect', to: '/login' });
    expect(at('/no-such-page', 'authenticated')).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('waits while a stored session is being checked', () => {
    expect(at('/dashboard', 'checking')).toEqual({ kind: 'wait' });
  });

  it('/ redirects to /ai-coach when onboarding is completed, otherwise to /onboarding', () => {
    expect(at('/', 'authenticated', { onboardingCompleted: true })).toEqual({ kind: 'redirect', to: '/ai-coach' });
    expect(at('/', 'authenticated')).toEqual({ kind: 'redirect', to: '/onboarding' });
  });

  it('a signed-in user on /login?from=<path> goes to that path (the same place login returns to)', () => {
    expect(at('/login', 'authenticated', { from: '/dashboard' })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(at('/login', 'authenticated', { from: '//evil.example.com' })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('after an explicit logout the login page does not remember the last page', () => {
    expect(at('/dashboard', 'anonymous', { rememberOrigin: false })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('a signed-in user opening /login or /register goes to /', () => {
    expect(at('/login', 'authenticated')).toEqual({ kind: 'redirect', to: '/' });
    expect(at('/verify-email', 'authenticated').kind).toBe('allow');
  });

  it.each(['/dashboard', '/transactions', '/budget', '/ai-coach', '/tokens', '/settings', '/help'])('guarded route %s opens for a user who completed onboarding', (path) => {
    expect(at(path, 'authenticated', { onboardingCompleted: true }).kind).toBe('allow');
  });
});

describe('onboarding requirement per route (docs/product.md §2, §4)', () => {
  it('/onboarding is open to any signed-in user who has not completed it', () => {
    expect(at('/onboarding', 'authenticated').kind).toBe('allow');
    expect(at('/onboarding', 'authenticated', { onboardingSkipped: true }).kind).toBe('allow');
  });

  it('/onboarding?force=true opens the wizard even for a user who completed it; without force they go to /dashboard', () => {
    expect(at('/onboarding', 'authenticated', { onboardingCompleted: true, force: true }).kind).toBe('allow');
    expect(at('/onboarding', 'authenticated', { onboardingCompleted: true })).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it.each(['/dashboard', '/ai-coach'])('%s does not require onboarding', (path) => {
    expect(at(path, 'authenticated').kind).toBe('allow');
    expect(at(path, 'authenticated', { onboardingSkipped: true }).kind).toBe('allow');
  });

  it.each(['/transactions', '/budget', '/tokens', '/settings', '/help'])('onboarding neither completed nor skipped: %s redirects to /onboarding', (path) => {
    expect(at(path, 'authenticated')).toEqual({ kind: 'redirect', to: '/onboarding' });
  });

  it.each(['/transactions', '/budget'])('skipped onboarding plus a required route (%s) shows the onboarding modal', (path) => {
    expect(at(path, 'authenticated', { onboardingSkipped: true })).toMatchObject({ kind: 'onboardingModal', skipped: true, rule: { path } });
  });

  it.each(['/tokens', '/settings', '/help'])('skipped onboarding plus a redirect-mode route (%s) redirects to /onboarding', (path) => {
    expect(at(path, 'authenticated', { onboardingSkipped: true })).toEqual({ kind: 'redirect', to: '/onboarding' });
  });
});

describe('which routes run the access check', () => {
  it.each([
    ['/dashboard', true],
    ['/transactions', true],
    ['/budget', true],
    ['/tokens', true],
    ['/ai-coach', false],
    ['/settings', false],
    ['/help', false],
  ] as const)('%s → %s', (path, checks) => {
    expect(at(path, 'authenticated', { onboardingCompleted: true })).toMatchObject({ kind: 'allow', checkAccess: checks });
  });
});
