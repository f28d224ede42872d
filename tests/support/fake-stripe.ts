import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks the Stripe API's wire format for the calls the Stripe billing
 * provider makes: form-encoded requests (the stripe SDK's `a[0][b]=c` nesting), JSON objects shaped
 * like Stripe's, and Stripe-style error bodies `{error: {type, message}}`. Point the SDK at it with
 * STRIPE_API_URL. It records every request so a test can assert what was sent.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  /** Query and form fields as sent, keys flat (`line_items[0][price]`). */
  query: Record<string, string>;
  form: Record<string, string>;
  /** The same fields nested the way Stripe reads them. */
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
}

export interface FakeCard {
  brand: string;
  last4: string;
}

interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string | null;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  success_url: string;
  cancel_url: string | null;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
  /** Not part of Stripe's object: what the subscription is created from on completion. */
  _price: string;
  _subscriptionMetadata: Record<string, string>;
  /** subscription_data[trial_end]: the subscription starts trialing until then, billed from then. */
  _trialEnd: number | null;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'trialing' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'paused';
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  default_payment_method: string | null;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      price: { id: string; object: 'price'; recurring: { interval: 'month' | 'year'; interval_count: 1 } };
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }[];
    has_more: false;
    url: string;
  };
  livemode: false;
  created: number;
  trial_end: number | null;
}

export interface FakeStripeOptions {
  /** Prices the account has, by id, with their billing interval. */
  prices: Record<string, 'month' | 'year'>;
  /** The secret key requests must carry (Authorization: Bearer …). */
  secretKey: string;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}
const missing = (object: string, value: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${object}: '${value}'`, { code: 'resource_missing', param });
const invalid = (message: string, param: string) => new StripeApiError(400, 'invalid_request_error', message, { param });

/** `a[0][b]=c` fields into `{a: [{b: 'c'}]}`, the way Stripe reads form bodies. */
export function nestFields(fields: Record<string, string>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const slot = part === '' && Array.isArray(node) ? String(node.length) : part;
      const container = node as Record<string, unknown>;
      if (last) {
        container[slot] = value;
        return;
      }
      if (container[slot] === undefined) container[slot] = /^\d*$/.test(parts[i + 1]!) ? [] : {};
      node = container[slot] as Record<string, unknown>;
    });
  }
  return root;
}

/** `expand[]=x`, `expand[0]=x` or `expand=x`: the fields to expand. */
const expandsOf = (fields: Record<string, string>) => Object.entries(fields).filter(([k]) => /^expand(\[\d*\])?$/.test(k)).map(([, v]) => v);

/** Stripe's webhook signature: `t=<ts>,v1=<hex HMAC-SHA256 of "<ts>.<payload>">`. */
export function signWebhook(payload: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** A Stripe event envelope around an object, as webhooks deliver it. */
export function stripeEvent(type: string, object: object): string {
  return JSON.stringify({ id: id('evt'), object: 'event', api_version: '2026-10-28.endive', created: nowSeconds(), livemode: false, pending_webhooks: 1, type, data: { object } });
}

export async function startFakeStripe(options: FakeStripeOptions) {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, CheckoutSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const customers = new Set<string>();
  const paymentMethods = new Map<string, FakeCard>([
    ['pm_card_visa', { brand: 'visa', last4: '4242' }],
    ['pm_card_mastercard', { brand: 'mastercard', last4: '4444' }],
  ]);
  let base = '';
  let nextFailure: StripeApiError | null = null;

  const paymentMethodObject = (pmId: string) => {
    const card = paymentMethods.get(pmId)!;
    return { id: pmId, object: 'payment_method', type: 'card', card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, funding: 'credit', country: 'US' }, livemode: false };
  };
  const subscriptionView = (sub: FakeSubscription, expand: string[]) => ({
    ...sub,
    default_payment_method: expand.includes('default_payment_method') && sub.default_payment_method ? paymentMethodObject(sub.default_payment_method) : sub.default_payment_method,
  });
  const sessionView = (session: CheckoutSession, expand: string[]) => {
    const { _price: _p, _subscriptionMetadata: _m, _trialEnd: _t, ...visible } = session;
    void _p;
    void _m;
    void _t;
    return { ...visible, subscription: expand.includes('subscription') && session.subscription ? subscriptionView(subscriptions.get(session.subscription)!, []) : session.subscription };
  };
  const item = (price: string, start = nowSeconds()) => ({
    id: id('si'),
    object: 'subscription_item' as const,
    price: { id: price, object: 'price' as const, recurring: { interval: options.prices[price]!, interval_count: 1 as const } },
    quantity: 1,
    current_period_start: start,
    current_period_end: start + (options.prices[price] === 'year' ? 365 : 30) * DAY,
  });
  const knownPrice = (price: string | undefined, param: string) => {
    if (!price || !options.prices[price]) throw invalid(`No such price: '${price ?? ''}'`, param);
    return price;
  };
  const subscriptionOr404 = (subId: string) => {
    const sub = subscriptions.get(subId);
    if (!sub) throw missing('subscription', subId);
    return sub;
  };

  function route(method: string, path: string, fields: Record<string, string>): [number, unknown] {
    const body = nestFields(fields);
    const expand = expandsOf(fields);
    let match: RegExpExecArray | null;

    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (body.mode !== 'subscription' && body.mode !== 'payment' && body.mode !== 'setup') throw invalid('Missing required param: mode.', 'mode');
      if (typeof body.success_url !== 'string') throw invalid('Missing required param: success_url.', 'success_url');
      const lines = body.line_items as { price?: string; quantity?: string }[] | undefined;
      const price = knownPrice(lines?.[0]?.price, 'line_items[0][price]');
      if (typeof body.customer === 'string' && !customers.has(body.customer)) throw missing('customer', body.customer, 'customer');
      // Stripe Checkout refuses a trial that ends less than 48 hours from now.
      const trialEndField = (body.subscription_data as { trial_end?: string } | undefined)?.trial_end;
      const trialEnd = trialEndField === undefined ? null : Number(trialEndField);
      if (trialEnd !== null && !(trialEnd >= nowSeconds() + 48 * 3600)) throw invalid('subscription_data[trial_end] must be at least 48 hours in the future.', 'subscription_data[trial_end]');
      const sessionId = id('cs_test');
      const session: CheckoutSession = {
        id: sessionId,
        object: 'checkout.session',
        mode: String(body.mode),
        status: 'open',
        payment_status: 'unpaid',
        url: `${base}/c/pay/${sessionId}`,
        client_reference_id: typeof body.client_reference_id === 'string' ? body.client_reference_id : null,
        customer: typeof body.customer === 'string' ? body.customer : null,
        customer_email: typeof body.customer_email === 'string' ? body.customer_email : null,
        subscription: null,
        success_url: body.success_url,
        cancel_url: typeof body.cancel_url === 'string' ? body.cancel_url : null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        livemode: false,
        created: nowSeconds(),
        _price: price,
        _subscriptionMetadata: ((body.subscription_data as { metadata?: Record<string, string> } | undefined)?.metadata as Record<string, string>) ?? {},
        _trialEnd: trialEnd,
      };
      sessions.set(sessionId, session);
      return [200, sessionView(session, expand)];
    }
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const session = sessions.get(match[1]!);
      if (!session) throw missing('checkout.session', match[1]!);
      return [200, sessionView(session, expand)];
    }
    if (method === 'GET' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      return [200, subscriptionView(subscriptionOr404(match[1]!), expand)];
    }
    if (method === 'POST' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptionOr404(match[1]!);
      if (sub.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.', 'status');
      if (body.cancel_at_period_end !== undefined) {
        sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
        sub.canceled_at = sub.cancel_at_period_end ? nowSeconds() : null;
      }
      if (typeof body.default_payment_method === 'string') {
        if (!paymentMethods.has(body.default_payment_method)) throw missing('payment_method', body.default_payment_method, 'default_payment_method');
        sub.default_payment_method = body.default_payment_method;
      }
      const items = body.items as { id?: string; price?: string }[] | undefined;
      if (items?.[0]) {
        const price = knownPrice(items[0].price, 'items[0][price]');
        const current = sub.items.data.find((i) => i.id === items[0]!.id);
        if (items[0].id && !current) throw missing('subscription_item', items[0].id, 'items[0][id]');
        // Switching price keeps the item and its period (proration is Stripe's business).
        if (current) current.price = item(price).price;
        else sub.items.data = [item(price)];
      }
      if (body.metadata) sub.metadata = { ...sub.metadata, ...(body.metadata as Record<string, string>) };
      return [200, subscriptionView(sub, expand)];
    }
    if (method === 'DELETE' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptionOr404(match[1]!);
      sub.status = 'canceled';
      sub.canceled_at = nowSeconds();
      return [200, subscriptionView(sub, expand)];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (typeof body.customer !== 'string') throw invalid('Missing required param: customer.', 'customer');
      if (!customers.has(body.customer)) throw missing('customer', body.customer, 'customer');
      const portalId = id('bps');
      return [200, { id: portalId, object: 'billing_portal.session', customer: body.customer, return_url: body.return_url ?? null, url: `${base}/p/session/${portalId}`, livemode: false, created: nowSeconds() }];
    }
    throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const query = Object.fromEntries(url.searchParams);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const fields = { ...query, ...form };
    requests.push({ method: req.method ?? 'GET', path: url.pathname, query, form, body: nestFields(fields), headers: req.headers });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(payload));
    };
    try {
      if (nextFailure) {
        const failure = nextFailure;
        nextFailure = null;
        throw failure;
      }
      if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
        throw new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${(req.headers.authorization ?? '').replace(/^Bearer /, '').slice(0, 8)}***`);
      }
      const [status, payload] = route(req.method ?? 'GET', url.pathname, fields);
      send(status, payload);
    } catch (error) {
      if (error instanceof StripeApiError) send(error.status, { error: { type: error.type, message: error.message, ...error.extra } });
      else send(500, { error: { type: 'api_error', message: (error as Error).message } });
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** STRIPE_API_URL for the app under test. */
    url: base,
    requests,
    sessions,
    subscriptions,
    /** Requests to one endpoint (`POST /v1/checkout/sessions`), oldest first. */
    requestsTo(method: string, pathPattern: RegExp | string): RecordedRequest[] {
      return requests.filter((r) => r.method === method && (typeof pathPattern === 'string' ? r.path === pathPattern : pathPattern.test(r.path)));
    },
    /** The next request fails the way Stripe answers it (e.g. 401 for a key revoked in the dashboard). */
    failNext(status: number, type: string, message: string) {
      nextFailure = new StripeApiError(status, type, message);
    },
    /** What paying on Stripe's hosted page does: the session completes and a subscription (and customer) exist. */
    complete(sessionId: string, { paymentMethod = 'pm_card_visa' }: { paymentMethod?: string } = {}): FakeSubscription {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake Stripe: no checkout session ${sessionId}`);
      const customer = session.customer ?? id('cus');
      customers.add(customer);
      const sub: FakeSubscription = {
        id: id('sub'),
        object: 'subscription',
        customer,
        // With a trial the first period is the trial itself: it ends when the trial does, and the first charge is then.
        status: session._trialEnd ? 'trialing' : 'active',
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        default_payment_method: paymentMethod,
        metadata: session._subscriptionMetadata,
        items: { object: 'list', data: [session._trialEnd ? { ...item(session._price), current_period_end: session._trialEnd } : item(session._price)], has_more: false, url: '' },
        livemode: false,
        created: nowSeconds(),
        trial_end: session._trialEnd,
      };
      sub.items.url = `/v1/subscription_items?subscription=${sub.id}`;
      subscriptions.set(sub.id, sub);
      Object.assign(session, { status: 'complete', payment_status: 'paid', customer, subscription: sub.id, url: null });
      return sub;
    },
    /** A subscription as a webhook event carries it (payment method not expanded). */
    subscriptionObject(subId: string) {
      return subscriptionView(subscriptionOr404(subId), []);
    },
    checkoutSessionObject(sessionId: string) {
      return sessionView(sessions.get(sessionId)!, []);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        // The SDK keeps connections alive; without this close() waits for them to time out.
        server.closeAllConnections();
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
