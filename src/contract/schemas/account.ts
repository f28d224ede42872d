import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { EXPORT_STATUSES } from '../account';
import { supportMessageRequest } from '../rules/account';
export { supportMessageRequest };
export * from '../account';

export const deleteAccountRequest = z
  .object({
    password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH).optional(),
    confirmation: z.string().max(100).optional(),
  })
  .strict();

export const deleteAccountResponse = z.object({ message: z.string() });
/** What deleting the account destroys beyond records: the custodial wallet and what it holds. */
export const deletionPreview = z.object({
  wallet: z
    .object({
      address: z.string(),
      /** FINU on the wallet as a decimal string; null when the chain cannot be asked right now. */
      finu_balance: z.string().nullable(),
    })
    .nullable(),
  points_balance: z.number().int(),
});
export type DeletionPreview = z.infer<typeof deletionPreview>;
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
export const latestExport = z.object({ export: exportJob.nullable() });
export const exportIdParams = z.object({ id: z.uuid('Export not found') });

export const supportMessageResponse = z.object({ message_id: z.string(), message: z.string() });
