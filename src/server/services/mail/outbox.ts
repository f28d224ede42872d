import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRepository } from '../../repositories/outbox';
import type { Mailer, MailMessage } from './types';

/** Embedded default: mail is stored in the outbox table and its link printed in the log. */
export function outboxMailer(outbox: OutboxRepository, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      if (message.keep === false) {
        log.info({ to: message.to, subject: message.subject }, 'mail not kept in the outbox (sent to an account that no longer exists)');
        return;
      }
      await outbox.add(message);
      // Development transport only (production requires SMTP_URL): the link is how a local user verifies.
      log.info({ to: message.to, subject: message.subject }, `mail stored in outbox${message.link ? `, link: ${message.link}` : ''}`);
    },
    async close() {},
  };
}
