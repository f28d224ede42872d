export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one action link of the message (verification, reset); the outbox shows it. */
  link?: string;
  /** Where a reply goes (support mail: the user who wrote). */
  replyTo?: string;
  /** false: the embedded outbox logs it but does not store it (the goodbye to a deleted account). */
  keep?: boolean;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
