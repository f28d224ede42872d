import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '../../src/contract/transactions';
import { bearer, createTestApp, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';

/**
 * A 1,000,000-line CSV (21.8 MB) was read and parsed whole before its row cap
 * answered 413, growing the server by 1.8 GB; eight at once from one user took it to 4.6 GB. The
 * upload is now read as a stream that stops at the cap, one upload (and one running import) per
 * user at a time, and uploads are rate limited.
 */

let testApp: TestApp;
let app: FastifyInstance;
let user: VerifiedUser;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  user = await signUpWithAccess(app);
});
afterAll(async () => {
  await testApp?.close();
});

const upload = (csv: string | PassThrough, who = user, fileName?: string) =>
  app.inject({
    method: 'POST',
    url: `/transactions/import${fileName ? `?file_name=${encodeURIComponent(fileName)}` : ''}`,
    headers: { ...bearer(who.token), 'content-type': 'text/csv' },
    payload: csv,
  });

/** Short lines like a bank's (about 22 bytes), so a million of them fit the 25 MB byte cap as in the audit. */
const shortCsvOf = (rows: number) => {
  const lines = ['Date,Description,Amount'];
  for (let i = 0; i < rows; i++) lines.push(`2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')},P${i % 1000},-${(1 + (i % 50)).toFixed(2)}`);
  return `${lines.join('\n')}\n`;
};

const csvOf = (rows: number, from = 0) => {
  const lines = ['Date,Description,Amount'];
  for (let i = from; i < from + rows; i++) lines.push(`2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')},Purchase number ${i},-${(1 + (i % 500)).toFixed(2)}`);
  return `${lines.join('\n')}\n`;
};

/** The process's peak resident memory so far, in MB (a high-water mark: it catches spikes between samples). */
const peakRssMb = () => process.resourceUsage().maxRSS / 1024;

describe('CSV upload memory is bounded', () => {
  it('a 1,000,000-line file answers 413 at the row cap without growing the server by more than 100 MB (it grew 247 MB before the fix)', async () => {
    const csv = shortCsvOf(1_000_000);
    expect(csv.length).toBeGreaterThan(20 * 1024 * 1024);
    expect(csv.length).toBeLessThan(25 * 1024 * 1024);
    // Warm the route, then measure from the peak so far.
    expect((await upload(csvOf(5))).statusCode).toBe(201);
    global.gc?.();
    const before = Math.max(peakRssMb(), process.memoryUsage().rss / 1024 / 1024);
    const res = await upload(csv);
    const growth = peakRssMb() - before;
    console.log(`1,000,000-line upload: peak RSS grew by ${Math.max(0, Math.round(growth))} MB`);
    expect(growth).toBeLessThan(100);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json<{ detail: string }>().detail).toBe('The file has more than 250,000 rows; import at most 250,000 at once');
  }, 120_000);

  it('a body announced over 25 MB answers 413 before it is read', async () => {
    const res = await app.inject({ method: 'POST', url: '/transactions/import', headers: { ...bearer(user.token), 'content-type': 'text/csv', 'content-length': String(26 * 1024 * 1024) }, payload: 'date,amount\n' });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ detail: string }>().detail).toMatch(/larger than 25 MB/);
  });

  it('a binary file (NUL bytes) answers 422 saying to export CSV', async () => {
    const res = await upload('PK\u0003\u0004\u0000\u0000xl/workbook.xml');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ detail: string }>().detail).toMatch(/NUL bytes.*export the statement as CSV/);
  });

  it('a file under the cap still previews with exact counts', async () => {
    const res = await upload(csvOf(30_000));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ImportPreview>().counts).toMatchObject({ rows: 30_000, errors: 0 });
  }, 60_000);
});

describe('one import at a time per user', () => {
  it('a second upload while the first is still arriving answers 409; the first then completes and the next one works', async () => {
    const slow = new PassThrough();
    const first = upload(slow);
    slow.write(csvOf(10).slice(0, 60));
    await new Promise((r) => setTimeout(r, 200));
    const second = await upload(csvOf(3));
    expect(second.statusCode).toBe(409);
    expect(second.json<{ detail: string }>().detail).toBe('Another CSV file of yours is still being read: wait for it to finish, then upload the next one');
    // Another user is not held up.
    const other = await signUpWithAccess(app);
    expect((await upload(csvOf(3), other)).statusCode).toBe(201);
    slow.end(csvOf(10).slice(60));
    expect((await first).statusCode).toBe(201);
    expect((await upload(csvOf(3))).statusCode).toBe(201);
  }, 60_000);

  it('committing while another import of the user is queued or running answers 409 naming it; once it is cancelled the next one starts', async () => {
    // Its own app whose import runner is stopped: the first import stays queued however fast the machine is, so the
    // second commit surely meets it (a large file racing the runner only made that likely).
    const held = await createTestApp();
    try {
      await held.app.importRunner.stop();
      const who = await signUpWithAccess(held.app);
      const send = (method: 'POST' | 'DELETE', url: string, payload?: object) => held.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });
      const preview = async (csv: string) => {
        const res = await held.app.inject({ method: 'POST', url: '/transactions/import', headers: { ...bearer(who.token), 'content-type': 'text/csv' }, payload: csv });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<ImportPreview>();
      };
      const first = await preview(csvOf(5, 100));
      const next = await preview(csvOf(5, 900_000));
      const started = await send('POST', `/transactions/import/${first.import_id}/commit`, { mapping: first.mapping });
      expect(started.statusCode, started.body).toBe(202);
      const second = await send('POST', `/transactions/import/${next.import_id}/commit`, { mapping: next.mapping });
      expect(second.statusCode).toBe(409);
      expect(second.json<{ detail: string }>().detail).toBe(`Another import of yours is still running (import ${first.import_id}): wait for it to finish, then start this one`);
      // Another user is not held up.
      const other = await signUpWithAccess(held.app);
      const theirs = (await held.app.inject({ method: 'POST', url: '/transactions/import', headers: { ...bearer(other.token), 'content-type': 'text/csv' }, payload: csvOf(3) })).json<ImportPreview>();
      expect((await held.app.inject({ method: 'POST', url: `/transactions/import/${theirs.import_id}/commit`, headers: bearer(other.token), payload: { mapping: theirs.mapping } })).statusCode).toBe(202);
      expect((await send('DELETE', `/transactions/import/${first.import_id}`)).statusCode).toBe(200);
      const after = await send('POST', `/transactions/import/${next.import_id}/commit`, { mapping: next.mapping });
      expect(after.statusCode, after.body).toBe(202);
    } finally {
      await held.close();
    }
  }, 120_000);
});

describe('uploads are rate limited per user', () => {
  it('IMPORT_UPLOADS_PER_HOUR uploads an hour, then 429 with a detail', async () => {
    const limited = await createTestApp({ env: { IMPORT_UPLOADS_PER_HOUR: '2' } });
    try {
      const who = await signUpWithAccess(limited.app);
      const send = () => limited.app.inject({ method: 'POST', url: '/transactions/import', headers: { ...bearer(who.token), 'content-type': 'text/csv' }, payload: csvOf(2) });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json<{ detail: string }>().detail).toMatch(/^Too many CSV uploads: at most 2 an hour\. Try again in /);
      // The limit is per user: someone else can still upload.
      const other = await signUpWithAccess(limited.app);
      expect((await limited.app.inject({ method: 'POST', url: '/transactions/import', headers: { ...bearer(other.token), 'content-type': 'text/csv' }, payload: csvOf(2) })).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
