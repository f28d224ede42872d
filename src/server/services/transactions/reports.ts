import { addMonths, monthRange, thisMonth, today as todayOf } from '../../../contract/calendar';
import { fromMinor } from '../../../contract/money';
import type {
  CategoryTotal,
  CurrentBalance,
  ExpenseCategories,
  MonthlyIncome,
  MonthlyReport,
  MonthTotals,
  SummaryOverview,
  TransactionType,
} from '../../../contract/transactions';
import type { AccountsService } from '../accounts/service';
import type { CategoryTotalRow, PeriodTotals, TransactionsRepository } from '../../repositories/transactions';
import { toTransaction } from './wire';

/** Today and this month in UTC, as the routes and the demo data name them. */
export { today as todayUtc, thisMonth as currentMonth } from '../../../contract/calendar';

const round1 = (n: number) => Math.round(n * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);
const savingsRate = (incomeMinor: number, expenseMinor: number) => (incomeMinor > 0 ? round1(((incomeMinor - expenseMinor) / incomeMinor) * 100) : null);

function monthTotals(month: string, t: PeriodTotals): MonthTotals {
  return {
    month,
    income: fromMinor(t.incomeMinor),
    expenses: fromMinor(t.expenseMinor),
    net: fromMinor(t.incomeMinor - t.expenseMinor),
    transaction_count: t.count,
    savings_rate: savingsRate(t.incomeMinor, t.expenseMinor),
  };
}

/** Category rows with their share of their type's total, largest first (income before expenses). */
function categoryTotals(rows: CategoryTotalRow[]): CategoryTotal[] {
  const byType: Record<TransactionType, number> = { income: 0, expense: 0 };
  for (const r of rows) byType[r.type] += r.totalMinor;
  return rows
    .filter((r) => r.count > 0)
    .sort((a, b) => (a.type === b.type ? b.totalMinor - a.totalMinor || a.category.localeCompare(b.category) : a.type === 'income' ? -1 : 1))
    .map((r) => ({ category: r.category, type: r.type, total: fromMinor(r.totalMinor), count: r.count, percentage: percent(r.totalMinor, byType[r.type]) }));
}

function sumGroups(groups: CategoryTotalRow[]): PeriodTotals {
  const t: PeriodTotals = { incomeMinor: 0, expenseMinor: 0, count: 0 };
  for (const g of groups) {
    if (g.type === 'income') t.incomeMinor += g.totalMinor;
    else t.expenseMinor += g.totalMinor;
    t.count += g.count;
  }
  return t;
}

export function transactionReports(repo: TransactionsRepository, accounts: Pick<AccountsService, 'onBudgetOpenings'>) {
  return {
    async overview(userId: string, currency: string, month = thisMonth()): Promise<SummaryOverview> {
      const today = todayOf();
      const previous = addMonths(month, -1);
      const [all, months, span, hasDemo, openings] = await Promise.all([
        repo.totals(userId, undefined, today),
        repo.monthGroups(userId, previous, month),
        repo.dateSpan(userId),
        repo.hasDemo(userId),
        accounts.onBudgetOpenings(userId, today),
      ]);
      const current = sumGroups(months.filter((g) => g.month === month));
      const before = sumGroups(months.filter((g) => g.month === previous));
      const expenseCategories = months.filter((g) => g.month === month && g.type === 'expense');
      return {
        currency,
        balance: fromMinor(openings.baseMinor + all.incomeMinor - all.expenseMinor),
        total_income: fromMinor(all.incomeMinor),
        total_expenses: fromMinor(all.expenseMinor),
        transaction_count: all.count,
        first_date: span.first,
        last_date: span.last,
        current_month: monthTotals(month, current),
        previous_month: monthTotals(previous, before),
        top_expense_categories: categoryTotals(expenseCategories).slice(0, 5),
        has_demo_data: hasDemo,
        unconverted_count: (all.unconverted ?? 0) + openings.unconverted,
      };
    },

    async monthly(userId: string, currency: string, year: number, monthNumber: number): Promise<MonthlyReport> {
      const month = `${String(year).padStart(4, '0')}-${String(monthNumber).padStart(2, '0')}`;
      const { from, to } = monthRange(month);
      const previous = addMonths(month, -1);
      const [months, days, largest] = await Promise.all([repo.monthGroups(userId, previous, month), repo.dailyTotals(userId, from, to), repo.largest(userId, 'expense', from, to, 5)]);
      const categories = months.filter((g) => g.month === month);
      const totals = sumGroups(categories);
      const before = sumGroups(months.filter((g) => g.month === previous));
      const byDay = new Map<string, { income: number; expense: number }>();
      for (const d of days) {
        const entry = byDay.get(d.day) ?? { income: 0, expense: 0 };
        entry[d.type] += d.totalMinor;
        byDay.set(d.day, entry);
      }
      const daily: MonthlyReport['daily'] = [];
      const lastDay = Number(to.slice(8));
      for (let day = 1; day <= lastDay; day++) {
        const date = `${month}-${String(day).padStart(2, '0')}`;
        const e = byDay.get(date) ?? { income: 0, expense: 0 };
        daily.push({ date, income: fromMinor(e.income), expenses: fromMinor(e.expense), net: fromMinor(e.income - e.expense) });
      }
      return {
        year,
        month: monthNumber,
        date_from: from,
        date_to: to,
        currency,
        income: fromMinor(totals.incomeMinor),
        expenses: fromMinor(totals.expenseMinor),
        net: fromMinor(totals.incomeMinor - totals.expenseMinor),
        savings_rate: savingsRate(totals.incomeMinor, totals.expenseMinor),
        transaction_count: totals.count,
        previous_month: monthTotals(previous, before),
        categories: categoryTotals(categories),
        daily,
        largest_expenses: largest.map(toTransaction),
        unconverted_count: categories.reduce((n, g) => n + g.unconverted, 0),
      };
    },

    /**
     * The on-budget accounts' balance: their opening balances plus the rows that count as income or
     * spending (a transfer between two of them counts on neither side and cancels out; one into a
     * tracking-only account is spending of this side).
     */
    async balance(userId: string, currency: string, asOf = todayOf()): Promise<CurrentBalance> {
      const [t, openings] = await Promise.all([repo.totals(userId, undefined, asOf), accounts.onBudgetOpenings(userId, asOf)]);
      return {
        balance: fromMinor(openings.baseMinor + t.incomeMinor - t.expenseMinor),
        total_income: fromMinor(t.incomeMinor),
        total_expenses: fromMinor(t.expenseMinor),
        transaction_count: t.count,
        currency,
        as_of: asOf,
        unconverted_count: (t.unconverted ?? 0) + openings.unconverted,
      };
    },

    async expenseCategories(userId: string, currency: string, period: { date_from?: string; date_to?: string }): Promise<ExpenseCategories> {
      const dateTo = period.date_to ?? todayOf();
      const dateFrom = period.date_from ?? `${dateTo.slice(0, 7)}-01`;
      const rows = await repo.categoryTotals(userId, dateFrom, dateTo, 'expense');
      const total = rows.reduce((sum, r) => sum + r.totalMinor, 0);
      return { date_from: dateFrom, date_to: dateTo, currency, total: fromMinor(total), categories: categoryTotals(rows) };
    },

    async monthlyIncome(userId: string, currency: string, month: string, months: number): Promise<MonthlyIncome> {
      const first = addMonths(month, -(months - 1));
      const [series, sources] = await Promise.all([
        repo.monthlyTotals(userId, monthRange(first).from, monthRange(month).to),
        repo.categoryTotals(userId, monthRange(month).from, monthRange(month).to, 'income'),
      ]);
      const byMonth = new Map<string, PeriodTotals>();
      for (const r of series) {
        const entry = byMonth.get(r.month) ?? { incomeMinor: 0, expenseMinor: 0, count: 0 };
        if (r.type === 'income') entry.incomeMinor += r.totalMinor;
        else entry.expenseMinor += r.totalMinor;
        entry.count += r.count;
        byMonth.set(r.month, entry);
      }
      const history: MonthTotals[] = [];
      for (let i = 0; i < months; i++) {
        const m = addMonths(first, i);
        history.push(monthTotals(m, byMonth.get(m) ?? { incomeMinor: 0, expenseMinor: 0, count: 0 }));
      }
      const current = byMonth.get(month) ?? { incomeMinor: 0, expenseMinor: 0, count: 0 };
      const incomeSum = history.reduce((sum, h) => sum + Math.round(h.income * 100), 0);
      return {
        currency,
        month,
        income: fromMinor(current.incomeMinor),
        expenses: fromMinor(current.expenseMinor),
        net: fromMinor(current.incomeMinor - current.expenseMinor),
        sources: categoryTotals(sources),
        average_income: fromMinor(Math.round(incomeSum / months)),
        history,
      };
    },
  };
}
export type TransactionReports = ReturnType<typeof transactionReports>;
