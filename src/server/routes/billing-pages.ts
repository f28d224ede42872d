import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkoutExpiredPage, checkoutNotFoundPage, checkoutPage, portalExpiredPage, portalPage } from '../services/billing/pages';

/**
 * The embedded billing provider's hosted pages: checkout with a test card and a portal. Like Stripe's
 * hosted pages they are reached by an unguessable link, not the bearer token. The rules are the
 * subscription service's; the markup is services/billing/pages.ts.
 */
export default async function billingPagesRoutes(fastify: FastifyInstance) {
  if (fastify.billing.kind !== 'local') return;
  const { config, subscriptions } = fastify;
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
  const toSuccess = (reply: FastifyReply, sessionId: string) => reply.redirect(`${config.appUrl}/subscription/success?session_id=${encodeURIComponent(sessionId)}`, 303);
  const schema = { hide: true };

  fastify.get<{ Params: { id: string } }>('/billing/checkout/:id', { schema }, async (request, reply) => {
    const checkout = await subscriptions.localCheckout(request.params.id);
    switch (checkout.state) {
      case 'missing':
        return html(reply, checkoutNotFoundPage(true), 404);
      case 'paid':
        return toSuccess(reply, checkout.session.id);
      case 'expired':
        return html(reply, checkoutExpiredPage(config.appUrl), 410);
      default:
        return html(reply, checkoutPage({ id: checkout.session.id, plan: checkout.plan, firstPayment: checkout.firstPayment, appUrl: config.appUrl }));
    }
  });

  fastify.post<{ Params: { id: string }; Body: Record<string, string> }>('/billing/checkout/:id/pay', { schema }, async (request, reply) => {
    const values = request.body ?? {};
    const result = await subscriptions.payLocalCheckout(request.params.id, values);
    switch (result.state) {
      case 'missing':
        return html(reply, checkoutNotFoundPage(false), 404);
      // Paid (now, or already by a second submit): back to the success page, never a second charge.
      case 'paid':
        return toSuccess(reply, result.session.id);
      // A page left open past the session's life: say so here, before any card is read.
      case 'expired':
        return html(reply, checkoutExpiredPage(config.appUrl), 410);
      default:
        return html(reply, checkoutPage({ id: result.session.id, plan: result.plan, firstPayment: result.firstPayment, appUrl: config.appUrl, error: result.error, values }), 402);
    }
  });

  const portalUser = (token: string | undefined) => (token ? fastify.verifyScopedToken(token, 'billing-portal') : undefined);

  fastify.get<{ Querystring: { token?: string; done?: string } }>('/billing/portal', { schema }, async (request, reply) => {
    const userId = await portalUser(request.query.token);
    if (!userId) return html(reply, portalExpiredPage(config.appUrl), 401);
    const status = await subscriptions.status(userId);
    return html(reply, portalPage({ status, plans: fastify.plans, token: request.query.token!, done: request.query.done, appUrl: config.appUrl }));
  });

  fastify.post<{ Querystring: { token?: string }; Params: { action: string }; Body: Record<string, string> }>('/billing/portal/:action', { schema }, async (request, reply) => {
    const userId = await portalUser(request.query.token);
    const done = userId ? await subscriptions.localPortalAction(userId, request.params.action, request.body?.plan_id) : '';
    const back = `/billing/portal?token=${encodeURIComponent(request.query.token ?? '')}`;
    return reply.redirect(done ? `${back}&done=${encodeURIComponent(done)}` : back, 303);
  });
}
