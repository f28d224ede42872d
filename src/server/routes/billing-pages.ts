import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Plan } from '../../contract/schemas/subscription';
import { describeCard, testCards } from '../services/billing/local';
import { periodEnd } from '../services/billing/plans';

/** The page's own icon, inline: otherwise the browser asks the API for a /favicon.ico it does not serve. */
const FAVICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0ca678"/><text x="16" y="23" font-size="20" font-family="sans-serif" font-weight="700" fill="#fff" text-anchor="middle">F</text></svg>')}`;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · Finu billing</title><link rel="icon" href="${FAVICON}"><style>
:root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
body{margin:0;background:Canvas;color:CanvasText}main{max-width:440px;margin:40px auto;padding:0 16px}
.card{border:1px solid color-mix(in srgb,CanvasText 15%,transparent);border-radius:12px;padding:24px}
h1{font-size:22px;margin:0 0 4px}.muted{opacity:.7;font-size:14px}.price{font-size:28px;font-weight:700;margin:16px 0}
label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:10px;border-radius:8px;border:1px solid color-mix(in srgb,CanvasText 30%,transparent);font-size:16px;background:Canvas;color:CanvasText}
.row{display:flex;gap:12px}.row>div{flex:1}button,.button{display:block;width:100%;margin-top:20px;padding:12px;border:0;border-radius:8px;background:#0ca678;color:#fff;font-size:16px;font-weight:600;cursor:pointer;text-align:center;text-decoration:none}
button.secondary{background:transparent;color:inherit;border:1px solid color-mix(in srgb,CanvasText 30%,transparent)}
.error{background:#ffe3e3;color:#c92a2a;padding:10px;border-radius:8px;margin-top:12px}.note{background:color-mix(in srgb,#1c7ed6 12%,transparent);padding:10px;border-radius:8px;font-size:14px;margin-top:12px}
a{color:#0ca678}</style></head><body><main>${body}</main></body></html>`;
}

const money = (plan: Plan) => new Intl.NumberFormat('en', { style: 'currency', currency: plan.currency }).format(plan.price);

/**
 * The embedded billing provider's hosted pages: checkout with a test card and a portal.
 * Like Stripe's hosted pages they are reached by an unguessable link, not the bearer token.
 */
export default async function billingPagesRoutes(fastify: FastifyInstance) {
  if (fastify.billing.kind !== 'local') return;
  const { repos, config } = fastify;
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const html = (reply: FastifyReply, markup: string, status = 200) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      // Forms post here, then redirect back to the app: allow both as form targets.
      .header('content-security-policy', `default-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' ${config.appUrl}; frame-ancestors 'none'`)
      .send(markup);
  const planOf = (id: string) => fastify.plans.find((p) => p.id === id);
  const schema = { hide: true };

  function checkoutPage(id: string, plan: Plan, error?: string, values: Record<string, string> = {}) {
    return page(
      'Checkout',
      `<div class="card"><h1>Subscribe to Finu ${esc(plan.name)}</h1><p class="muted">Billed every ${plan.interval}. Cancel any time.</p>
<div class="price">${esc(money(plan))} <span class="muted">/ ${plan.interval}</span></div>
<form method="post" action="/billing/checkout/${esc(id)}/pay" aria-label="Payment">
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" required value="${esc(values.name ?? '')}">
<label for="card">Card number</label><input id="card" name="card_number" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242" value="${esc(values.card_number ?? '')}">
<div class="row"><div><label for="exp">Expiry</label><input id="exp" name="expiry" placeholder="12/30" autocomplete="cc-exp" required value="${esc(values.expiry ?? '')}"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required value="${esc(values.cvc ?? '')}"></div></div>
${error ? `<div class="error" role="alert">${esc(error)}</div>` : ''}
<button type="submit">Pay ${esc(money(plan))}</button></form>
<div class="note">Test mode: pay with card <strong>4242 4242 4242 4242</strong>, any future expiry and any CVC. Card 4000 0000 0000 0002 is declined.</div>
<p class="muted" style="text-align:center;margin-top:16px"><a href="${esc(config.appUrl)}/settings">Cancel and go back</a></p></div>`,
    );
  }

  const expiredPage = (reply: FastifyReply) =>
    html(reply, page('Checkout', `<div class="card"><h1>This checkout expired</h1><p class="muted">Nothing was charged. Start again from <a href="${esc(config.appUrl)}/settings">your settings</a>.</p></div>`), 410);

  fastify.get<{ Params: { id: string } }>('/billing/checkout/:id', { schema }, async (request, reply) => {
    const session = await repos.subscriptions.findCheckout(request.params.id);
    const plan = session && planOf(session.planId);
    if (!session || !plan) return html(reply, page('Checkout', '<div class="card"><h1>Checkout not found</h1><p class="muted">This checkout link is invalid.</p></div>'), 404);
    if (session.status === 'paid') return reply.redirect(`${config.appUrl}/subscription/success?session_id=${encodeURIComponent(session.id)}`, 303);
    if (session.expiresAt < new Date()) return expiredPage(reply);
    return html(reply, checkoutPage(session.id, plan));
  });

  fastify.post<{ Params: { id: string }; Body: Record<string, string> }>('/billing/checkout/:id/pay', { schema }, async (request, reply) => {
    const session = await repos.subscriptions.findCheckout(request.params.id);
    const plan = session && planOf(session.planId);
    if (!session || !plan) return html(reply, page('Checkout', '<div class="card"><h1>Checkout not found</h1></div>'), 404);
    // Paid already (a second submit): back to the success page, never a second charge.
    if (session.status === 'paid') return reply.redirect(`${config.appUrl}/subscription/success?session_id=${encodeURIComponent(session.id)}`, 303);
    // A page left open past the session's life: say so here, before any card is read.
    if (session.expiresAt < new Date()) return expiredPage(reply);
    const values = request.body ?? {};
    const card = (values.card_number ?? '').replace(/[\s-]/g, '');
    const expiry = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(values.expiry ?? '');
    const expYear = expiry ? Number(expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]) : 0;
    const expMonth = expiry ? Number(expiry[1]) : 0;
    const now = new Date();
    let error: string | undefined;
    if (!expiry || expMonth < 1 || expMonth > 12 || expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1)) error = 'Enter an expiry date in the future, as MM/YY.';
    else if (!/^\d{3,4}$/.test(values.cvc ?? '')) error = 'Enter the 3 or 4 digit CVC.';
    else if (card === testCards.declined) error = 'Your card was declined. Try another card.';
    else if (card !== testCards.success) error = 'Use the test card 4242 4242 4242 4242 (this is test mode: no real payment is taken).';
    if (error) return html(reply, checkoutPage(session.id, plan, error, values), 402);

    const paid = await repos.subscriptions.markCheckoutPaid(session.id, describeCard(card));
    if (paid?.paidAt) {
      // What a provider's webhook does: activate now, so access does not wait for the return trip.
      await repos.subscriptions.upsert(paid.userId, 'local', {
        planId: plan.id,
        status: 'active',
        currentPeriodEnd: periodEnd(paid.paidAt, plan.interval),
        cancelAtPeriodEnd: false,
        paymentMethod: paid.paymentMethod,
        subscriptionId: paid.id,
      });
    }
    return reply.redirect(`${config.appUrl}/subscription/success?session_id=${encodeURIComponent(session.id)}`, 303);
  });

  async function portalUser(token: string | undefined) {
    return token ? fastify.verifyScopedToken(token, 'billing-portal') : undefined;
  }

  fastify.get<{ Querystring: { token?: string; done?: string } }>('/billing/portal', { schema }, async (request, reply) => {
    const userId = await portalUser(request.query.token);
    if (!userId) return html(reply, page('Billing portal', `<div class="card"><h1>This link has expired</h1><p class="muted">Open the billing portal again from <a href="${esc(config.appUrl)}/settings">your settings</a>.</p></div>`), 401);
    const status = await fastify.subscriptionStatus(userId);
    const token = esc(request.query.token!);
    const paid = status.status === 'active' || status.status === 'canceled';
    const until = status.current_period_end ? new Date(status.current_period_end).toLocaleDateString('en', { dateStyle: 'long' }) : '';
    const planForms = fastify.plans
      .filter((p) => p.id !== status.plan?.id)
      .map((p) => `<form method="post" action="/billing/portal/plan?token=${token}"><input type="hidden" name="plan_id" value="${esc(p.id)}"><button class="secondary" type="submit">Switch to ${esc(p.name)} (${esc(money(p))} / ${p.interval})</button></form>`)
      .join('');
    const body = paid
      ? `<p>Plan: <strong>${esc(status.plan?.name ?? '')}</strong> · ${esc(status.payment_method ?? '')}</p>
<p class="muted">${status.cancel_at_period_end ? `Cancelled: access until ${esc(until)}.` : `Renews on ${esc(until)}.`}</p>
${request.query.done ? `<div class="note" role="status">${esc(request.query.done)}</div>` : ''}
${planForms}
${status.cancel_at_period_end ? `<form method="post" action="/billing/portal/resume?token=${token}"><button type="submit">Resume subscription</button></form>` : `<form method="post" action="/billing/portal/cancel?token=${token}"><button class="secondary" type="submit">Cancel subscription</button></form>`}`
      : `<p class="muted">You have no paid subscription yet. Choose a plan from the app.</p>`;
    return html(reply, page('Billing portal', `<div class="card"><h1>Billing</h1>${body}<a class="button" href="${esc(config.appUrl)}/settings">Back to Finu</a></div>`));
  });

  fastify.post<{ Querystring: { token?: string }; Params: { action: string }; Body: Record<string, string> }>('/billing/portal/:action', { schema }, async (request, reply) => {
    const userId = await portalUser(request.query.token);
    const row = userId ? await repos.subscriptions.find(userId) : undefined;
    const status = userId && row ? (await fastify.subscriptionStatus(userId)).status : 'none';
    // Like the page, the actions are for a paid subscription only (a trial has nothing to cancel or switch).
    if (!userId || !row || (status !== 'active' && status !== 'canceled')) return reply.redirect(`/billing/portal?token=${encodeURIComponent(request.query.token ?? '')}`, 303);
    let done = '';
    if (request.params.action === 'cancel') {
      await repos.subscriptions.upsert(userId, 'local', await fastify.billing.cancel(row));
      done = 'Your subscription is cancelled. You keep access until the end of the period.';
    } else if (request.params.action === 'resume') {
      await repos.subscriptions.upsert(userId, 'local', { cancelAtPeriodEnd: false });
      done = 'Your subscription will renew.';
    } else if (request.params.action === 'plan') {
      const plan = planOf(request.body?.plan_id ?? '');
      if (plan) {
        await repos.subscriptions.upsert(userId, 'local', await fastify.billing.update(row, plan, undefined));
        done = `You are now on the ${plan.name} plan.`;
      }
    }
    return reply.redirect(`/billing/portal?token=${encodeURIComponent(request.query.token!)}&done=${encodeURIComponent(done)}`, 303);
  });
}
