import { describe, expect, it } from 'vitest';
import type { Account } from '../../src/contract/accounts';
import type { Rule } from '../../src/contract/autoRules';
import type { DashboardAnalytics } from '../../src/contract/dashboard';
import type { SplitResponse } from '../../src/contract/splits';
import type { ImportJob, ImportPreview, Transaction, TransactionListResponse } from '../../src/contract/transactions';
import { bearer, signUpWithAccess, userClient, useTestApp, type VerifiedUser } from '../support/app';

const app = useTestApp();

function client(user: VerifiedUser) {
  const { call, ok } = userClient(app, user);
  const finished = async (importId: string) => {
    const until = Date.now() + 60_000;
    for (;;) {
      const job = await ok<ImportJob>('GET', `/transactions/import/${importId}`);
      if (job.status === 'completed' || job.status === 'failed' || job.status === 'cancelled') return job;
      if (Date.now() > until) throw new Error(`import ${importId} still ${job.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return {
    call,
    ok,
    account: (name: string, kind = 'checking') => ok<Account>('POST', '/accounts', { name, kind }, 201),
    balance: async (id: string) => (await ok<Account>('GET', `/accounts/${id}`)).balance,
    row: (body: Record<string, unknown>) => ok<Transaction>('POST', '/transactions', { type: 'expense', category: 'Other', ...body }, 201),
    rule: (conditions: unknown[], actions: Record<string, unknown>) => ok<Rule>('POST', '/rules', { name: 'r', conditions, actions }, 201),
    get: (id: string) => ok<Transaction>('GET', `/transactions/${id}`),
    lines: async (id: string) => (await ok<SplitResponse>('GET', `/transactions/${id}/split`)).lines.map((l) => [l.category, l.amount, l.memo]),
    list: async (accountId: string) => (await ok<TransactionListResponse>('GET', `/transactions?limit=500&sort=date&order=asc&account_id=${accountId}`)).transactions,
    spent: async (from: string, to: string) =>
      Object.fromEntries((await ok<DashboardAnalytics>('GET', `/dashboard/analytics?period=custom&date_from=${from}&date_to=${to}`)).categories.map((c) => [c.category, c.amount])),
    /** Uploads a file into an account, commits it with its suggested mapping and waits for the job. */
    async importFile(text: string, fileName: string, accountId: string, contentType = 'text/plain') {
      const res = await app.inject({
        method: 'POST',
        url: `/transactions/import?${new URLSearchParams({ file_name: fileName, account_id: accountId })}`,
        headers: { ...bearer(user.token), 'content-type': contentType },
        payload: text,
      });
      expect(res.statusCode, res.body).toBe(201);
      const preview = res.json<ImportPreview>();
      await ok('POST', `/transactions/import/${preview.import_id}/commit`, { mapping: preview.mapping, account_id: accountId }, 202);
      return finished(preview.import_id);
    },
  };
}

const ofx = (rows: [string, string, string, string][]) =>
  [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>2<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>',
    ...rows.map(([day, amount, fitid, name]) => `<STMTTRN><TRNTYPE>${amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}<DTPOSTED>${day}<TRNAMT>${amount}<FITID>${fitid}<NAME>${name}</STMTTRN>`),
    '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ].join('\r\n');

describe('rules that split or transfer act on rows as they are imported; the undo takes that back too', () => {
  it('an OFX import splits by percentages, links one transfer to the row already in savings and adds the other leg; undo restores all of it', async () => {
    const u = client(await signUpWithAccess(app));
    const checking = await u.account('Checking');
    const savings = await u.account('Savings', 'savings');
    // The incoming side of the first move is already in savings (typed there), a day after the bank's row.
    const typed = await u.row({ account_id: savings.account_id, type: 'income', category: 'Other Income', amount: 500, date: '2024-03-21', description: 'FROM CHECKING' });
    await u.rule([{ field: 'description', op: 'contains', value: 'costco' }], {
      split: [
        { category: 'Groceries', percent: 70, memo: 'food' },
        { category: 'Shopping', percent: 30 },
      ],
    });
    await u.rule([{ field: 'description', op: 'contains', value: 'TRANSFER TO SAVINGS' }], { transfer_account_id: savings.account_id });

    const job = await u.importFile(
      ofx([
        ['20240305', '-120.01', 'F1', 'COSTCO WHSE #123'],
        ['20240320', '-500.00', 'F2', 'ONLINE TRANSFER TO SAVINGS'],
        ['20240327', '-200.00', 'F3', 'ONLINE TRANSFER TO SAVINGS'],
        ['20240328', '-50.00', 'F4', 'SHELL OIL 57442'],
      ]),
      'march.ofx',
      checking.account_id,
    );
    expect(job).toMatchObject({ status: 'completed', rows_imported: 4 });

    const rows = await u.list(checking.account_id);
    expect(rows.map((r) => [r.date, r.amount, r.kind, r.split])).toEqual([
      ['2024-03-05', 120.01, 'standard', true],
      ['2024-03-20', 500, 'transfer', false],
      ['2024-03-27', 200, 'transfer', false],
      ['2024-03-28', 50, 'standard', false],
    ]);
    // 70 % of 120.01 is 84.007 → 84.01; 30 % is 36.003 → 36.00; together exactly 120.01.
    expect(await u.lines(rows[0]!.transaction_id)).toEqual([
      ['Groceries', 84.01, 'food'],
      ['Shopping', 36.0, null],
    ]);
    // The 500 links to the typed 500 (one day apart); the 200 has no match there, so its leg is added.
    const linked = await u.get(typed.transaction_id);
    expect(linked).toMatchObject({ kind: 'transfer', category: 'Transfer', transfer_id: rows[1]!.transfer_id });
    const legs = await u.ok<{ from: Transaction; to: Transaction }>('GET', `/accounts/transfers/${rows[2]!.transfer_id}`);
    expect(legs.to).toMatchObject({ account_id: savings.account_id, type: 'income', amount: 200, date: '2024-03-27' });
    // Checking: −120.01 − 500 − 200 − 50 = −870.01; savings: 500 typed + 200 new leg = 700.
    expect(await u.balance(checking.account_id)).toBeCloseTo(-870.01, 2);
    expect(await u.balance(savings.account_id)).toBeCloseTo(700, 2);
    // Spending counts the lines, not the split row, and no transfer; the typed 500 is no longer income.
    const spent = await u.spent('2024-03-01', '2024-03-31');
    expect(spent).toMatchObject({ Groceries: 84.01, Shopping: 36 });
    expect(Object.keys(spent)).not.toContain('Transfer');
    expect(Object.keys(spent)).not.toContain('Other Income');

    // Undo: the batch, its lines and its new leg go; the typed row is standalone income again.
    const undone = await u.ok<{ deleted: number }>('DELETE', `/transactions/import/${job.import_id}`);
    expect(undone.deleted).toBeGreaterThanOrEqual(4);
    expect(await u.list(checking.account_id)).toEqual([]);
    expect((await u.list(savings.account_id)).map((r) => r.transaction_id)).toEqual([typed.transaction_id]);
    expect(await u.get(typed.transaction_id)).toMatchObject({ kind: 'standard', category: 'Other Income', transfer_id: null });
    expect(await u.balance(checking.account_id)).toBeCloseTo(0, 2);
    expect(await u.balance(savings.account_id)).toBeCloseTo(500, 2);
    expect(await u.spent('2024-03-01', '2024-03-31')).toEqual({});
  });

  it('a CSV import splits by an amount and the rest; a row the fixed amount does not fit is imported whole', async () => {
    const u = client(await signUpWithAccess(app));
    const checking = await u.account('Checking');
    await u.rule([{ field: 'description', op: 'contains', value: 'costco' }], { split: [{ category: 'Groceries', amount: 100, memo: 'food' }, { category: 'Shopping' }] });
    const csv = 'Date,Description,Amount\n2024-04-02,COSTCO WHSE #123,-250.00\n2024-04-09,COSTCO WHSE #123,-80.00\n';
    const job = await u.importFile(csv, 'april.csv', checking.account_id, 'text/csv');
    expect(job).toMatchObject({ status: 'completed', rows_imported: 2 });
    const rows = await u.list(checking.account_id);
    expect(rows.map((r) => [r.amount, r.split])).toEqual([
      [250, true],
      [80, false],
    ]);
    // 250 = 100 fixed + 150 rest; 80 cannot give 100.
    expect(await u.lines(rows[0]!.transaction_id)).toEqual([
      ['Groceries', 100, 'food'],
      ['Shopping', 150, null],
    ]);
    expect(await u.balance(checking.account_id)).toBeCloseTo(-330, 2);
    // Groceries: the 100 line plus the whole 80 row (filed there by the merchant's kind); Shopping: the 150 rest.
    expect(await u.spent('2024-04-01', '2024-04-30')).toEqual({ Groceries: 180, Shopping: 150 });

    await u.ok('DELETE', `/transactions/import/${job.import_id}`);
    expect(await u.list(checking.account_id)).toEqual([]);
    expect(await u.spent('2024-04-01', '2024-04-30')).toEqual({});
  });
});
