import type { z } from 'zod';
import type { DeleteAccountRequest, DeletionPreview, ExportJob, latestExport, SupportMessageRequest, supportMessageResponse, deleteAccountResponse } from '../../contract/account';
import type { ApiCall } from './client';

/** The account's whole life: delete, download all my data, write to support. */
export function accountApi(call: ApiCall) {
  return {
    /** What deletion destroys beyond records: the custodial wallet and its FINU, the points. */
    deletionPreview: () => call<DeletionPreview>('/users/me/deletion', { defaultMessage: 'Failed to fetch your wallet' }),
    deleteAccount: (body: DeleteAccountRequest) =>
      call<z.infer<typeof deleteAccountResponse>>('/users/me', { method: 'DELETE', body, defaultMessage: 'Failed to delete the account' }),
    startExport: () => call<ExportJob>('/users/me/exports', { method: 'POST', defaultMessage: 'Failed to start the export' }),
    latestExport: () => call<z.infer<typeof latestExport>>('/users/me/exports/latest', { defaultMessage: 'Failed to fetch your data export' }),
    exportStatus: (id: string) => call<ExportJob>(`/users/me/exports/${encodeURIComponent(id)}`, { defaultMessage: 'Failed to fetch your data export' }),
    downloadExport: (id: string) => call<Blob>(`/users/me/exports/${encodeURIComponent(id)}/download`, { defaultMessage: 'Failed to download your data', responseType: 'blob' }),
    sendSupport: (body: SupportMessageRequest) =>
      call<z.infer<typeof supportMessageResponse>>('/support/messages', { method: 'POST', body, defaultMessage: 'Failed to send your message' }),
  };
}
export type AccountApi = ReturnType<typeof accountApi>;
