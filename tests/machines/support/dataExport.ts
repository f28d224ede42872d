import type { ExportJob } from '../../../src/contract/account';

/** An export job as GET /users/me/export answers it: queued and empty unless `over` says otherwise. */
export const exportJob = (over: Partial<ExportJob> = {}): ExportJob => ({
  export_id: 'e1',
  status: 'queued',
  progress: 0,
  rows_total: 0,
  rows_done: 0,
  file_size: null,
  error: null,
  created_at: '2026-01-01T00:00:00.000Z',
  finished_at: null,
  ...over,
});
