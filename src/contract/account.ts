import type { z } from 'zod';
import type { deleteAccountRequest, exportJob, supportMessageRequest } from './schemas/account';

/** What an account without a password types to confirm its deletion (sentence as shown in Settings). */
export const DELETE_ACCOUNT_PHRASE = 'delete my account';
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

export const EXPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ExportJob = z.infer<typeof exportJob>;

export const SUPPORT_TOPICS = ['account', 'billing', 'transactions', 'coach', 'rewards', 'bug', 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];
export const SUPPORT_LIMITS = { subject: 150, message: 5000 } as const;
export type SupportMessageRequest = z.infer<typeof supportMessageRequest>;
