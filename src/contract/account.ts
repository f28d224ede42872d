import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants';

/** What an account without a password types to confirm its deletion (sentence as shown in Settings). */
export const DELETE_ACCOUNT_PHRASE = 'delete my account';

export const deleteAccountRequest = z
  .object({
    password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH).optional(),
    confirmation: z.string().max(100).optional(),
  })
  .strict();
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

export const deleteAccountResponse = z.object({ message: z.string() });

export const EXPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export const exportJob = z.object({
  export_id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** 0 to 100, rows written over rows to write. */
  progress: z.number().int().min(0).max(100),
  rows_total: z.number().int(),
  rows_done: z.number().int(),
  file_size: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJob>;
export const latestExport = z.object({ export: exportJob.nullable() });
export const exportIdParams = z.object({ id: z.uuid('Export not found') });

export const SUPPORT_TOPICS = ['account', 'billing', 'transactions', 'coach', 'rewards', 'bug', 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];
export const SUPPORT_LIMITS = { subject: 150, message: 5000 } as const;

/** The help centre's contact form; rules shared by the form and the server. */
export const supportMessageRequest = z.object({
  topic: z.enum(SUPPORT_TOPICS, { error: 'Choose a topic' }),
  subject: z.string().trim().min(1, 'Subject is required').max(SUPPORT_LIMITS.subject, `Subject must be at most ${SUPPORT_LIMITS.subject} characters`),
  message: z
    .string()
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(SUPPORT_LIMITS.message, `Message must be at most ${SUPPORT_LIMITS.message} characters`),
});
export type SupportMessageRequest = z.infer<typeof supportMessageRequest>;
export const supportMessageResponse = z.object({ message_id: z.string(), message: z.string() });
