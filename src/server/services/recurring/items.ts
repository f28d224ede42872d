import { toMinor } from '../../../contract/money';
import { RECURRING_LIMITS, RECURRING_MESSAGES, type CreateRecurringRequest, type RecurringItem, type UpdateRecurringRequest } from '../../../contract/recurring';
import { conflict, unprocessable } from '../../errors';
import type { NewRecurringItem } from '../../repositories/recurring';
import { recurringNotFound, toItem, type Detection, type RecurringDeps } from './common';
import { isExpandable } from './schedule';

/** The user's recurring items: list, read, create, edit, remove, with their rules checked. */
export function itemActions(deps: RecurringDeps, { detectFor }: Detection) {
  const { repo } = deps;

  const ownAccount = async (userId: string, accountId: string) => {
    const account = (await deps.accounts.list(userId, true)).find((a) => a.id === accountId);
    if (!account) throw unprocessable(RECURRING_MESSAGES.accountNotFound);
    return account;
  };

  const stored = (body: Partial<CreateRecurringRequest>): Partial<NewRecurringItem> => {
    const out: Partial<NewRecurringItem> = {};
    if (body.name !== undefined) out.name = body.name;
    if (body.merchant_pattern !== undefined) out.merchantPattern = body.merchant_pattern;
    if (body.account_id !== undefined) out.accountId = body.account_id;
    if (body.category !== undefined) out.category = body.category;
    if (body.kind !== undefined) out.kind = body.kind;
    if (body.amount !== undefined) out.amountMinor = toMinor(body.amount);
    if (body.amount_min !== undefined) out.amountMinMinor = body.amount_min === null ? null : toMinor(body.amount_min);
    if (body.amount_max !== undefined) out.amountMaxMinor = body.amount_max === null ? null : toMinor(body.amount_max);
    if (body.rrule !== undefined) out.rrule = body.rrule.replace(/^RRULE:/i, '').toUpperCase();
    if (body.start_date !== undefined) out.startDate = body.start_date;
    if (body.end_date !== undefined) out.endDate = body.end_date;
    if (body.weekend_shift !== undefined) out.weekendShift = body.weekend_shift;
    if (body.auto_post !== undefined) out.autoPost = body.auto_post;
    return out;
  };

  const checkItem = (item: Pick<NewRecurringItem, 'rrule' | 'startDate' | 'endDate' | 'amountMinMinor' | 'amountMaxMinor'>) => {
    if (!isExpandable(item.rrule, item.startDate)) throw unprocessable(RECURRING_MESSAGES.badRule);
    if (item.endDate && item.endDate < item.startDate) throw unprocessable('end_date must not be before start_date');
    if ((item.amountMinMinor ?? null) !== null && (item.amountMaxMinor ?? null) !== null && item.amountMinMinor! > item.amountMaxMinor!) throw unprocessable('amount_min must not be more than amount_max');
  };

  return {
    async list(userId: string, today: string) {
      const items = await repo.list(userId);
      const detected = await detectFor(userId, items, today);
      return { items: items.map((i) => toItem(i, today, detected.get(i.id))) };
    },

    async get(userId: string, id: string, today: string): Promise<RecurringItem> {
      const item = await repo.get(userId, id);
      if (!item) throw recurringNotFound();
      return toItem(item, today, (await detectFor(userId, [item], today)).get(item.id));
    },

    async create(userId: string, body: CreateRecurringRequest, today: string, source: 'manual' | 'detected' = 'manual'): Promise<RecurringItem> {
      await ownAccount(userId, body.account_id);
      const item = { weekendShift: 'none', autoPost: false, category: null, amountMinMinor: null, amountMaxMinor: null, endDate: null, ...stored(body), source } as NewRecurringItem;
      checkItem(item);
      if ((await repo.count(userId)) >= RECURRING_LIMITS.items) throw conflict(RECURRING_MESSAGES.tooMany);
      return toItem(await repo.create(userId, item), today);
    },

    async update(userId: string, id: string, body: UpdateRecurringRequest, today: string): Promise<RecurringItem> {
      const existing = await repo.get(userId, id);
      if (!existing) throw recurringNotFound();
      if (body.account_id !== undefined) await ownAccount(userId, body.account_id);
      const patch = stored(body);
      checkItem({ ...existing, ...patch });
      const row = await repo.update(userId, id, patch);
      if (!row) throw recurringNotFound();
      return toItem(row, today);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.remove(userId, id))) throw recurringNotFound();
    },
  };
}
export type ItemActions = ReturnType<typeof itemActions>;
