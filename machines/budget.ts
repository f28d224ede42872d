import { assign, fromPromise, setup } from 'xstate';
import { BUDGET_MESSAGES, assignRequest, moveRequest, targetRequest, type BudgetCategory, type BudgetMode, type BudgetMonth, type FillSource, type Rollover, type TargetKind, type TargetRequest } from '../src/contract/budgets';
import { addMonths } from '../src/contract/calendar';
import { fromMinor, readAmount, toMinor } from '../src/contract/money';
import { fieldMessage, ruleErrors } from '../src/contract/messages';
import { failureToast, toFailure, type CallFailure, type Toast } from './types';

/** One change the budget sends; every call answers the month drawn again. */
export type BudgetChange =
  | { kind: 'assign'; category: string; assigned: number }
  | { kind: 'move'; from: string; to: string; amount: number }
  | { kind: 'rollover'; category: string; rollover: Rollover }
  | { kind: 'mode'; mode: BudgetMode }
  | { kind: 'fill'; category: string | null; source: FillSource }
  | { kind: 'target'; target: TargetRequest }
  /** Puts amounts back as they were before a fill. */
  | { kind: 'restore'; amounts: { category: string; assigned: number }[] }
  | { kind: 'order_categories'; group_id: string | null; names: string[] }
  | { kind: 'order_groups'; group_ids: string[] };

/** The target form of one category, as typed. */
export interface BudgetTargetForm {
  category: string;
  kind: TargetKind | 'none';
  amount: string;
  by_month: string;
  percent: string;
  error: string | null;
}

export interface BudgetEdit {
  category: string;
  /** The amount as typed. */
  text: string;
  error: string | null;
}

export interface BudgetMove {
  from: string;
  to: string;
  text: string;
  error: string | null;
}

export interface BudgetContext {
  /** The month shown, YYYY-MM. */
  month: string;
  data: BudgetMonth | null;
  /** Why the month could not be read. */
  error: CallFailure | null;
  edit: BudgetEdit | null;
  move: BudgetMove | null;
  /** The change being sent. */
  change: BudgetChange | null;
  target: BudgetTargetForm | null;
  /** What the last fill changed, to put back with Undo (until another change or month). */
  undo: { amounts: { category: string; assigned: number }[] } | null;
  /** The months before and after the one shown, read while it is shown (YYYY-MM → month); dropped on any change. */
  ahead: Record<string, BudgetMonth>;
}

export type BudgetEvent =
  | { type: 'month.previous' }
  | { type: 'month.next' }
  | { type: 'budget.retry' }
  | { type: 'budget.refresh' }
  | { type: 'assigned.edit'; category: string }
  | { type: 'assigned.change'; value: string }
  | { type: 'assigned.save' }
  | { type: 'assigned.cancel' }
  | { type: 'move.open'; from: string }
  | { type: 'move.change'; to?: string; value?: string }
  | { type: 'move.submit' }
  | { type: 'move.cancel' }
  | { type: 'rollover.change'; category: string; rollover: Rollover }
  | { type: 'mode.change'; mode: BudgetMode }
  | { type: 'budget.fill'; category: string | null; source: FillSource }
  | { type: 'budget.undo' }
  | { type: 'target.open'; category: string }
  | { type: 'target.change'; kind?: TargetKind | 'none'; amount?: string; by_month?: string; percent?: string }
  | { type: 'target.submit' }
  | { type: 'target.cancel' }
  | { type: 'order.category'; category: string; direction: -1 | 1 }
  | { type: 'order.group'; group: string; direction: -1 | 1 };

const categoryOf = (data: BudgetMonth | null, name: string): BudgetCategory | undefined => data?.groups.flatMap((g) => g.categories).find((c) => c.category === name);

/** The typed amount read the way every form reads money, or why the contract's rule refuses it. */
export function readBudgetAmount(text: string, field: 'assigned' | 'amount'): { ok: true; amount: number } | { ok: false; error: string } {
  const value = readAmount(text);
  const amount = value === undefined && field === 'assigned' ? 0 : value;
  const errors = field === 'assigned' ? ruleErrors(assignRequest, { category: 'x', assigned: amount }) : ruleErrors(moveRequest, { from: 'x', to: 'y', amount });
  const error = errors[field];
  return error || amount === undefined ? { ok: false, error: error ?? fieldMessage(field, 'Required') } : { ok: true, amount };
}

/** The target form read into the request the contract checks, or the first message it gives. */
export function readTargetForm(form: BudgetTargetForm): { ok: true; target: TargetRequest } | { ok: false; error: string } {
  const amount = readAmount(form.amount);
  const percent = form.percent.trim() === '' ? undefined : Number(form.percent.trim().replace(',', '.').replace('%', ''));
  const body = {
    category: form.category,
    kind: form.kind,
    ...(form.kind === 'monthly' || form.kind === 'by_date' ? (amount === undefined ? {} : { amount }) : {}),
    ...(form.kind === 'by_date' && form.by_month ? { by_month: form.by_month } : {}),
    ...(form.kind === 'income_share' && percent !== undefined ? { percent } : {}),
  };
  const errors = ruleErrors(targetRequest, body);
  const first = errors.amount ?? errors.by_month ?? errors.percent ?? Object.values(errors)[0];
  return first ? { ok: false, error: first } : { ok: true, target: body as TargetRequest };
}

/** What moving one item up (-1) or down (1) in a list gives, or null at its end. */
function moved<T>(list: T[], item: T, direction: -1 | 1): T[] | null {
  const i = list.indexOf(item);
  const j = i + direction;
  if (i < 0 || j < 0 || j >= list.length) return null;
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

const groupOf = (data: BudgetMonth | null, category: string) => data?.groups.find((g) => g.categories.some((c) => c.category === category));
/** The change a move up or down makes, or null when there is nowhere to go. */
export function orderChange(data: BudgetMonth | null, event: { type: 'order.category'; category: string; direction: -1 | 1 } | { type: 'order.group'; group: string; direction: -1 | 1 }): BudgetChange | null {
  if (event.type === 'order.category') {
    const group = groupOf(data, event.category);
    const names = group && moved(group.categories.map((c) => c.category), event.category, event.direction);
    return group && names ? { kind: 'order_categories', group_id: group.group_id, names } : null;
  }
  const ordered = (data?.groups ?? []).filter((g) => g.group_id !== null);
  const target = ordered.find((g) => g.name === event.group);
  const ids = target && moved(ordered.map((g) => g.group_id!), target.group_id!, event.direction);
  return ids ? { kind: 'order_groups', group_ids: ids } : null;
}

/** What a fill changed: each category whose amount differs afterwards, with its amount before. */
function changedBy(before: BudgetMonth | null, after: BudgetMonth): { category: string; assigned: number }[] {
  const was = new Map((before?.groups ?? []).flatMap((g) => g.categories.map((c) => [c.category, c.assigned] as const)));
  return after.groups.flatMap((g) => g.categories).flatMap((c) => ((was.get(c.category) ?? 0) !== c.assigned ? [{ category: c.category, assigned: was.get(c.category) ?? 0 }] : []));
}

/** One budgeted category on the dashboard: what was spent against what it had for the month. */
export interface BudgetVsActualLine {
  category: string;
  /** Spending less refunds, never below 0. */
  spent: number;
  /** What the category had: carried in + assigned (the limit in tracking mode). */
  budgeted: number;
  /** Spending past what it had, 0 within it. */
  overspent: number;
  /** spent / budgeted, whole percent, capped at 100 for the bar. */
  bar: number;
}

/** The dashboard's "Budget this month": the month's budgeted categories and their totals; null when nothing is budgeted. */
export interface BudgetVsActual {
  month: string;
  mode: BudgetMode;
  lines: BudgetVsActualLine[];
  spent: number;
  budgeted: number;
  overspent: number;
}

/**
 * The month read by the budget machine, summed for the dashboard: the categories with something to spend
 * (carried in + assigned above 0) in the budget's own order, each with spent against that, and the totals
 * of those categories. A month where no category has anything is no budget (null).
 */
export function budgetVsActual(data: BudgetMonth | null): BudgetVsActual | null {
  if (!data) return null;
  const lines: BudgetVsActualLine[] = [];
  for (const c of data.groups.flatMap((g) => g.categories)) {
    const budgetedMinor = toMinor(c.carried_in) + toMinor(c.assigned);
    if (budgetedMinor <= 0) continue;
    const spentMinor = Math.max(0, -toMinor(c.activity));
    lines.push({ category: c.category, spent: fromMinor(spentMinor), budgeted: fromMinor(budgetedMinor), overspent: c.overspent, bar: Math.min(100, Math.round((spentMinor / budgetedMinor) * 100)) });
  }
  if (lines.length === 0) return null;
  const sum = (pick: (l: BudgetVsActualLine) => number) => fromMinor(lines.reduce((t, l) => t + toMinor(pick(l)), 0));
  return { month: data.month, mode: data.mode, lines, spent: sum((l) => l.spent), budgeted: sum((l) => l.budgeted), overspent: sum((l) => l.overspent) };
}

const editedAmount = (context: BudgetContext) => readBudgetAmount(context.edit?.text ?? '', 'assigned');
const moveAmount = (context: BudgetContext) => readBudgetAmount(context.move?.text ?? '', 'amount');

const MODE_TOAST = BUDGET_MESSAGES.mode;

/**
 * The month of the category budget on /budget: it reads one month, shows it, and sends one change at a
 * time (an assigned amount typed in a row, a move between categories, a rollover, the mode); each change
 * answers the month drawn again, which replaces what is shown. While a month is shown the months before and after
 * are read and held, so Previous and Next show them at once (and read them again quietly); any change drops them.
 */
export const budgetMachine = setup({
  types: {
    context: {} as BudgetContext,
    events: {} as BudgetEvent,
    input: {} as { month: string },
    tags: {} as 'busy',
  },
  actors: {
    /** GET /budgets/{month}. */
    fetchMonth: fromPromise<BudgetMonth, { month: string }>(async () => {
      throw new Error('fetchMonth not provided');
    }),
    /** PUT /budgets/{month}/assigned, POST …/move, PUT …/rollover or PUT …/mode. */
    saveChange: fromPromise<BudgetMonth, { month: string; change: BudgetChange }>(async () => {
      throw new Error('saveChange not provided');
    }),
    /** GET /budgets/{month} of the months before and after, keyed by month (none where none is wanted). */
    fetchAround: fromPromise<Record<string, BudgetMonth>, { month: string }>(async () => {
      throw new Error('fetchAround not provided');
    }),
  },
  actions: {
    notify: (_, _toast: Toast) => {},
    startEdit: assign(({ context, event }) => {
      const category = (event as { category: string }).category;
      const assigned = categoryOf(context.data, category)?.assigned ?? 0;
      return { edit: { category, text: assigned === 0 ? '' : assigned.toFixed(2), error: null }, move: null };
    }),
    startMove: assign(({ event }) => ({ move: { from: (event as { from: string }).from, to: '', text: '', error: null }, edit: null })),
    startTarget: assign(({ context, event }) => {
      const category = (event as { category: string }).category;
      const t = categoryOf(context.data, category)?.target ?? null;
      return {
        target: { category, kind: t?.kind ?? 'monthly', amount: t?.amount ? t.amount.toFixed(2) : '', by_month: t?.by_month ?? '', percent: t?.percent ? String(t.percent) : '', error: null },
        edit: null,
        move: null,
      };
    }),
  },
  guards: {
    editValid: ({ context }) => editedAmount(context).ok,
    editUnchanged: ({ context }) => {
      const parsed = editedAmount(context);
      return parsed.ok && parsed.amount === (categoryOf(context.data, context.edit?.category ?? '')?.assigned ?? 0);
    },
    moveValid: ({ context }) => moveAmount(context).ok && !!context.move?.to && context.move.to !== context.move.from,
    targetValid: ({ context }) => !!context.target && readTargetForm(context.target).ok,
    canOrder: ({ context, event }) => (event.type === 'order.category' || event.type === 'order.group' ? orderChange(context.data, event) !== null : false),
    canUndo: ({ context }) => !!context.undo && context.undo.amounts.length > 0,
    wasAssign: ({ context }) => context.change?.kind === 'assign',
    wasTarget: ({ context }) => context.change?.kind === 'target',
    wasMove: ({ context }) => context.change?.kind === 'move',
    heldBefore: ({ context }) => !!context.ahead[addMonths(context.month, -1)],
    heldAfter: ({ context }) => !!context.ahead[addMonths(context.month, 1)],
  },
}).createMachine({
  id: 'budget',
  description: 'One month of the category budget: its categories with assigned, activity and available, and the changes made to it.',
  context: ({ input }) => ({ month: input.month, data: null, error: null, edit: null, move: null, change: null, target: null, undo: null, ahead: {} }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads the month (a spinner where the categories go; the month name is already shown).',
      tags: ['busy'],
      invoke: {
        src: 'fetchMonth',
        input: ({ context }) => ({ month: context.month }),
        onDone: { target: 'ready', description: 'The month is shown.', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', description: "The month could not be read: 'Failed to fetch budget' or the server's detail, with Retry.", actions: assign({ error: ({ event }) => toFailure(event.error, BUDGET_MESSAGES.loadFailed) }) },
      },
      on: {
        'month.previous': { target: 'loading', reenter: true, description: 'Going on to the month before drops the read under way and reads that month.', actions: assign({ month: ({ context }) => addMonths(context.month, -1) }) },
        'month.next': { target: 'loading', reenter: true, description: 'Going on to the month after drops the read under way and reads that month.', actions: assign({ month: ({ context }) => addMonths(context.month, 1) }) },
      },
    },
    failed: {
      description: 'The month could not be read: the message and a Retry button; the month can still be changed.',
      on: {
        'budget.retry': { target: 'loading', description: 'Reads the same month again.' },
        'month.previous': { target: 'loading', description: 'Reads the month before.', actions: assign({ month: ({ context }) => addMonths(context.month, -1) }) },
        'month.next': { target: 'loading', description: 'Reads the month after.', actions: assign({ month: ({ context }) => addMonths(context.month, 1) }) },
      },
    },
    ready: {
      description: 'The month is shown: each group and category with assigned, activity and available; ready to assign or income against the limits.',
      initial: 'idle',
      invoke: {
        src: 'fetchAround',
        input: ({ context }) => ({ month: context.month }),
        onDone: { description: 'The months before and after are held, so a switch to one shows it at once.', actions: assign({ ahead: ({ event }) => event.output }) },
        onError: { description: 'Nothing is held: a switch reads the month with a spinner.' },
      },
      states: {
        idle: {
          description: 'Nothing is being edited.',
          on: {
            'budget.refresh': { target: 'refreshing', description: 'The page came back into view (the budget may have changed in another tab): the month is read again, quietly.' },
            'assigned.edit': { target: 'editing', description: "A category's assigned amount becomes a field holding it, focused.", actions: 'startEdit' },
            'move.open': { target: 'moving', description: 'The move form opens with the category to take from.', actions: 'startMove' },
            'rollover.change': { target: 'saving', description: 'Sends the category’s rollover from this month on.', actions: assign({ change: ({ event }) => ({ kind: 'rollover', category: event.category, rollover: event.rollover }) }) },
            'mode.change': { target: 'saving', description: 'Sends the switch between envelope and tracking budgeting.', actions: assign({ change: ({ event }) => ({ kind: 'mode', mode: event.mode }) }) },
            'budget.fill': {
              target: 'saving',
              description: "A quick fill for one category or all: last month's amount, the average spent over 3, 6 or 12 months, underfunded targets, or a copy into the next months.",
              actions: assign({ change: ({ event }) => ({ kind: 'fill', category: event.category, source: event.source }) }),
            },
            'budget.undo': {
              guard: 'canUndo',
              target: 'saving',
              description: 'Undo after a fill: the amounts it changed are put back as they were.',
              actions: assign({ change: ({ context }) => ({ kind: 'restore', amounts: context.undo!.amounts }) }),
            },
            'target.open': { target: 'targeting', description: "The target form opens with the category's target (an amount each month when it has none).", actions: 'startTarget' },
            'order.category': {
              guard: 'canOrder',
              target: 'saving',
              description: 'Move up / Move down: the category swaps places with its neighbour in its group (nothing at either end).',
              actions: assign({ change: ({ context, event }) => orderChange(context.data, event) }),
            },
            'order.group': {
              guard: 'canOrder',
              target: 'saving',
              description: 'Move a group up or down among the groups (nothing at either end; categories in no group stay last).',
              actions: assign({ change: ({ context, event }) => orderChange(context.data, event) }),
            },
          },
        },
        targeting: {
          description: 'A category’s target is being set: its kind, and the amount, the month or the share of income it needs.',
          on: {
            'target.change': {
              description: 'Choosing a kind or typing clears the message.',
              actions: assign({
                target: ({ context, event }) => ({
                  ...context.target!,
                  kind: event.kind ?? context.target!.kind,
                  amount: event.amount ?? context.target!.amount,
                  by_month: event.by_month ?? context.target!.by_month,
                  percent: event.percent ?? context.target!.percent,
                  error: null,
                }),
              }),
            },
            'target.submit': [
              { guard: 'targetValid', target: 'saving', description: 'A target the contract accepts is sent ("No target" removes it).', actions: assign({ change: ({ context }) => ({ kind: 'target', target: (readTargetForm(context.target!) as { target: TargetRequest }).target }) }) },
              { description: "Refused by the contract's rule ('Amount is required for this target', 'By month is required…', 'Percent must be…'): the message under the form; nothing is sent.", actions: assign({ target: ({ context }) => ({ ...context.target!, error: (readTargetForm(context.target!) as { error: string }).error }) }) },
            ],
            'target.cancel': { target: 'idle', description: 'The form closes; the target stays as it was.', actions: assign({ target: null }) },
          },
        },
        refreshing: {
          description: 'Reads the month again without a spinner: what is shown stays until the answer replaces it.',
          invoke: {
            src: 'fetchMonth',
            input: ({ context }) => ({ month: context.month }),
            onDone: { target: 'idle', description: 'The month as it is now replaces what was shown.', actions: assign({ data: ({ event }) => event.output }) },
            onError: { target: 'idle', description: 'The read failed: what was shown stays (the next return reads again).' },
          },
        },
        editing: {
          description: 'A category’s assigned amount is being typed; Enter saves, Escape cancels.',
          on: {
            'assigned.change': { description: 'Typing clears the message under the field.', actions: assign({ edit: ({ context, event }) => ({ ...context.edit!, text: event.value, error: null }) }) },
            'assigned.save': [
              { guard: 'editUnchanged', target: 'idle', description: 'The same amount as before: the field closes and nothing is sent.', actions: assign({ edit: null }) },
              {
                guard: 'editValid',
                target: 'saving',
                description: 'A valid amount (blank is 0) is sent.',
                actions: assign({ change: ({ context }) => ({ kind: 'assign', category: context.edit!.category, assigned: (editedAmount(context) as { amount: number }).amount }) }),
              },
              { description: "Refused by the contract's rule: 'Assigned must be 0 or more…' under the field; nothing is sent.", actions: assign({ edit: ({ context }) => ({ ...context.edit!, error: (editedAmount(context) as { error: string }).error }) }) },
            ],
            'assigned.cancel': { target: 'idle', description: 'The field closes; the amount stays as it was.', actions: assign({ edit: null }) },
            'assigned.edit': { target: 'editing', reenter: true, description: 'Editing another category drops what was typed here.', actions: 'startEdit' },
          },
        },
        moving: {
          description: 'Moving available money from one category to another: the target and the amount are chosen.',
          on: {
            'move.change': { description: 'Choosing the target or typing the amount clears the message.', actions: assign({ move: ({ context, event }) => ({ ...context.move!, to: event.to ?? context.move!.to, text: event.value ?? context.move!.text, error: null }) }) },
            'move.submit': [
              {
                guard: 'moveValid',
                target: 'saving',
                description: 'A target and a valid amount are sent.',
                actions: assign({ change: ({ context }) => ({ kind: 'move', from: context.move!.from, to: context.move!.to, amount: (moveAmount(context) as { amount: number }).amount }) }),
              },
              {
                description: "No target, or an amount the contract refuses ('Amount must be greater than 0…'): the message under the form; nothing is sent.",
                actions: assign({ move: ({ context }) => ({ ...context.move!, error: context.move!.to ? ((moveAmount(context) as { error?: string }).error ?? 'Choose another category to move to') : 'Choose a category to move to' }) }),
              },
            ],
            'move.cancel': { target: 'idle', description: 'The form closes; nothing moves.', actions: assign({ move: null }) },
          },
        },
        saving: {
          description: 'The change is being sent; the month stays shown and month changes wait.',
          tags: ['busy'],
          on: {
            'month.previous': { description: 'Waits: the change is sent for the month shown.' },
            'month.next': { description: 'Waits: the change is sent for the month shown.' },
          },
          invoke: {
            src: 'saveChange',
            input: ({ context }) => ({ month: context.month, change: context.change! }),
            onDone: {
              target: 'idle',
              description:
                "The month drawn again replaces what is shown (later months follow); a move, a rollover, a mode switch, a target, a fill or its undo says so in a toast ('Money moved', 'Rollover changed', 'Budget mode changed', 'Target saved', 'Budget filled', 'Fill undone'); a fill of this month keeps what it changed for Undo.",
              actions: [
                assign({
                  undo: ({ context, event }) => (context.change?.kind === 'fill' && context.change.source !== 'next_months' ? { amounts: changedBy(context.data, event.output) } : null),
                }),
                assign({ data: ({ event }) => event.output, edit: null, move: null, target: null, ahead: {} }),
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    kind: 'success',
                    message: {
                      move: BUDGET_MESSAGES.moved,
                      rollover: BUDGET_MESSAGES.rollover,
                      mode: MODE_TOAST,
                      fill: BUDGET_MESSAGES.filled,
                      target: BUDGET_MESSAGES.target,
                      restore: BUDGET_MESSAGES.undone,
                      assign: '',
                      order_categories: '',
                      order_groups: '',
                    }[context.change?.kind ?? 'assign'],
                  }),
                },
                assign({ change: null }),
              ],
            },
            onError: [
              {
                guard: 'wasAssign',
                target: 'editing',
                description: "An assigned amount the server refused: its detail under the field, which keeps what was typed.",
                actions: assign({ edit: ({ context, event }) => ({ ...context.edit!, error: toFailure(event.error, BUDGET_MESSAGES.saveFailed).message }), change: null }),
              },
              {
                guard: 'wasMove',
                target: 'moving',
                description: "A move the server refused (more than is available): its detail under the form.",
                actions: assign({ move: ({ context, event }) => ({ ...context.move!, error: toFailure(event.error, BUDGET_MESSAGES.saveFailed).message }), change: null }),
              },
              {
                guard: 'wasTarget',
                target: 'targeting',
                description: "A target the server refused: its detail under the form.",
                actions: assign({ target: ({ context, event }) => ({ ...context.target!, error: toFailure(event.error, BUDGET_MESSAGES.saveFailed).message }), change: null }),
              },
              {
                target: 'idle',
                description: "A rollover, mode switch, fill, undo or new order that failed: 'Failed to save budget' or the server's detail in a toast; nothing changed.",
                actions: [{ type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, BUDGET_MESSAGES.saveFailed)) }, assign({ change: null })],
              },
            ],
          },
        },
      },
      on: {
        'month.previous': [
          {
            guard: 'heldBefore',
            target: '.refreshing',
            reenter: true,
            description: 'The month before was held: it is shown at once and read again quietly; an edit under way and the Undo of a fill are dropped.',
            actions: assign(({ context }) => ({ month: addMonths(context.month, -1), data: context.ahead[addMonths(context.month, -1)]!, edit: null, move: null, target: null, undo: null, ahead: {} })),
          },
          { target: 'loading', description: 'Reads the month before; an edit under way and the Undo of a fill are dropped.', actions: [assign({ month: ({ context }) => addMonths(context.month, -1), edit: null, move: null, target: null, undo: null, ahead: {} })] },
        ],
        'month.next': [
          {
            guard: 'heldAfter',
            target: '.refreshing',
            reenter: true,
            description: 'The month after was held: it is shown at once and read again quietly; an edit under way and the Undo of a fill are dropped.',
            actions: assign(({ context }) => ({ month: addMonths(context.month, 1), data: context.ahead[addMonths(context.month, 1)]!, edit: null, move: null, target: null, undo: null, ahead: {} })),
          },
          { target: 'loading', description: 'Reads the month after; an edit under way and the Undo of a fill are dropped.', actions: [assign({ month: ({ context }) => addMonths(context.month, 1), edit: null, move: null, target: null, undo: null, ahead: {} })] },
        ],
      },
    },
  },
});

export type BudgetMachine = typeof budgetMachine;
