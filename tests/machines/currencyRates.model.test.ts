import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/test';
import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import { currencyRatesMachine, type RateList } from '../../machines/currencyRates';
import type { Toast } from '../../machines/types';
import { ruleErrors } from '../../src/contract/messages';
import { columnNames, lineRefusal, rateMappingLabels, readFileHead, readMappedLine, type RateMapping } from '../../src/contract/rateMapping';
import { createRateRequest, importSummary, rateMessages, rateSourceLabels, type CreateRateRequest, type ExchangeRate } from '../../src/contract/rates';
import { currencyRatesFlow as flow, currencyRatesModel, currencyRatesTransitions } from '../models/currencyRates';
import { recordMachineCoverage } from '../support/machine-coverage';

const labels = { date: 'Day', base: 'From', quote: 'To', rate: 'Rate' };
const body = (v: { day: string; from: string; to: string; rate: string }): CreateRateRequest => ({ date: v.day, base: v.from, quote: v.to, rate: v.rate });

/** A backend with the server's rules for these calls: the list newest first, an ECB file's rates (a bad day refused, 422), a mapped file's lines read by the contract's reading (the first bad line refuses it). */
function fakeBackend() {
  let rates: ExchangeRate[] = [];
  let failNextLoad = false;
  const calls: string[] = [];
  const list = (): RateList => ({ rates: [...rates].sort((a, b) => b.date.localeCompare(a.date) || a.base.localeCompare(b.base) || a.quote.localeCompare(b.quote)), total: rates.length });
  return {
    calls,
    failLoadOnce: () => void (failNextLoad = true),
    async load(): Promise<RateList> {
      calls.push('GET /rates');
      if (failNextLoad) {
        failNextLoad = false;
        throw Object.assign(new Error(flow.loadFailed), { status: 503 });
      }
      return list();
    },
    async add(rate: CreateRateRequest) {
      calls.push('POST /rates');
      const kept: ExchangeRate = { ...rate, source: 'typed', shared: false };
      rates = [...rates, kept];
      return { rate: kept, list: list() };
    },
    async importFile(text: string) {
      calls.push('POST /rates/import');
      if (text.includes('2026-13-45')) throw Object.assign(new Error(flow.badFileDetail), { status: 422 });
      const [header, line] = text.trim().split('\n');
      const codes = header!.split(',').slice(1, -1);
      const cells = line!.split(',');
      const day = cells[0]!;
      const got = codes.map((quote, i): ExchangeRate => ({ date: day, base: 'EUR', quote, rate: cells[i + 1]!, source: 'import', shared: false }));
      rates = [...rates, ...got];
      const result = { format: 'ecb-csv' as const, days: 1, rates: got.length, currencies: codes.sort(), first_date: day, last_date: day, converted: 0, recomputing: false };
      return { result, list: list() };
    },
    async importMapped(text: string, mapping: RateMapping) {
      calls.push('POST /rates/import?format=columns');
      const head = readFileHead(text, 1000);
      const got: ExchangeRate[] = [];
      head.records.slice(mapping.has_header ? 1 : 0).forEach((cells, i) => {
        const read = readMappedLine(cells, mapping);
        if (!read.ok) throw Object.assign(new Error(lineRefusal(i + (mapping.has_header ? 2 : 1), read)), { status: 422 });
        got.push({ date: read.rate.date, base: read.rate.base, quote: read.rate.quote, rate: String(Number(read.rate.rate) / 1e10), source: 'import', shared: false });
      });
      rates = [...rates, ...got];
      const days = [...new Set(got.map((r) => r.date))].sort();
      const currencies = [...new Set(got.flatMap((r) => [r.base, r.quote]))].sort();
      const result = { format: 'columns' as const, days: days.length, rates: got.length, currencies, first_date: days[0]!, last_date: days.at(-1)!, converted: 0, recomputing: false };
      return { result, list: list() };
    },
  };
}

function system() {
  const backend = fakeBackend();
  const toasts: Toast[] = [];
  let actor: Actor<typeof currencyRatesMachine> | null = null;
  const start = async () => {
    actor = createActor(
      currencyRatesMachine.provide({
        actors: {
          load: fromPromise(() => backend.load()),
          add: fromPromise(({ input }) => backend.add(input.rate)),
          importFile: fromPromise(async ({ input }) => backend.importFile(await input.file.text())),
          readHead: fromPromise(({ input }) => input.file.slice(0, 64 * 1024).text()),
          importMapped: fromPromise(async ({ input }) => backend.importMapped(await input.file.text(), input.mapping)),
        },
        actions: { notify: (_, t) => void (t.message && toasts.push(t)) },
      }),
    );
    coverage.path(current).attach(actor);
    actor.start();
    await waitFor(actor, (s) => !s.hasTag('busy'));
  };
  const get = () => actor!;
  const idle = () => waitFor(get(), (s) => s.matches({ ready: 'idle' }));
  const settled = () => waitFor(get(), (s) => !s.hasTag('busy'));
  return { backend, toasts, start, get, idle, settled };
}

const model = createTestModel(currencyRatesModel);
const paths = model.getSimplePaths();
const coverage = recordMachineCoverage(import.meta.url, 'node');
let current = '';

describe('model-based paths: Settings › Currencies (the real currencyRates machine)', () => {
  it('the paths cover every state and every transition of the model', () => {
    const covered = new Set(paths.flatMap((p) => p.steps.slice(1).map((step, i) => `${String(p.steps[i]!.state.value)}:${step.event.type}`)));
    const visited = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...covered].sort()).toEqual(currencyRatesTransitions().sort());
    expect([...visited].sort()).toEqual(Object.keys(currencyRatesModel.root.states).sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      current = path.description;
      const { backend, toasts, start, get, idle, settled } = system();
      const ctx = () => get().getSnapshot().context;
      const rows = () => ctx().list!.rates.slice(0, ctx().shown).map((r) => [`${r.base} → ${r.quote}`, r.rate, rateSourceLabels[r.source]]);
      const m = () => ctx().mapping!;
      /** The mapping step's fields as the view shows them: the chosen column's name, the format, the decimal mark's choice. */
      const fields = () => {
        const names = columnNames(ctx().head!, m().has_header);
        return {
          [rateMappingLabels.date_column]: names[m().date_column],
          [rateMappingLabels.date_format]: m().date_format,
          [rateMappingLabels.rate_column]: names[m().rate_column],
          [rateMappingLabels.decimal_separator]: m().decimal_separator === ',' ? 'Comma: 1.234,5678' : 'Dot: 1,234.5678',
          From: m().base_column === null ? m().base : names[m().base_column!],
          To: m().quote_column === null ? m().quote : names[m().quote_column!],
        };
      };
      const previewText = () => ctx().preview.map((p) => (p.ok ? `${p.date}: 1 ${p.base} = ${p.rate} ${p.quote}` : `Cannot be read: ${p.error}`));
      const inMapping = () => expect(get().getSnapshot().matches({ ready: 'mapping' })).toBe(true);
      const showsForms = () => {
        expect(get().getSnapshot().matches({ ready: 'idle' })).toBe(true);
        expect(ctx().list).toEqual({ rates: [], total: 0 });
      };

      await path.test({
        events: {
          LOAD: start,
          LOAD_FAILS: async () => {
            backend.failLoadOnce();
            await start();
          },
          RETRY: async () => {
            get().send({ type: 'rates.reload' });
            await idle();
          },
          IMPORT: async () => {
            get().send({ type: 'rates.import', file: new Blob([flow.file]), fileName: flow.fileName });
            await idle();
          },
          DISMISS: async () => void get().send({ type: 'rates.importDismiss' }),
          IMPORT_BAD: async () => {
            get().send({ type: 'rates.import', file: new Blob([flow.badFile]), fileName: flow.badFileName });
            await idle();
          },
          // The form checks the fields with the contract's rules; nothing reaches the machine.
          ADD_INVALID: async () => {},
          MAP_FILE: async () => {
            get().send({ type: 'rates.import', file: new Blob([flow.mappedFile]), fileName: flow.mappedFileName });
            await settled();
          },
          MAP_SAME_COLUMN: async () => {
            get().send({ type: 'rates.mapping.change', change: { rate_column: 0 } });
            get().send({ type: 'rates.mapping.submit' });
          },
          MAP_FIX: async () => {
            get().send({ type: 'rates.mapping.change', change: { rate_column: 3 } });
            get().send({ type: 'rates.mapping.submit' });
            await idle();
          },
          MAP_BAD_FILE: async () => {
            get().send({ type: 'rates.import', file: new Blob([flow.mappedBadFile]), fileName: flow.mappedBadFileName });
            await settled();
            get().send({ type: 'rates.mapping.submit' });
            await settled();
          },
          MAP_CANCEL: async () => void get().send({ type: 'rates.mapping.cancel' }),
          FIX: async () => {
            get().send({ type: 'rates.add', rate: body(flow.valid) });
            await idle();
          },
        },
        states: {
          opening: () => expect(backend.calls).toEqual([]),
          failed: () => {
            expect(get().getSnapshot().matches('failed')).toBe(true);
            expect(ctx().error?.message).toBe(flow.loadFailed);
            expect(get().getSnapshot().can({ type: 'rates.reload' })).toBe(true);
          },
          retried: () => {
            showsForms();
            expect(ctx().error).toBeNull();
            expect(backend.calls).toEqual(['GET /rates', 'GET /rates']);
          },
          empty: () => {
            showsForms();
            expect(backend.calls).toEqual(['GET /rates']);
          },
          imported: () => {
            expect(importSummary(ctx().imported!)).toBe(flow.importedSummary);
            expect(rows()).toEqual(flow.importedRows);
            expect(toasts).toEqual([]);
          },
          dismissed: () => {
            expect(ctx().imported).toBeNull();
            expect(rows()).toEqual(flow.importedRows);
            expect(get().getSnapshot().matches({ ready: 'idle' })).toBe(true);
          },
          importRefused: () => {
            expect(ctx().importError?.message).toBe(flow.badFileDetail);
            expect(toasts.at(-1)).toMatchObject({ kind: 'error', message: flow.badFileDetail });
            expect(ctx().list!.rates).toEqual([]);
          },
          fieldsRefused: () => {
            const errors = ruleErrors(createRateRequest, body(flow.invalid), labels);
            expect(errors).toEqual({ quote: flow.samePair, rate: flow.badRate });
            expect(backend.calls).toEqual(['GET /rates']);
            expect(get().getSnapshot().matches({ ready: 'idle' })).toBe(true);
          },
          mapping: () => {
            inMapping();
            expect(fields()).toEqual(flow.suggested);
            expect(previewText()).toEqual(flow.mappedPreview);
            expect(backend.calls).toEqual(['GET /rates']);
          },
          mappingFieldsRefused: () => {
            inMapping();
            expect(ctx().mappingErrors).toEqual({ rate_column: flow.sameColumn });
            expect(backend.calls).toEqual(['GET /rates']);
          },
          mappedImported: () => {
            expect(get().getSnapshot().matches({ ready: 'idle' })).toBe(true);
            expect(importSummary(ctx().imported!)).toBe(flow.mappedSummary);
            expect(rows()).toEqual(flow.mappedRows);
            expect(ctx().mapping).toBeNull();
          },
          mappedRefused: () => {
            inMapping();
            expect(ctx().importError?.message).toBe(flow.mappedBadDetail);
            expect(toasts.at(-1)).toMatchObject({ kind: 'error', message: flow.mappedBadDetail });
            expect(ctx().list!.rates).toEqual([]);
          },
          mappingCancelled: () => {
            expect(get().getSnapshot().matches({ ready: 'idle' })).toBe(true);
            expect([ctx().mapping, ctx().upload, ctx().importError]).toEqual([null, null, null]);
            expect(ctx().list!.rates).toEqual([]);
          },
          added: () => {
            expect(ruleErrors(createRateRequest, body(flow.valid), labels)).toEqual({});
            expect(toasts.at(-1)).toEqual({ kind: 'success', message: flow.addedToast });
            expect(rateMessages.rateAdded(body(flow.valid))).toBe(flow.addedToast);
            expect(rows()[0]).toEqual(flow.addedRow);
          },
        },
      });
    });
  }
});
