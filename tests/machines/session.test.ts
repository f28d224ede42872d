import { describe, expect, it } from 'vitest';
import { readCallback, safeReturnPath, sessionTexts } from '../../machines/session';
import { fakeBackend, startSession } from './support/session';

describe('session machine (docs/product.md §4 Session)', () => {
  it('with nothing in local storage the user is anonymous', async () => {
    const s = startSession(fakeBackend());
    await s.settled();
    expect(s.actor.getSnapshot().matches('anonymous')).toBe(true);
  });

  it('restores a stored session: token and user are checked and the user is authenticated', async () => {
    const backend = fakeBackend();
    backend.addAccount('ann@example.com', 'secret-pass');
    const { access_token } = await backend.login({ email: 'ann@example.com', password: 'secret-pass' });
    const s = startSession(backend, { token: access_token, user: { user_id: 'stale' } });
    await s.settled();
    const snap = s.actor.getSnapshot();
    expect(snap.hasTag('authenticated')).toBe(true);
    expect(snap.context.user?.email).toBe('ann@example.com');
    expect(s.storage.user?.email).toBe('ann@example.com');
  });

  it('a failed authentication check clears the session', async () => {
    const s = startSession(fakeBackend(), { token: 'expired', user: { user_id: 'u1' } });
    await s.settled();
    const snap = s.actor.getSnapshot();
    expect(snap.matches('anonymous')).toBe(true);
    expect(snap.context.token).toBeNull();
    expect(s.storage).toEqual({ token: null, user: null });
  });

  it('login stores token and user, marks the user authenticated and toasts "Login successful!"', async () => {
    const backend = fakeBackend();
    backend.addAccount('bo@example.com', 'right-password');
    const s = startSession(backend);
    s.actor.send({ type: 'session.login', credentials: { email: 'bo@example.com', password: 'right-password' } });
    await s.settled();
    const snap = s.actor.getSnapshot();
    expect(snap.hasTag('authenticated')).toBe(true);
    expect(s.storage.token).toBe(snap.context.token);
    expect(s.storage.user?.email).toBe('bo@example.com');
    expect(s.toasts.map((t) => t.message)).toContain('Login successful!');
    expect(s.navigations.at(-1)).toBe('/');
  });

  it('login returns to the remembered origin', async () => {
    const backend = fakeBackend();
    backend.addAccount('cy@example.com', 'right-password');
    const s = startSession(backend);
    s.actor.send({ type: 'session.login', credentials: { email: 'cy@example.com', password: 'right-password' }, returnTo: '/transactions?type=expense' });
    await s.settled();
    expect(s.navigations.at(-1)).toBe('/transactions?type=expense');
  });

  it('a wrong password keeps the user anonymous and toasts the server detail', async () => {
    const backend = fakeBackend();
    backend.addAccount('di@example.com', 'right-password');
    const s = startSession(backend);
    s.actor.send({ type: 'session.login', credentials: { email: 'di@example.com', password: 'nope' } });
    await s.settled();
    const snap = s.actor.getSnapshot();
    expect(snap.matches({ anonymous: 'idle' })).toBe(true);
    expect(snap.context.error?.message).toBe('Incorrect email or password');
    expect(s.lastToast()).toEqual({ kind: 'error', message: 'Incorrect email or password' });
    expect(s.storage.token).toBeNull();
  });

  it('a failure the API client already toasted globally (5xx, network) is not toasted twice', async () => {
    const backend = fakeBackend();
    backend.login = async () => {
      throw Object.assign(new Error('Server error. Please try again later.'), { status: 500, handledGlobally: true });
    };
    const s = startSession(backend);
    s.actor.send({ type: 'session.login', credentials: { email: 'x@example.com', password: 'y' } });
    await s.settled();
    expect(s.toasts).toEqual([]);
    expect(s.actor.getSnapshot().context.error?.message).toBe('Server error. Please try again later.');
  });

  it('registration does not authenticate: it toasts the spec text and goes to /email-verification-sent', async () => {
    const s = startSession(fakeBackend());
    s.actor.send({ type: 'session.register', registration: { email: 'new@example.com', password: 'long-password' } });
    await s.settled();
    const snap = s.actor.getSnapshot();
    expect(snap.matches({ anonymous: 'registered' })).toBe(true);
    expect(snap.context.token).toBeNull();
    expect(snap.context.registeredEmail).toBe('new@example.com');
    expect(s.lastToast()?.message).toBe('Registration successful! Please check your email for verification.');
    expect(s.navigations.at(-1)).toBe('/email-verification-sent?email=new%40example.com');
  });

  it('a failed registration keeps the server detail for the form (shown under the field it names) and toasts nothing', async () => {
    const backend = fakeBackend();
    backend.addAccount('dup@example.com', 'x');
    const s = startSession(backend);
    s.actor.send({ type: 'session.register', registration: { email: 'dup@example.com', password: 'long-password' } });
    await s.settled();
    expect(s.actor.getSnapshot().matches({ anonymous: 'idle' })).toBe(true);
    expect(s.actor.getSnapshot().context.error?.message).toBe('An account with this email already exists.');
    expect(s.toasts).toEqual([]);
  });

  it('the email-verification callback exchanges its one-time token for a session token, stores it and marks the user authenticated', async () => {
    const backend = fakeBackend();
    const { user_id } = backend.addAccount('ev@example.com', 'pw');
    const once = backend.oneTimeTokenFor('ev@example.com');
    const s = startSession(backend);
    s.actor.send({ type: 'session.callback', kind: 'email', params: { success: 'true', token: once, user_id, token_type: 'bearer' } });
    await s.settled();
    expect(s.actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(s.storage.token).not.toBe(once);
    expect(backend.tokens.get(s.storage.token!)).toBe(user_id);
    expect(s.toasts.map((t) => t.message)).toContain('Email verified successfully!');
  });

  it('a verification callback whose token was already used ends anonymous on /login with the server text', async () => {
    const backend = fakeBackend();
    const { user_id } = backend.addAccount('used@example.com', 'pw');
    const once = backend.oneTimeTokenFor('used@example.com');
    await backend.exchange(once);
    const s = startSession(backend);
    s.actor.send({ type: 'session.callback', kind: 'email', params: { success: 'true', token: once, user_id } });
    await s.settled();
    expect(s.actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(s.storage.token).toBeNull();
    expect(s.lastToast()).toEqual({ kind: 'error', message: 'Email verification error: This sign-in link is invalid or was already used. Please log in.' });
    expect(s.navigations.at(-1)).toBe('/login');
  });

  it('logout revokes the token on the server as well as clearing the local session', async () => {
    const backend = fakeBackend();
    backend.addAccount('out@example.com', 'pw');
    const s = startSession(backend);
    s.actor.send({ type: 'session.login', credentials: { email: 'out@example.com', password: 'pw' } });
    await s.settled();
    const token = s.storage.token!;
    s.actor.send({ type: 'session.logout' });
    await s.settled();
    expect(backend.revoked).toEqual([token]);
    expect(s.storage.token).toBeNull();
    expect(s.lastToast()?.message).toBe('Logged out successfully');
  });

  it("the email-verification callback without success 'true', token and user_id fails with 'Invalid email verification response'", async () => {
    const s = startSession(fakeBackend());
    s.actor.send({ type: 'session.callback', kind: 'email', params: { success: 'false', token: 't', user_id: 'u' } });
    await s.settled();
    expect(s.actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(s.lastToast()?.message).toBe('Invalid email verification response');
    expect(s.navigations.at(-1)).toBe('/login');
  });

  it("the OAuth callback is invalid without both an access token and user_id ('Invalid OAuth response')", async () => {
    const s = startSession(fakeBackend());
    s.actor.send({ type: 'session.callback', kind: 'oauth', params: { access_token: 'abc' } });
    await s.settled();
    expect(s.lastToast()?.message).toBe('Invalid OAuth response');
    expect(s.storage.token).toBeNull();
  });

  it("an OAuth callback error toasts 'OAuth error: {error}'", async () => {
    const s = startSession(fakeBackend());
    s.actor.send({ type: 'session.callback', kind: 'oauth', params: { error: 'access_denied' } });
    await s.settled();
    expect(s.lastToast()?.message).toBe('OAuth error: access_denied');
  });

  it("an email-verification callback error toasts 'Email verification error: {error}'", async () => {
    const s = startSession(fakeBackend());
    s.actor.send({ type: 'session.callback', kind: 'email', params: { error: 'This verification link is invalid or has expired.' } });
    await s.settled();
    expect(s.lastToast()?.message).toBe('Email verification error: This verification link is invalid or has expired.');
  });

  it('a verified, signed-in user following an old verification link is told so and stays signed in (defect 4)', async () => {
    const backend = fakeBackend();
    const user = backend.addAccount('ev2@example.com', 'pw');
    user.email_verified = true; // what GET /users/me/profile answers for a verified account
    const { access_token } = await backend.login({ email: 'ev2@example.com', password: 'pw' });
    const s = startSession(backend, { token: access_token, user: { ...user, email_verified: true } });
    await s.settled();
    expect(s.actor.getSnapshot().hasTag('authenticated')).toBe(true);
    s.actor.send({ type: 'session.callback', kind: 'email', params: { error: 'This verification link is invalid or has expired. Request a new one.' } });
    await s.settled();
    expect(s.actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(s.storage.token).toBe(access_token);
    expect(s.lastToast()).toEqual({ kind: 'info', message: 'Your email is already verified.' });
    expect(s.lastToast()?.message).toBe(sessionTexts.alreadyVerified);
    expect(s.navigations.at(-1)).toBe('/');
  });

  it('an already-verified user following an old link continues where they were in this browser (defect 4)', async () => {
    const backend = fakeBackend();
    const user = backend.addAccount('ev3@example.com', 'pw');
    user.email_verified = true;
    const { access_token } = await backend.login({ email: 'ev3@example.com', password: 'pw' });
    const s = startSession(backend, { token: access_token, user: { ...user, email_verified: true } });
    await s.settled();
    const old = { error: 'This verification link is invalid or has expired. Request a new one.' };
    s.actor.send({ type: 'session.callback', kind: 'email', params: old, returnTo: '/transactions?category=Groceries' });
    await s.settled();
    expect(s.lastToast()).toEqual({ kind: 'info', message: 'Your email is already verified.' });
    expect(s.navigations.at(-1)).toBe('/transactions?category=Groceries');
    expect(s.actor.getSnapshot().hasTag('authenticated')).toBe(true);
    // Only a same-site path is followed; anything else lands on the normal landing page.
    s.actor.send({ type: 'session.callback', kind: 'email', params: old, returnTo: '//evil.example/x' });
    await s.settled();
    expect(s.navigations.at(-1)).toBe('/');
  });

  it('the OAuth and web3 callbacks store token and user and toast "Login successful!"', async () => {
    const backend = fakeBackend();
    backend.addAccount('oa@example.com', 'pw');
    const { access_token, user_id } = await backend.login({ email: 'oa@example.com', password: 'pw' });
    const s = startSession(backend);
    s.actor.send({ type: 'session.callback', kind: 'oauth', params: { access_token, user_id, token_type: 'bearer' } });
    await s.settled();
    expect(s.actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(s.toasts.map((t) => t.message)).toContain('Login successful!');
  });

  it('a verification token from the link verifies the email and signs the user in', async () => {
    const backend = fakeBackend();
    backend.addAccount('vt@example.com', 'pw', false);
    const s = startSession(backend);
    s.actor.send({ type: 'session.verifyEmail', token: backend.verificationTokenFor('vt@example.com') });
    await s.settled();
    expect(s.actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(s.toasts.map((t) => t.message)).toContain('Email verified successfully!');
  });

  it('logout clears token and user, resets all app state, toasts and goes to /login', async () => {
    const backend = fakeBackend();
    backend.addAccount('lo@example.com', 'pw');
    const s = startSession(backend);
    s.actor.send({ type: 'session.login', credentials: { email: 'lo@example.com', password: 'pw' } });
    await s.settled();
    s.actor.send({ type: 'session.logout' });
    const snap = s.actor.getSnapshot();
    expect(snap.matches('anonymous')).toBe(true);
    expect(snap.context.token).toBeNull();
    expect(snap.context.user).toBeNull();
    expect(s.storage).toEqual({ token: null, user: null });
    expect(s.resets).toBe(1);
    expect(snap.context.signedOutBy).toBe('logout');
    expect(s.lastToast()?.message).toBe('Logged out successfully');
    expect(s.navigations.at(-1)).toBe('/login');
  });

  it('an expired session (401 on a call) clears the session and goes to /login', async () => {
    const backend = fakeBackend();
    backend.addAccount('ex@example.com', 'pw');
    const s = startSession(backend);
    s.actor.send({ type: 'session.login', credentials: { email: 'ex@example.com', password: 'pw' } });
    await s.settled();
    s.actor.send({ type: 'session.expired' });
    expect(s.actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(s.storage.token).toBeNull();
    expect(s.navigations.at(-1)).toBe('/login');
  });

  it('a renewed token (password change) replaces the stored one', async () => {
    const backend = fakeBackend();
    backend.addAccount('rt@example.com', 'pw');
    const s = startSession(backend);
    s.actor.send({ type: 'session.login', credentials: { email: 'rt@example.com', password: 'pw' } });
    await s.settled();
    s.actor.send({ type: 'session.tokenRenewed', token: 'fresh' });
    expect(s.actor.getSnapshot().context.token).toBe('fresh');
    expect(s.storage.token).toBe('fresh');
  });

  it('refreshing the profile replaces the user (after onboarding)', async () => {
    const backend = fakeBackend();
    const user = backend.addAccount('rp@example.com', 'pw');
    const s = startSession(backend);
    s.actor.send({ type: 'session.login', credentials: { email: 'rp@example.com', password: 'pw' } });
    await s.settled();
    user.onboarding_completed = true;
    s.actor.send({ type: 'session.refreshProfile' });
    await new Promise((r) => setTimeout(r, 10));
    expect(s.actor.getSnapshot().context.user?.onboarding_completed).toBe(true);
    expect(s.storage.user?.onboarding_completed).toBe(true);
  });

  it("the toasts the machine writes out (so Stately shows them) are sessionTexts' words: one source", async () => {
    const backend = fakeBackend();
    const s = startSession(backend);
    s.actor.send({ type: 'session.register', registration: { email: 'ts@example.com', password: 'right-password' } });
    await s.settled();
    s.actor.send({ type: 'session.verifyEmail', token: backend.verificationTokenFor('ts@example.com') });
    await s.settled();
    s.actor.send({ type: 'session.logout' });
    s.actor.send({ type: 'session.login', credentials: { email: 'ts@example.com', password: 'right-password' } });
    await s.settled();
    expect(s.toasts.map((t) => t.message)).toEqual([sessionTexts.registered, sessionTexts.emailVerified, sessionTexts.loggedOut, sessionTexts.loginSuccess]);
  });
});

describe('callback and return-path rules', () => {
  it('reads docs/product.md §5 callback parameters', () => {
    expect(readCallback('email', { success: 'true', token: 't', user_id: 'u' })).toEqual({ ok: true, token: 't', userId: 'u' });
    expect(readCallback('email', { success: 'true', token: 't' })).toEqual({ ok: false, error: 'Invalid email verification response' });
    expect(readCallback('oauth', { access_token: 't', user_id: 'u' })).toEqual({ ok: true, token: 't', userId: 'u' });
    expect(readCallback('oauth', { user_id: 'u' })).toEqual({ ok: false, error: 'Invalid OAuth response' });
  });

  it('returns only to same-site paths after login', () => {
    expect(safeReturnPath('/budget')).toBe('/budget');
    expect(safeReturnPath('//evil.example.com')).toBeNull();
    expect(safeReturnPath('https://evil.example.com')).toBeNull();
    expect(safeReturnPath('/login')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});
