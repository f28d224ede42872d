import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { signUpWithAccess, userClient } from './app';

/** An ECB history file: EUR→USD 1.0771, 1.0790, 1.0837 on 2025-03-05..07 (and GBP, JPY, KWD, BGN); a day more than 7 days after has none. */
export const ecbMarchRates = readFileSync(new URL('../server/fixtures/rates/eurofxref-hist.csv', import.meta.url), 'utf8');

/**
 * A signed-up user (USD base, premium trial) who works in several currencies, against the real app:
 * calls as them, a second account in another currency, spending, a rates file.
 */
export async function currencyPerson(app: FastifyInstance) {
  const user = await signUpWithAccess(app);
  const { call, succeeds: ok } = userClient(app, user);
  return {
    call,
    ok,
    userId: user.userId,
    token: user.token,
    /** A checking account opened 2025-01-01, in the base currency unless one is given. */
    account: (name: string, currency?: string) =>
      ok<{ account_id: string }>('POST', '/accounts', { name, kind: 'checking', ...(currency ? { currency } : {}), opening_date: '2025-01-01' }),
    /** Groceries bought at `merchant`; the row as the API answers it (base_amount null: not converted). */
    spend: (accountId: string, amount: number, date: string, merchant = 'Shop') =>
      ok<{ transaction_id: string; base_amount: number | null }>('POST', '/transactions', { account_id: accountId, type: 'expense', amount, date, category: 'Groceries', description: merchant, merchant }),
    /** An ECB CSV file (the March history fixture unless given); what the import answers. */
    importRates: (file = ecbMarchRates) =>
      ok<{ rates: number; converted: number; recomputing: boolean }>('POST', '/rates/import', file, 'text/csv'),
  };
}
export type CurrencyPerson = Awaited<ReturnType<typeof currencyPerson>>;
