import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH } from './constants';

/** What an account without a password types to confirm its deletion (sentence as shown in Settings). */
export const DELETE_ACCOUNT_PHRASE = 'delete my account';

export const EXPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

export const SUPPORT_TOPICS = ['account', 'billing', 'transactions', 'coach', 'rewards', 'bug', 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];
export const SUPPORT_LIMITS = { subject: 150, message: 5000 } as const;

/** The help centre's contact form; rules shared by the form and the server. */
export const supportMessageRequest = z.object({
  topic: z.enum(SUPPORT_TOPICS, { error: 'Choose a topic' }),
  subject: z.string().check(z.trim(), z.minLength(1, 'Subject is required'), z.maxLength(SUPPORT_LIMITS.subject, `Subject must be at most ${SUPPORT_LIMITS.subject} characters`)),
  message: z
    .string()
    .check(z.trim(), z.minLength(10, 'Message must be at least 10 characters'), z.maxLength(SUPPORT_LIMITS.message, `Message must be at most ${SUPPORT_LIMITS.message} characters`)),
});

export const deleteAccountRequest = z.strictObject({
    password: z.optional(z.string().check(z.minLength(1, 'Password is required'), z.maxLength(PASSWORD_MAX_LENGTH))),
    confirmation: z.optional(z.string().check(z.maxLength(100))),
  });

export const deleteAccountResponse = z.object({ message: z.string() });
/** What deleting the account destroys beyond records: the custodial wallet and what it holds. */
export const deletionPreview = z.object({
  wallet: z.nullable(z
    .object({
      address: z.string(),
      /** FINU on the wallet as a decimal string; null when the chain cannot be asked right now. */
      finu_balance: z.nullable(z.string()),
    })),
  points_balance: z.number().check(z.int()),
});
export const exportJob = z.object({
  export_id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** 0 to 100, rows written over rows to write. */
  progress: z.number().check(z.int(), z.gte(0), z.lte(100)),
  rows_total: z.number().check(z.int()),
  rows_done: z.number().check(z.int()),
  file_size: z.nullable(z.number().check(z.int())),
  error: z.nullable(z.string()),
  created_at: z.string(),
  finished_at: z.nullable(z.string()),
});
export const latestExport = z.object({ export: z.nullable(exportJob) });
export const exportIdParams = z.object({ id: z.uuid('Export not found') });

export const supportMessageResponse = z.object({ message_id: z.string(), message: z.string() });

export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;
export type ExportJob = z.infer<typeof exportJob>;
export type SupportMessageRequest = z.infer<typeof supportMessageRequest>;
export type DeletionPreview = z.infer<typeof deletionPreview>;
