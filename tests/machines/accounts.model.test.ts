import { createTestModel } from '@xstate/test';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { describe, expect, it } from 'vitest';
import { accountFormMachine, type SaveAccountInput } from '../../machines/accountForm';
import { accountReconcileMachine, type FinishInput, type ReconcileResult, type StatementInput } from '../../machines/accountReconcile';
import { accountTransferMachine, type SaveTransferInput } from '../../machines/accountTransfer';
import { type Account, type ReconcilePreview, type TransferResult, ACCOUNT_GROUP_OF, isLiability } from '../../src/contract/accounts';
import type { Transaction } from '../../src/contract/transactions';
import { accountsFlow, accountsModel, accountsTransitions } from '../models/accounts';

/** An in-memory stand-in for /accounts with the server's rules for balances, transfers, reconcile and close. */
function fakeAccountsBackend() {
  const accounts = new Map<string, Account>();
  const rows: (Transaction & { cleared: boolean })[] = [];
  let n = 0;
  const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
  const balanceOf = (a: Account) => Math.round((a.opening_balance + rows.filter((r) => r.account_id === a.account_id).reduce((s, r) => s + (r.type === 'income' ? r.amount : -r.amount), 0)) * 100) / 100;
  const view = (a: Account): Account => ({ ...a, balance: balanceOf(a), owed: isLiability(a.kind) ? -balanceOf(a) : null });
  const leg = (accountId: string, type: 'income' | 'expense', amount: number, date: string, transferId: string): Transaction & { cleared: boolean } => ({
    transaction_id: id(), account_id: accountId, kind: 'transfer', transfer_id: transferId, counts: false, cleared: false, reconciled: false, type, amount, currency: null, date,
    category: 'Transfer', description: '', merchant: null, merchant_name: null, merchant_kind: null, bank_id: null, notes: null, tags: [], source: 'manual', import_id: null, created_at: '', updated_at: '',
  });
  const transferOf = (transferId: string): TransferResult => ({ transfer_id: transferId, from: rows.find((r) => r.transfer_id === transferId && r.type === 'expense')!, to: rows.find((r) => r.transfer_id === transferId && r.type === 'income')! });
  return {
    list: () => [...accounts.values()].filter((a) => !a.closed).map(view),
    get: (accountId: string) => view(accounts.get(accountId)!),
    saveAccount: async ({ accountId, body }: SaveAccountInput): Promise<Account> => {
      const a: Account = {
        account_id: accountId ?? id(), name: body.name, kind: body.kind, group: ACCOUNT_GROUP_OF[body.kind], is_liability: isLiability(body.kind), currency: body.currency ?? 'USD', on_budget: body.on_budget,
        opening_balance: body.opening_balance, opening_date: body.opening_date ?? accountsFlow.today, institution: body.institution, last4: body.last4, closed: false, order: accounts.size,
        balance: 0, owed: null, cleared_balance: 0, transaction_count: 0, reconciled_date: null, reconciled_balance: null, created_at: '', updated_at: '',
      };
      accounts.set(a.account_id, a);
      return view(a);
    },
    saveTransfer: async ({ transferId, body }: SaveTransferInput): Promise<TransferResult> => {
      if (transferId) {
        for (const r of rows) if (r.transfer_id === transferId) Object.assign(r, { amount: body.amount, date: body.date, account_id: r.type === 'expense' ? body.from_account_id : body.to_account_id });
        return transferOf(transferId);
      }
      const t = id();
      rows.push(leg(body.from_account_id, 'expense', body.amount, body.date, t), leg(body.to_account_id, 'income', body.amount, body.date, t));
      return transferOf(t);
    },
    /** DELETE /transactions/{id} of a transfer leg: both legs go. */
    deleteLeg: (transactionId: string) => {
      const t = rows.find((r) => r.transaction_id === transactionId)!.transfer_id;
      for (let i = rows.length - 1; i >= 0; i--) if (rows[i]!.transfer_id === t) rows.splice(i, 1);
    },
    legs: () => rows.filter((r) => r.kind === 'transfer'),
    preview: async ({ accountId, statementDate, statementBalance }: StatementInput): Promise<ReconcilePreview> => {
      const a = accounts.get(accountId)!;
      const cleared = a.opening_balance + rows.filter((r) => r.account_id === accountId && r.cleared && r.date <= statementDate).reduce((s, r) => s + (r.type === 'income' ? r.amount : -r.amount), 0);
      return { statement_date: statementDate, statement_balance: statementBalance, cleared_balance: cleared, difference: Math.round((statementBalance - cleared) * 100) / 100, cleared_count: 0, uncleared_count: 0 };
    },
    finish: async (input: FinishInput): Promise<ReconcileResult> => {
      const a = accounts.get(input.accountId)!;
      const cleared = a.opening_balance + rows.filter((r) => r.account_id === input.accountId && r.cleared && r.date <= input.statementDate).reduce((s, r) => s + (r.type === 'income' ? r.amount : -r.amount), 0);
      const difference = Math.round((input.statementBalance - cleared) * 100) / 100;
      if (difference !== 0 && !input.adjust) throw Object.assign(new Error('The cleared balance differs from the statement'), { status: 409 });
      if (difference !== 0) rows.push({ ...leg(input.accountId, difference > 0 ? 'income' : 'expense', Math.abs(difference), input.statementDate, ''), kind: 'adjustment', transfer_id: null, counts: true, cleared: true, reconciled: true, category: 'Adjustment' });
      accounts.set(a.account_id, { ...a, reconciled_date: input.statementDate, reconciled_balance: input.statementBalance });
      return { account: view(accounts.get(a.account_id)!), locked: 1 };
    },
    close: (accountId: string) => {
      const a = accounts.get(accountId)!;
      if (balanceOf(a) !== 0) throw new Error('A final transfer or an adjustment is needed first');
      accounts.set(accountId, { ...a, closed: true });
    },
  };
}

const settle = (actor: AnyActorRef) => waitFor(actor, (s) => s.status === 'done' || !s.hasTag('busy'));

describe('model-based paths: accounts (the real accountForm, accountTransfer and accountReconcile machines)', () => {
  const model = createTestModel(accountsModel);
  const paths = model.getSimplePaths();

  it('the paths cover every state and every transition of the model', () => {
    const covered = new Set(paths.flatMap((p) => p.steps.slice(1).map((step, i) => `${String(p.steps[i]!.state.value)}:${step.event.type}`)));
    expect([...covered].sort()).toEqual(accountsTransitions().sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      const backend = fakeAccountsBackend();
      const toasts: string[] = [];
      const form = () =>
        createActor(accountFormMachine.provide({ actors: { saveAccount: fromPromise(({ input }) => backend.saveAccount(input)) }, actions: { notify: (_, t) => void toasts.push(t.message) } }), { input: { account: null, today: accountsFlow.today } }).start();
      const transfer = (input: { transfer?: TransferResult }) =>
        createActor(accountTransferMachine.provide({ actors: { saveTransfer: fromPromise(({ input: i }) => backend.saveTransfer(i)) }, actions: { notify: (_, t) => void toasts.push(t.message) } }), { input: { today: accountsFlow.today, ...input } }).start();
      const byName = (name: string) => backend.list().find((a) => a.name === name)!;
      const addAccount = async (name: string, kind: 'checking' | 'savings', opening: string) => {
        const actor = form();
        actor.send({ type: 'field.change', field: 'name', value: name });
        actor.send({ type: 'field.change', field: 'kind', value: kind });
        actor.send({ type: 'field.change', field: 'openingBalance', value: opening });
        actor.send({ type: 'form.submit' });
        await settle(actor);
        expect(actor.getSnapshot().status).toBe('done');
      };

      await path.test({
        states: {
          empty: () => expect(backend.list()).toEqual([]),
          invalid: () => expect(backend.list()).toEqual([]),
          created: () => expect(backend.list().map((a) => [a.name, a.balance])).toEqual([['Checking', 1000], ['Savings', 0]]),
          transferred: () => expect([byName('Checking').balance, byName('Savings').balance]).toEqual([500, 500]),
          edited: () => {
            expect(backend.legs().map((l) => l.amount)).toEqual([300, 300]);
            expect([byName('Checking').balance, byName('Savings').balance]).toEqual([700, 300]);
          },
          deleted: () => {
            expect(backend.legs()).toEqual([]);
            expect([byName('Checking').balance, byName('Savings').balance]).toEqual([1000, 0]);
          },
          reconciled: () => expect(byName('Checking')).toMatchObject({ balance: accountsFlow.statement, reconciled_date: accountsFlow.today, reconciled_balance: accountsFlow.statement }),
          closed: () => expect(backend.list().map((a) => a.name)).toEqual(['Checking']),
        },
        events: {
          CREATE_INVALID: async () => {
            const actor = form();
            actor.send({ type: 'field.change', field: 'last4', value: '12a4' });
            actor.send({ type: 'form.submit' });
            expect(actor.getSnapshot().value).toBe('editing');
            expect(actor.getSnapshot().context.errors).toMatchObject({ name: 'Name is required', last4: 'Last four digits must be four digits' });
          },
          CREATE: async () => {
            await addAccount('Checking', 'checking', String(accountsFlow.checking));
            await addAccount('Savings', 'savings', '');
            expect(toasts).toContain('Account added');
          },
          TRANSFER: async () => {
            const actor = transfer({});
            actor.send({ type: 'field.change', field: 'fromAccountId', value: byName('Checking').account_id });
            actor.send({ type: 'field.change', field: 'toAccountId', value: byName('Checking').account_id });
            actor.send({ type: 'field.change', field: 'amount', value: String(accountsFlow.transfer) });
            actor.send({ type: 'transfer.submit' });
            // The same account on both sides is refused by the contract's rule, under the field.
            expect(actor.getSnapshot().context.errors.toAccountId).toMatch(/another account/);
            actor.send({ type: 'field.change', field: 'toAccountId', value: byName('Savings').account_id });
            actor.send({ type: 'transfer.submit' });
            await settle(actor);
            expect(toasts).toContain('Transfer saved');
          },
          EDIT_LEG: async () => {
            const into = backend.legs().find((l) => l.type === 'income')!;
            const actor = transfer({ transfer: { transfer_id: into.transfer_id!, from: backend.legs().find((l) => l.type === 'expense')!, to: into } });
            actor.send({ type: 'field.change', field: 'amount', value: String(accountsFlow.edited) });
            actor.send({ type: 'transfer.submit' });
            await settle(actor);
            expect(actor.getSnapshot().status).toBe('done');
          },
          DELETE_LEG: async () => backend.deleteLeg(backend.legs().find((l) => l.type === 'expense')!.transaction_id),
          RECONCILE_ADJUST: async () => {
            const actor = createActor(
              accountReconcileMachine.provide({ actors: { previewStatement: fromPromise(({ input }) => backend.preview(input)), finishReconcile: fromPromise(({ input }) => backend.finish(input)) }, actions: { notify: (_, t) => void toasts.push(t.message) } }),
              { input: { account: byName('Checking'), today: accountsFlow.today } },
            ).start();
            actor.send({ type: 'field.change', field: 'statementBalance', value: String(accountsFlow.statement) });
            actor.send({ type: 'reconcile.check' });
            await settle(actor);
            expect(actor.getSnapshot().value).toBe('review');
            expect(actor.getSnapshot().context.preview!.difference).toBe(-accountsFlow.adjustment);
            // With a difference, finishing is not offered: only an adjustment or going back.
            expect(actor.getSnapshot().can({ type: 'reconcile.finish' })).toBe(false);
            actor.send({ type: 'reconcile.adjust' });
            await settle(actor);
            expect(actor.getSnapshot().value).toBe('reconciled');
            expect(toasts).toContain('Account reconciled');
          },
          CLOSE: async () => backend.close(byName('Savings').account_id),
        },
      });
    });
  }
});
