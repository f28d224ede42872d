import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/server/db/schema';
import { loggerOptions } from '../../src/server/logger';
import { createTestApp, DEFAULT_PASSWORD, logIn, signUp, uniqueEmail, type TestApp } from '../support/app';

const SMTP_USER = 'finu-mailer';
const SMTP_PASS = 'smtp-secret-pass';
const MAIL_FROM = 'Finu Test <no-reply@finu.test>';

interface ReceivedMail {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** A real SMTP peer on a loopback port that insists on the configured credentials. */
const received: ReceivedMail[] = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === SMTP_USER && auth.password === SMTP_PASS) callback(null, { user: auth.username });
    else callback(new Error('Invalid username or password'));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        user: session.user as string | undefined,
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = smtp.server.address() as AddressInfo;
  testApp = await createTestApp({
    env: { NODE_ENV: 'production', WALLET_ENCRYPTION_KEY: 'cd'.repeat(32), SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${port}`, MAIL_FROM },
    logger: { ...(loggerOptions({ logLevel: 'info' }) as Record<string, unknown>), stream: logStream },
  });
  app = testApp.app;
});
afterAll(async () => {
  await testApp?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The message as a reader sees it: quoted-printable soft breaks joined and escapes decoded. */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function mailFor(address: string): Promise<ReceivedMail> {
  // Delivery is a background hand-off: poll for it with a deadline a busy machine cannot reach.
  for (const until = Date.now() + 30_000; Date.now() < until && !received.some((m) => m.to.includes(address)); ) await new Promise((r) => setTimeout(r, 20));
  const mail = received.find((m) => m.to.includes(address));
  if (!mail) throw new Error(`the SMTP server received no mail for ${address}`);
  return mail;
}

describe('with SMTP_URL, mail goes out over SMTP', () => {
  it('signing up delivers a verification mail with a working link to that address', async () => {
    const email = uniqueEmail('smtp');
    await signUp(app, email);

    const mail = await mailFor(email);
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('no-reply@finu.test');
    expect(mail.user).toBe(SMTP_USER);
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toMatch(/^Subject: Verify your email for Finu$/m);
    const match = new RegExp(`${testApp.config.apiUrl}/users/verify-email\\?token=([A-Za-z0-9_-]+)`).exec(text);
    expect(match).not.toBeNull();

    const verify = await app.inject({ method: 'GET', url: `/users/verify-email?token=${match![1]}`, headers: { accept: 'application/json' } });
    expect(verify.statusCode).toBe(200);
    expect((await logIn(app, email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('a password reset mail reaches the account over SMTP', async () => {
    const email = uniqueEmail('smtp-reset');
    await signUp(app, email);
    received.length = 0;
    await app.inject({ method: 'POST', url: '/users/forgot-password', payload: { email } });
    const text = decodeQuotedPrintable((await mailFor(email)).raw);
    expect(text).toMatch(/^Subject: Reset your Finu password$/m);
    expect(text).toContain(`${testApp.config.appUrl}/reset-password?token=`);
  });

  it('nothing is kept in the outbox table and no link or token reaches the log', async () => {
    expect(await app.db.select().from(outbox)).toEqual([]);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((l) => /token=(?!\[redacted\])|outbox/.test(l))).toEqual([]);
    expect(logLines.filter((l) => l.includes(SMTP_PASS))).toEqual([]);
  });
});

describe('in production', () => {
  it('GET /dev/outbox does not exist (404)', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No route for GET /dev/outbox' });
  });
});
