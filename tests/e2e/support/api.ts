import { randomUUID } from 'node:crypto';

/** One mail in the embedded outbox (GET /dev/outbox). */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  link: string | null;
  created_at: string;
}

/** A fresh address per test, so tests never see each other's users or mail. */
export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export const PASSWORD = 'correct horse battery';

/** The dev key the e2e server is started with (DEV_KEY), so the tests may read its outbox. */
export const E2E_DEV_KEY = 'e2e-dev-key-not-a-secret-0123456789';

/** The mail sent to an address so far, newest first. */
export async function readOutbox(apiUrl: string, to: string): Promise<OutboxMail[]> {
  const response = await fetch(`${apiUrl}/dev/outbox?${new URLSearchParams({ to })}`, { headers: { 'x-dev-key': E2E_DEV_KEY } });
  if (!response.ok) throw new Error(`GET /dev/outbox answered ${response.status}`);
  return ((await response.json()) as { messages: OutboxMail[] }).messages;
}

/**
 * Waits until the address has received at least `count` mails and answers the newest one.
 * Pass the count you expect (2 for a resent link) so an older mail is never mistaken for the new one.
 */
export async function waitForMail(apiUrl: string, to: string, { count = 1, timeoutMs = 10_000 } = {}): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await readOutbox(apiUrl, to);
    if (messages.length >= count) return messages[0]!;
    if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) to ${to} within ${timeoutMs} ms, found ${messages.length}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The link a mail carries (verification or password reset). */
export function linkOf(mail: OutboxMail): string {
  if (!mail.link) throw new Error(`mail "${mail.subject}" to ${mail.to} has no link`);
  return mail.link;
}

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const data = (await response.json()) as T & { detail?: string };
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${data.detail ?? ''}`);
  return data;
}

export interface TestUser {
  email: string;
  password: string;
  /** A valid access token, from verifying the email through the API. */
  token: string;
}

/**
 * A registered, verified user made through the API (signup, then the emailed link asked for JSON),
 * for tests whose subject is not registration itself.
 */
export async function createVerifiedUser(apiUrl: string, { email = uniqueEmail(), password = PASSWORD } = {}): Promise<TestUser> {
  await post(`${apiUrl}/users/signup`, { email, password });
  const link = linkOf(await waitForMail(apiUrl, email));
  const response = await fetch(link, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`verifying ${email} answered ${response.status}`);
  const { access_token } = (await response.json()) as { access_token: string };
  return { email, password, token: access_token };
}

/**
 * A verified user who finished onboarding (in `currency`) and started the free trial, all through the API:
 * the set-up of tests whose subject is a signed-in page, not onboarding or the trial.
 */
export async function onboardedUser(apiUrl: string, { currency = 'USD' } = {}): Promise<TestUser> {
  const user = await createVerifiedUser(apiUrl);
  await callApi(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency, monthly_income: 3200, main_goal: 'grow_savings', help_with: [] } });
  await callApi(apiUrl, user.token, 'POST', '/subscription/trial/start');
  return user;
}

/** Changes a password from outside the browser (another device): tokens issued before stop working. */
export async function changePasswordElsewhere(apiUrl: string, user: TestUser, newPassword: string): Promise<TestUser> {
  const { access_token } = await post<{ access_token: string }>(
    `${apiUrl}/users/me/change-password`,
    { current_password: user.password, new_password: newPassword },
    user.token,
  );
  return { ...user, password: newPassword, token: access_token };
}

/** A JSON call to the API as a signed-in user (test setup that is not the subject of the test). */
export async function callApi<T>(apiUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json()) as T & { detail?: string };
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${data.detail ?? ''}`);
  return data;
}
