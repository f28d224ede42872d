import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { currencyRatesMachine, type RateFile, type RateList } from '../../machines/currencyRates';
import type { Toast } from '../../machines/types';
import { importSummary, RATE_PAGE_SIZE, type CreateRateRequest, type ExchangeRate, type RateImportResult } from '../../src/contract/rates';

const rate = (date: string, quote = 'USD', value = '1.0837'): ExchangeRate => ({ date, base: 'EUR', quote, rate: value, source: 'import', shared: false });
const days = (n: number): ExchangeRate[] => Array.from({ length: n }, (_, i) => rate(`2025-03-${String(28 - i).padStart(2, '0')}`));

class Refusal extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

function start(options: { load?: () => Promise<RateList>; add?: (r: CreateRateRequest) => Promise<{ rate: ExchangeRate; list: RateList }>; importFile?: (f: RateFile) => Promise<{ result: RateImportResult; list: RateList }> } = {}) {
  const toasts: Toast[] = [];
  const added: CreateRateRequest[] = [];
  const uploaded: string[] = [];
  const actor = createActor(
    currencyRatesMachine.provide({
      actors: {
        load: fromPromise(async () => (options.load ? options.load() : { rates: [], total: 0 })),
        add: fromPromise(async ({ input }) => {
          added.push(input.rate);
          return options.add ? options.add(input.rate) : { rate: { ...rate(input.rate.date), source: 'typed' as const }, list: { rates: [rate(input.rate.date)], total: 1 } };
        }),
        readHead: fromPromise(({ input }) => input.file.slice(0, 64 * 1024).text()),
        importFile: fromPromise(async ({ input }) => {
          uploaded.push(input.fileName);
          if (options.importFile) return options.importFile(input);
          throw new Error('no import');
        }),
      },
      actions: { notify: (_, t) => void (t.message && toasts.push(t)) },
    }),
  ).start();
  return { actor, toasts, added, uploaded, idle: () => waitFor(actor, (s) => s.matches({ ready: 'idle' })) };
}

describe('currencyRates (Settings › Currencies)', () => {
  it('a failed load shows the reason and retries; an empty list is the empty state', async () => {
    let calls = 0;
    const m = start({
      load: async () => {
        calls++;
        if (calls === 1) throw new Refusal('Server down', 503);
        return { rates: [], total: 0 };
      },
    });
    await waitFor(m.actor, (s) => s.matches('failed'));
    expect(m.actor.getSnapshot().context.error?.message).toBe('Server down');
    m.actor.send({ type: 'rates.reload' });
    await m.idle();
    expect(m.actor.getSnapshot().context).toMatchObject({ list: { rates: [], total: 0 }, error: null });
  });

  it('a load without a reason says so', async () => {
    const m = start({ load: async () => Promise.reject(new Error('')) });
    await waitFor(m.actor, (s) => s.matches('failed'));
    expect(m.actor.getSnapshot().context.error?.message).toBe('Failed to fetch exchange rates');
  });

  it('the table shows a page at a time; "Show more" stops at the last row', async () => {
    const m = start({ load: async () => ({ rates: days(RATE_PAGE_SIZE + 5), total: RATE_PAGE_SIZE + 5 }) });
    await m.idle();
    expect(m.actor.getSnapshot().context.shown).toBe(RATE_PAGE_SIZE);
    expect(m.actor.getSnapshot().can({ type: 'rates.showMore' })).toBe(true);
    m.actor.send({ type: 'rates.showMore' });
    expect(m.actor.getSnapshot().context.shown).toBe(2 * RATE_PAGE_SIZE);
    expect(m.actor.getSnapshot().can({ type: 'rates.showMore' })).toBe(false);
  });

  it('a kept rate is sent, the list is read again and a toast names it; a refusal is kept for the form', async () => {
    let refuse = false;
    const m = start({
      add: async (r) => {
        if (refuse) throw new Refusal('rate must be a positive decimal', 422);
        return { rate: { ...rate(r.date, r.quote, r.rate), source: 'typed' }, list: { rates: [rate(r.date, r.quote, r.rate)], total: 1 } };
      },
    });
    await m.idle();
    m.actor.send({ type: 'rates.add', rate: { date: '2025-03-10', base: 'EUR', quote: 'USD', rate: '1.0900' } });
    expect(m.actor.getSnapshot().hasTag('busy')).toBe(true);
    await m.idle();
    expect(m.added).toEqual([{ date: '2025-03-10', base: 'EUR', quote: 'USD', rate: '1.0900' }]);
    expect(m.actor.getSnapshot().context.list?.total).toBe(1);
    expect(m.toasts).toEqual([{ kind: 'success', message: 'Rate kept: 1 EUR = 1.0900 USD on 2025-03-10' }]);

    refuse = true;
    m.actor.send({ type: 'rates.add', rate: { date: '2025-03-11', base: 'EUR', quote: 'USD', rate: '0' } });
    await m.idle();
    expect(m.actor.getSnapshot().context.addError).toMatchObject({ message: 'rate must be a positive decimal', status: 422 });
    expect(m.actor.getSnapshot().context.list?.total).toBe(1);
  });

  it('an imported file says how many rates, which currencies and which days, and the table shows them; a refused file says why', async () => {
    const result: RateImportResult = { format: 'ecb-csv', days: 3, rates: 6, currencies: ['USD', 'JPY'], first_date: '2025-03-05', last_date: '2025-03-07', converted: 2, recomputing: false };
    let refuse = true;
    const m = start({
      importFile: async () => {
        if (refuse) throw new Refusal('The rates file holds no rates', 422);
        return { result, list: { rates: days(6), total: 6 } };
      },
    });
    await m.idle();
    // An ECB file (an XML one here) is read in the browser, seen to be one, and uploaded as it is.
    m.actor.send({ type: 'rates.import', file: new Blob(['<gesmes:Envelope/>']), fileName: 'eurofxref.xml' });
    await waitFor(m.actor, (s) => s.matches({ ready: 'importing' }));
    expect(m.actor.getSnapshot().context.upload?.fileName).toBe('eurofxref.xml');
    // One change at a time: no rate is sent while the file uploads.
    expect(m.actor.getSnapshot().can({ type: 'rates.add', rate: { date: '2025-03-10', base: 'EUR', quote: 'USD', rate: '1' } })).toBe(false);
    await m.idle();
    expect(m.actor.getSnapshot().context).toMatchObject({ importError: { message: 'The rates file holds no rates' }, imported: null, upload: null });
    expect(m.toasts).toEqual([{ kind: 'error', message: 'The rates file holds no rates' }]);

    refuse = false;
    m.actor.send({ type: 'rates.import', file: new Blob(['Date,USD,JPY,\n2025-03-07,1.0837,160.5,\n']), fileName: 'eurofxref-hist.csv' });
    await m.idle();
    expect(m.actor.getSnapshot().context).toMatchObject({ imported: result, importError: null, list: { total: 6 } });
    expect(importSummary(result)).toBe('6 rates for 2 currencies (USD, JPY) over 3 days, 2025-03-05 to 2025-03-07; 2 amounts that had no rate are converted now');
    m.actor.send({ type: 'rates.importDismiss' });
    expect(m.actor.getSnapshot().context.imported).toBeNull();
    expect(m.uploaded).toEqual(['eurofxref.xml', 'eurofxref-hist.csv']);
  });
});
