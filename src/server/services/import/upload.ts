import type { Readable } from 'node:stream';
import { wholeNumber } from '../../../contract/money';
import { CSV_IMPORT_LIMITS } from '../../../contract/transactions';
import { TooLargeError, ValidationError } from '../../errors';
import { looksLikeBankFile } from './bankFiles';

/** Records beyond the data rows a file may hold: banner lines the mapping can skip (≤ 100) and a header. */
const LAYOUT_LINES = 101;

export const tooManyRows = (maxRows: number) =>
  new TooLargeError(`The file has more than ${wholeNumber(maxRows)} rows; import at most ${wholeNumber(maxRows)} at once`);
export const tooLarge = (maxBytes: number) => new TooLargeError(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB; import at most ${Math.round(maxBytes / 1024 / 1024)} MB at once`);
export const binaryFile = () =>
  new ValidationError('The file contains NUL bytes, so it is not a CSV text file (an Excel workbook?): export the statement as CSV and upload that');

/**
 * Reads an uploaded CSV as it arrives : counts records outside quotes and
 * stops at the row cap, the byte cap, or a NUL byte, without reading the rest, so a
 * million-line file costs a few MB instead of gigabytes. Then decodes UTF-8, or Windows-1252
 * when the bytes are not UTF-8 (older bank exports). Quote, CR and LF are ASCII in both.
 */
export function readCsvUpload(stream: Readable, limits: { maxBytes: number; maxRows: number } = CSV_IMPORT_LIMITS): Promise<string> {
  const maxRecords = limits.maxRows + LAYOUT_LINES;
  const chunks: Buffer[] = [];
  let bytes = 0;
  let records = 0;
  let inQuotes = false;
  let lineHasText = false;
  // A bank file (told by its first bytes) has many lines per transaction: only the byte cap applies here, its entries are capped when read.
  let bankFile: boolean | null = null;
  return new Promise((resolve, reject) => {
    const finish = (error?: Error) => {
      stream.removeListener('data', onData);
      stream.removeListener('end', onEnd);
      stream.removeListener('error', onError);
      if (!error) return;
      chunks.length = 0;
      // The rest of the body is read and dropped (nothing kept), so the answer can still be sent.
      stream.resume();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limits.maxBytes) return finish(tooLarge(limits.maxBytes));
      bankFile ??= looksLikeBankFile(chunk.subarray(0, 4096).toString('latin1').replace(/^\u00ef\u00bb\u00bf/, ''));
      for (let i = 0; i < chunk.length; i++) {
        const b = chunk[i]!;
        if (b === 0) return finish(binaryFile());
        if (bankFile) continue;
        if (b === 0x22) inQuotes = !inQuotes;
        if (!inQuotes && (b === 0x0a || b === 0x0d)) {
          if (lineHasText && ++records > maxRecords) return finish(tooManyRows(limits.maxRows));
          lineHasText = false;
        } else if (b !== 0x20 && b !== 0x09) lineHasText = true;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      finish();
      const body = Buffer.concat(chunks, bytes);
      try {
        resolve(new TextDecoder('utf-8', { fatal: true }).decode(body));
      } catch {
        resolve(new TextDecoder('windows-1252').decode(body));
      }
    };
    const onError = (error: Error) => {
      finish();
      reject(error);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}
