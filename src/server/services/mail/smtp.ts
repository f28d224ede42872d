import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './types';

/** Real mail through any SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  // Loaded only when SMTP is configured (the outbox needs none of it; docs/performance.md, memory).
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof Nodemailer;
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, ...(message.replyTo ? { replyTo: message.replyTo } : {}) });
    },
    async close() {
      transport.close();
    },
  };
}
