import type { Plan, SubscriptionStatus } from '../../../contract/subscription';
import { moneyText } from '../../money';

/**
 * The markup of the local billing provider's hosted pages (routes/billing-pages.ts serves them):
 * a checkout with a test card and a portal, styled on their own like Stripe's hosted pages.
 */

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const price = (plan: Plan) => moneyText(plan.price, plan.currency);
const longDate = (d: Date) => d.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The page's own icon, inline: otherwise the browser asks the API for a /favicon.ico it does not serve. */
const FAVICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0ca678"/><text x="16" y="23" font-size="20" font-family="sans-serif" font-weight="700" fill="#fff" text-anchor="middle">F</text></svg>')}`;

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

/** The checkout form; `firstPayment` is when a running free trial ends (its days are kept), null to pay now. */
export function checkoutPage(input: { id: string; plan: Plan; firstPayment: Date | null; appUrl: string; error?: string; values?: Record<string, string> }): string {
  const { id, plan, firstPayment, appUrl, error, values = {} } = input;
  const trial = firstPayment
    ? `<div class="note" role="note">Your free trial continues until ${esc(longDate(firstPayment))}. Your first payment of ${esc(price(plan))} is taken then.</div>`
    : '';
  return page(
    'Checkout',
    `<div class="card"><h1>Subscribe to Finu ${esc(plan.name)}</h1><p class="muted">Billed every ${plan.interval}. Cancel any time.</p>
<div class="price">${esc(price(plan))} <span class="muted">/ ${plan.interval}</span></div>${trial}
<form method="post" action="/billing/checkout/${esc(id)}/pay" aria-label="Payment">
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" required value="${esc(values.name ?? '')}">
<label for="card">Card number</label><input id="card" name="card_number" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242" value="${esc(values.card_number ?? '')}">
<div class="row"><div><label for="exp">Expiry</label><input id="exp" name="expiry" placeholder="12/30" autocomplete="cc-exp" required value="${esc(values.expiry ?? '')}"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required value="${esc(values.cvc ?? '')}"></div></div>
${error ? `<div class="error" role="alert">${esc(error)}</div>` : ''}
<button type="submit">${firstPayment ? 'Subscribe' : `Pay ${esc(price(plan))}`}</button></form>
<div class="note">Test mode: pay with card <strong>4242 4242 4242 4242</strong>, any future expiry and any CVC. Card 4000 0000 0000 0002 is declined.</div>
<p class="muted" style="text-align:center;margin-top:16px"><a href="${esc(appUrl)}/settings">Cancel and go back</a></p></div>`,
  );
}

export const checkoutNotFoundPage = (detail: boolean) =>
  page('Checkout', `<div class="card"><h1>Checkout not found</h1>${detail ? '<p class="muted">This checkout link is invalid.</p>' : ''}</div>`);

export const checkoutExpiredPage = (appUrl: string) =>
  page('Checkout', `<div class="card"><h1>This checkout expired</h1><p class="muted">Nothing was charged. Start again from <a href="${esc(appUrl)}/settings">your settings</a>.</p></div>`);

export const portalExpiredPage = (appUrl: string) =>
  page('Billing portal', `<div class="card"><h1>This link has expired</h1><p class="muted">Open the billing portal again from <a href="${esc(appUrl)}/settings">your settings</a>.</p></div>`);

/** The portal: the plan, when it renews or ends, and the forms that switch plan, cancel or resume. */
export function portalPage(input: { status: SubscriptionStatus; plans: Plan[]; token: string; done?: string; appUrl: string }): string {
  const { status, plans, appUrl, done } = input;
  const token = esc(input.token);
  const paid = status.status === 'active' || status.status === 'canceled';
  const until = status.current_period_end ? longDate(new Date(status.current_period_end)) : '';
  const planForms = plans
    .filter((p) => p.id !== status.plan?.id)
    .map((p) => `<form method="post" action="/billing/portal/plan?token=${token}"><input type="hidden" name="plan_id" value="${esc(p.id)}"><button class="secondary" type="submit">Switch to ${esc(p.name)} (${esc(price(p))} / ${p.interval})</button></form>`)
    .join('');
  const body = paid
    ? `<p>Plan: <strong>${esc(status.plan?.name ?? '')}</strong> · ${esc(status.payment_method ?? '')}</p>
<p class="muted">${status.cancel_at_period_end ? `Cancelled: access until ${esc(until)}.` : `Renews on ${esc(until)}.`}</p>
${done ? `<div class="note" role="status">${esc(done)}</div>` : ''}
${planForms}
${status.cancel_at_period_end ? `<form method="post" action="/billing/portal/resume?token=${token}"><button type="submit">Resume subscription</button></form>` : `<form method="post" action="/billing/portal/cancel?token=${token}"><button class="secondary" type="submit">Cancel subscription</button></form>`}`
    : `<p class="muted">You have no paid subscription yet. Choose a plan from the app.</p>`;
  return page('Billing portal', `<div class="card"><h1>Billing</h1>${body}<a class="button" href="${esc(appUrl)}/settings">Back to Finu</a></div>`);
}
