import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/web/api';
import { ApiError, createApiClient, messageFrom } from '../../src/web/api/client';

/** A real HTTP server whose answer each test chooses; it records what the client sent. */
let server: Server;
let baseURL: string;
let respond: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
const received: { method?: string; url?: string; authorization?: string; contentType?: string; body: string; raw: Buffer }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({ method: req.method, url: req.url, authorization: req.headers.authorization, contentType: req.headers['content-type'], body: raw.toString('utf8'), raw });
      respond(req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const json = (status: number, body: unknown) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

function hooks(token: string | null = 'tok-123') {
  const events = { toasts: [] as string[], expired: 0 };
  return {
    events,
    hooks: {
      getToken: () => token,
      onSessionExpired: () => void (events.expired += 1),
      toastError: (m: string) => void events.toasts.push(m),
    },
  };
}

beforeEach(() => {
  received.length = 0;
});

describe('API client (docs/product.md §7 base, §8 global handling)', () => {
  it('sends JSON with the bearer token to the configured base', async () => {
    respond = json(200, { ok: true });
    const h = hooks();
    const call = createApiClient(baseURL, h.hooks);
    await expect(call('/transactions', { method: 'POST', body: { amount: 5 }, defaultMessage: 'Failed to create transaction' })).resolves.toEqual({ ok: true });
    expect(received[0]).toMatchObject({ method: 'POST', url: '/transactions', authorization: 'Bearer tok-123', contentType: 'application/json', body: '{"amount":5}' });
  });

  it('uploads a CSV file as it is, text/csv, bytes untouched (a Windows-1252 file stays Windows-1252 for the server to decode)', async () => {
    respond = json(201, { import_id: 'i1' });
    const bytes = new Uint8Array([...new TextEncoder().encode('date;amount\n01.02.2026;-110,7 '), 0x80]); // 0x80: € in Windows-1252
    const api = createApi(baseURL, hooks().hooks);
    await expect(api.transactions.importUpload(new Blob([bytes]), 'bank.csv')).resolves.toEqual({ import_id: 'i1' });
    expect(received[0]).toMatchObject({ method: 'POST', url: '/transactions/import?file_name=bank.csv', contentType: 'text/csv', authorization: 'Bearer tok-123' });
    expect([...received[0]!.raw]).toEqual([...bytes]);
  });

  it('sends no Authorization header when signed out', async () => {
    respond = json(200, {});
    await createApiClient(baseURL, hooks(null).hooks)('/users/me', { defaultMessage: 'x' });
    expect(received[0]?.authorization).toBeUndefined();
  });

  it('the message comes from detail, then message, then the default', async () => {
    const call = createApiClient(baseURL, hooks().hooks);
    respond = json(400, { detail: 'Amount must be positive', message: 'ignored' });
    await expect(call('/x', { defaultMessage: 'Failed to create transaction' })).rejects.toMatchObject({ message: 'Amount must be positive', status: 400 });
    respond = json(400, { message: 'From message' });
    await expect(call('/x', { defaultMessage: 'Failed to create transaction' })).rejects.toMatchObject({ message: 'From message' });
    respond = json(400, {});
    await expect(call('/x', { defaultMessage: 'Failed to create transaction' })).rejects.toMatchObject({ message: 'Failed to create transaction' });
    expect(messageFrom('not json', 'Default')).toBe('Default');
  });

  it("HTTP 401 clears the session and toasts 'Session expired. Please login again.'", async () => {
    respond = json(401, { detail: 'Not authenticated' });
    const h = hooks();
    const error = await createApiClient(baseURL, h.hooks)('/goals', { defaultMessage: 'Failed to fetch goals' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(h.events).toEqual({ toasts: ['Session expired. Please login again.'], expired: 1 });
  });

  it('HTTP 401 on login, signup or profile does not expire the session (they handle it)', async () => {
    respond = json(401, { detail: 'Incorrect email or password' });
    const h = hooks();
    const api = createApi(baseURL, h.hooks);
    await expect(api.auth.login({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({ message: 'Incorrect email or password', handledGlobally: false });
    await expect(api.auth.signup({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({ status: 401 });
    await expect(api.auth.getProfile()).rejects.toMatchObject({ status: 401 });
    expect(h.events).toEqual({ toasts: [], expired: 0 });
  });

  it("HTTP 403 toasts 'Access denied'", async () => {
    respond = json(403, { detail: 'Your trial has ended' });
    const h = hooks();
    await expect(createApiClient(baseURL, h.hooks)('/transactions', { defaultMessage: 'Failed to fetch transactions' })).rejects.toMatchObject({ status: 403, handledGlobally: true });
    expect(h.events.toasts).toEqual(['Access denied']);
  });

  it("HTTP 500 and above toast 'Server error. Please try again later.'", async () => {
    for (const status of [500, 502, 503]) {
      respond = json(status, { detail: 'Internal server error' });
      const h = hooks();
      await expect(createApiClient(baseURL, h.hooks)('/x', { defaultMessage: 'Failed to fetch dashboard data' })).rejects.toMatchObject({ status });
      expect(h.events.toasts).toEqual(['Server error. Please try again later.']);
    }
  });

  it("a network error toasts 'Network error. Please check your connection.'", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const h = hooks();
    await expect(createApiClient(`http://127.0.0.1:${port}`, h.hooks)('/x', { defaultMessage: 'd' })).rejects.toMatchObject({ message: 'Network error. Please check your connection.' });
    expect(h.events.toasts).toEqual(['Network error. Please check your connection.']);
  });

  it("a profile update that does not return an object fails with 'Invalid response format from server'", async () => {
    respond = json(200, 'ok');
    const api = createApi(baseURL, hooks().hooks);
    await expect(api.auth.updateProfile({ currency: 'EUR' })).rejects.toMatchObject({ message: 'Invalid response format from server' });
  });

  it('query parameters skip empty values', async () => {
    respond = json(200, {});
    await createApiClient(baseURL, hooks().hooks)('/transactions', { query: { type: 'expense', q: '', page: 2, category: undefined }, defaultMessage: 'd' });
    expect(received[0]?.url).toBe('/transactions?type=expense&page=2');
  });
});

describe('rewards reach the ui through the request layer (one mechanism for every feature)', () => {
  it('a response carrying reward hands it to onReward and the caller gets its data without it', async () => {
    respond = json(201, { transaction_id: 't1', reward: { points: 55, title: 'First transaction logged', message: 'Nice start!' } });
    const rewards: unknown[] = [];
    const call = createApiClient(baseURL, { ...hooks().hooks, onReward: (r) => void rewards.push(r) });
    await expect(call('/transactions', { method: 'POST', body: {}, defaultMessage: 'x' })).resolves.toEqual({ transaction_id: 't1' });
    expect(rewards).toEqual([{ points: 55, title: 'First transaction logged', message: 'Nice start!' }]);
  });

  it('a response without reward opens nothing', async () => {
    respond = json(200, { goal_id: 'g1' });
    const rewards: unknown[] = [];
    const call = createApiClient(baseURL, { ...hooks().hooks, onReward: (r) => void rewards.push(r) });
    await call('/goals', { defaultMessage: 'x' });
    expect(rewards).toEqual([]);
  });
});

