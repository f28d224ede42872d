import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { outboxMailer } from '../services/mail/outbox';
import { smtpMailer } from '../services/mail/smtp';
import type { Mailer } from '../services/mail/types';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(
  async function mailPlugin(app: FastifyInstance) {
    const mailer = app.config.smtpUrl ? smtpMailer(app.config.smtpUrl, app.config.mailFrom) : outboxMailer(app.repos.outbox, app.log);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail', dependencies: ['repositories'] },
);
