import { DELETE_ACCOUNT_PHRASE, type DeleteAccountRequest, type DeletionPreview, type ExportJob, type SupportMessageRequest } from '../../../contract/account';
import { badRequest, conflict, notFound } from '../../errors';
import type { AccountRepository, ExportJobRow } from '../../repositories/account';
import type { RewardsRepository } from '../../repositories/rewards';
import type { SubscriptionsRepository } from '../../repositories/subscriptions';
import type { UsersRepository } from '../../repositories/users';
import type { BillingProvider } from '../billing/types';
import type { Chain } from '../chain';
import type { JobRunner } from '../jobs';
import { goodbyeMail, supportMail } from '../mail/templates';
import type { Mailer } from '../mail/types';
import { verifyPassword } from '../passwords';

export const WRONG_PASSWORD = 'Password is incorrect';
export const PHRASE_REQUIRED = `Type "${DELETE_ACCOUNT_PHRASE}" to confirm`;
export const NO_EMAIL_FOR_SUPPORT = 'Your account has no email address for support to answer. Link Google under Settings → Sign-in methods, then write again.';
export const PASSWORD_REQUIRED = 'Enter your password to confirm';
export const TRANSFER_IN_FLIGHT = 'A points conversion is on its way to the chain and cannot be called back. Try again in a few minutes, once it is confirmed.';

const toJob = (row: ExportJobRow): ExportJob => ({
  export_id: row.id,
  status: row.status,
  progress: row.status === 'completed' ? 100 : row.rowsTotal > 0 ? Math.min(99, Math.floor((row.rowsDone / row.rowsTotal) * 100)) : 0,
  rows_total: row.rowsTotal,
  rows_done: row.rowsDone,
  file_size: row.fileSize,
  error: row.error,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
});

interface AccountLifecycleDeps {
  users: UsersRepository;
  account: AccountRepository;
  rewards: RewardsRepository;
  subscriptions: SubscriptionsRepository;
  billing: BillingProvider;
  mailer: Mailer;
  /** The chain, or null while it is not reachable. */
  chain: () => Chain | null;
  exportRunner: JobRunner;
  appUrl: string;
  supportEmail: string;
  log: { warn(details: object, message: string): void };
}

/** The account's whole life: download all my data, delete my account, and the help centre's contact form. */
export function accountLifecycleService(deps: AccountLifecycleDeps) {
  async function exportOf(userId: string, exportId: string) {
    const row = await deps.account.exports.find(userId, exportId);
    if (!row) throw notFound('Export not found');
    return row;
  }

  return {
    /** What deleting the account destroys; the wallet's FINU is null when the chain cannot be asked. */
    async deletionPreview(userId: string): Promise<DeletionPreview> {
      const [row, points] = await Promise.all([deps.rewards.wallets.find(userId), deps.rewards.account(userId)]);
      let finu: string | null = null;
      const chain = deps.chain();
      if (row && chain) {
        try {
          const { formatUnits } = await import('ethers');
          finu = formatUnits(await chain.balanceOf(row.address), 18);
        } catch (error) {
          deps.log.warn({ err: error }, 'wallet balance for the deletion dialog unavailable');
        }
      }
      return { wallet: row ? { address: row.address, finu_balance: finu } : null, points_balance: points.balance };
    },

    /** Confirmed by the password (or the phrase without one); the provider cancels first; a goodbye mail, never kept. */
    async deleteAccount(userId: string, body: DeleteAccountRequest): Promise<void> {
      const user = await deps.users.findById(userId);
      if (!user) throw notFound('User not found');
      if (user.passwordHash) {
        if (!body.password) throw badRequest(PASSWORD_REQUIRED);
        if (!(await verifyPassword(user.passwordHash, body.password))) throw badRequest(WRONG_PASSWORD);
      } else if ((body.confirmation ?? '').trim().toLowerCase() !== DELETE_ACCOUNT_PHRASE) {
        throw badRequest(PHRASE_REQUIRED);
      }
      if (await deps.account.transferInFlight(user.id)) throw conflict(TRANSFER_IN_FLIGHT);
      // The provider first: if it cannot stop future charges, nothing is deleted and the user can retry.
      const subscription = await deps.subscriptions.find(user.id);
      if (subscription?.subscriptionId && subscription.status !== 'canceled') await deps.billing.cancelNow(subscription);
      if ((await deps.account.deleteUser(user.id, user.email)) === 'transfer_in_flight') throw conflict(TRANSFER_IN_FLIGHT);
      // A wallet-only account has no address to say goodbye to.
      if (user.email) {
        try {
          // Sent, never kept: the outbox holds nothing of a deleted account.
          await deps.mailer.send({ ...goodbyeMail(user.email, deps.appUrl), keep: false });
        } catch (error) {
          deps.log.warn({ err: error }, 'goodbye mail not sent');
        }
      }
    },

    async startExport(userId: string): Promise<ExportJob> {
      if (await deps.account.exports.active(userId)) throw conflict('An export is already being prepared');
      const row = await deps.account.exports.create(userId);
      deps.exportRunner.enqueue(row.id);
      return toJob(row);
    },

    async latestExport(userId: string): Promise<{ export: ExportJob | null }> {
      const row = await deps.account.exports.latest(userId);
      return { export: row ? toJob(row) : null };
    },

    async exportJob(userId: string, exportId: string): Promise<ExportJob> {
      return toJob(await exportOf(userId, exportId));
    },

    /** The finished zip and the day it was made. */
    async exportFile(userId: string, exportId: string): Promise<{ file: Buffer; day: string }> {
      const row = await exportOf(userId, exportId);
      if (row.status !== 'completed') throw conflict('This export is not ready yet');
      const file = await deps.account.exports.file(userId, row.id);
      if (!file) throw notFound('Export not found');
      return { file: Buffer.from(file.buffer, file.byteOffset, file.byteLength), day: row.createdAt.toISOString().slice(0, 10) };
    },

    /** Stored, and mailed to support with the user as reply-to; support answers by email. */
    async writeToSupport(userId: string, { topic, subject, message }: SupportMessageRequest): Promise<string> {
      const user = await deps.users.findById(userId);
      if (!user) throw notFound('User not found');
      if (!user.email) throw badRequest(NO_EMAIL_FOR_SUPPORT);
      const id = await deps.account.support.add({ userId: user.id, email: user.email, topic, subject, message });
      await deps.mailer.send(supportMail(deps.supportEmail, { email: user.email, name: user.fullName }, topic, subject, message, id));
      return id;
    },
  };
}

export type AccountLifecycleService = ReturnType<typeof accountLifecycleService>;
