import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSV_IMPORT_LIMITS } from '../../contract/transactions';
import { conflict } from '../errors';
import { readCsvUpload, tooLarge } from '../services/import/upload';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request holds its user's one CSV upload slot (released when it ends). */
    holdsImportSlot?: boolean;
  }
}

export const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel', 'application/x-ofx', 'application/vnd.intu.qfx', 'application/x-qif', 'application/xml', 'text/xml'];

const busyImport = () => conflict('Another CSV file of yours is still being read: wait for it to finish, then upload the next one');

/**
 * CSV bodies in the calling scope (not app-wide: other routes keep answering 415 to text): one
 * upload at a time per user (each is read into memory), read as a stream that stops at the row
 * and byte caps. Call it inside the routes' own plugin, after its authentication hook.
 */
export function acceptCsvUploads(scope: FastifyInstance): void {
  const uploading = new Set<string>();
  const releaseSlot = async (request: FastifyRequest) => {
    if (request.holdsImportSlot) uploading.delete(request.userId);
    request.holdsImportSlot = false;
  };
  scope.addHook('onResponse', releaseSlot);
  scope.addHook('onRequestAbort', releaseSlot);
  scope.addContentTypeParser(CSV_TYPES, (request, payload, done) => {
    const announced = Number(request.headers['content-length'] ?? 0);
    if (announced > CSV_IMPORT_LIMITS.maxBytes) return done(tooLarge(CSV_IMPORT_LIMITS.maxBytes), undefined);
    if (request.userId && !request.holdsImportSlot) {
      if (uploading.has(request.userId)) return done(busyImport(), undefined);
      uploading.add(request.userId);
      request.holdsImportSlot = true;
    }
    readCsvUpload(payload).then(
      (text) => done(null, text),
      (error: Error) => done(error, undefined),
    );
  });
}
