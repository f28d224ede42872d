import { assign, fromPromise, setup } from 'xstate';
import { readAmount } from '../src/contract/money';
import { ruleErrors } from '../src/contract/messages';
import {
  SCHEDULE_LIMITS,
  createRecurringRequest,
  presetOf,
  scheduleRule,
  type RecurringItem,
  type RecurringKind,
  type SchedulePreset,
  type WeekendShift,
  type Weekday,
} from '../src/contract/recurring';
import { isRetryable, toFailure, type CallFailure, type Toast } from './types';

export type ScheduleChoice = SchedulePreset['every'] | 'custom';

/** The recurring item form's fields as typed. */
export interface RecurringDraft {
  name: string;
  merchantPattern: string;
  accountId: string;
  category: string;
  kind: RecurringKind;
  /** A variable bill: a range instead of one amount. */
  variable: boolean;
  amount: string;
  amountMin: string;
  amountMax: string;
  schedule: ScheduleChoice;
  day: string;
  weeks: string;
  weekday: Weekday;
  month: string;
  /** An item's own RRULE that no preset writes, kept as it is. */
  rrule: string;
  startDate: string;
  endDate: string;
  weekendShift: WeekendShift;
  autoPost: boolean;
}
export type RecurringField = keyof RecurringDraft;

export interface RecurringBody {
  name: string;
  merchant_pattern: string;
  account_id: string;
  category: string | null;
  kind: RecurringKind;
  amount: number;
  amount_min: number | null;
  amount_max: number | null;
  rrule: string;
  start_date: string;
  end_date: string | null;
  weekend_shift: WeekendShift;
  auto_post: boolean;
}

export interface SaveRecurringInput {
  recurringId: string | null;
  body: RecurringBody;
}

export interface RecurringFormInput {
  /** Editing this item; null adds one. */
  item: RecurringItem | null;
  today: string;
  /** The account a new item starts on (the first one). */
  accountId: string;
}

export interface RecurringFormContext {
  recurringId: string | null;
  draft: RecurringDraft;
  /** Each field's first problem, in the contract's words. */
  errors: Partial<Record<RecurringField | 'form', string>>;
  error: CallFailure | null;
  saved: RecurringItem | null;
}

export type RecurringFormEvent = { type: 'field.change'; field: RecurringField; value: string | boolean } | { type: 'form.submit' } | { type: 'form.retry' } | { type: 'form.cancel' };

export const recurringFormTexts = { created: 'Recurring item added', updated: 'Recurring item saved', failed: 'Failed to save the recurring item' } as const;

const LABELS = { merchant_pattern: 'Merchant pattern', account_id: 'Account', amount_min: 'Lowest amount', amount_max: 'Highest amount', start_date: 'Start date', end_date: 'End date', rrule: 'Schedule' };
const FIELD_OF: Record<string, RecurringField> = {
  name: 'name',
  merchant_pattern: 'merchantPattern',
  account_id: 'accountId',
  category: 'category',
  kind: 'kind',
  amount: 'amount',
  amount_min: 'amountMin',
  amount_max: 'amountMax',
  rrule: 'schedule',
  start_date: 'startDate',
  end_date: 'endDate',
  weekend_shift: 'weekendShift',
  auto_post: 'autoPost',
};

/** A whole number typed in a field, within limits, or the field's message. */
function wholeIn(text: string, limits: { min: number; max: number }, label: string): number | string {
  const n = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(n)) return `${label} must be a whole number`;
  if (n < limits.min || n > limits.max) return `${label} must be from ${limits.min} to ${limits.max}`;
  return n;
}

/** The schedule as a preset, or the field's problem. */
function presetOfDraft(draft: RecurringDraft): { preset: SchedulePreset | null; errors: RecurringFormContext['errors'] } {
  const errors: RecurringFormContext['errors'] = {};
  const day = () => wholeIn(draft.day, SCHEDULE_LIMITS.day, 'Day');
  switch (draft.schedule) {
    case 'custom':
      return { preset: null, errors };
    case 'month_last_day':
    case 'weekdays':
      return { preset: { every: draft.schedule }, errors };
    case 'month_on_day': {
      const d = day();
      if (typeof d === 'string') return { preset: null, errors: { day: d } };
      return { preset: { every: 'month_on_day', day: d }, errors };
    }
    case 'weeks': {
      const w = wholeIn(draft.weeks, SCHEDULE_LIMITS.weeks, 'Weeks');
      if (typeof w === 'string') return { preset: null, errors: { weeks: w } };
      return { preset: { every: 'weeks', weeks: w, weekday: draft.weekday }, errors };
    }
    case 'year_on': {
      const m = wholeIn(draft.month, SCHEDULE_LIMITS.month, 'Month');
      const d = day();
      if (typeof m === 'string') errors.month = m;
      if (typeof d === 'string') errors.day = d;
      return typeof m === 'string' || typeof d === 'string' ? { preset: null, errors } : { preset: { every: 'year_on', month: m, day: d }, errors };
    }
  }
}

/** A typed amount: the number, NaN for text that is not one, 0 for an empty field (the rule then says it is required). */
const amountOf = (text: string) => readAmount(text) ?? 0;

/** The draft as the request body, and each field's problem under the contract's rule (the server's). */
export function checkRecurring(draft: RecurringDraft): { body: RecurringBody; errors: RecurringFormContext['errors'] } {
  const schedule = presetOfDraft(draft);
  const min = draft.variable ? amountOf(draft.amountMin) : null;
  const max = draft.variable ? amountOf(draft.amountMax) : null;
  const body: RecurringBody = {
    name: draft.name,
    merchant_pattern: draft.merchantPattern,
    account_id: draft.accountId,
    category: draft.category.trim() || null,
    kind: draft.kind,
    // A variable bill is planned at the most it can be, so the forecast never runs short.
    amount: draft.variable ? (max as number) : amountOf(draft.amount),
    amount_min: min,
    amount_max: max,
    rrule: schedule.preset ? scheduleRule(schedule.preset) : draft.rrule,
    start_date: draft.startDate,
    end_date: draft.endDate || null,
    weekend_shift: draft.weekendShift,
    auto_post: draft.autoPost,
  };
  const errors: RecurringFormContext['errors'] = {};
  for (const [field, message] of Object.entries(ruleErrors(createRecurringRequest, body, LABELS))) {
    const key = FIELD_OF[field] ?? 'form';
    // The amount of a variable bill is its highest: its message belongs there.
    if (draft.variable && key === 'amount') continue;
    // A schedule whose numbers are wrong says so under those numbers.
    if (key === 'schedule' && Object.keys(schedule.errors).length > 0) continue;
    errors[key] ??= message;
  }
  if (!draft.variable && Number.isNaN(readAmount(draft.amount))) errors.amount = 'Amount must be a number';
  if (draft.variable && Number.isNaN(readAmount(draft.amountMin))) errors.amountMin = 'Lowest amount must be a number';
  if (draft.variable && Number.isNaN(readAmount(draft.amountMax))) errors.amountMax = 'Highest amount must be a number';
  // "amount_min must not be more than amount_max" is the whole body's rule: show it under the range.
  if (errors.form?.startsWith('Amount min')) {
    errors.amountMax = 'The highest amount must not be less than the lowest';
    delete errors.form;
  }
  if (errors.form?.startsWith('End date')) {
    errors.endDate = 'The end date must not be before the start date';
    delete errors.form;
  }
  Object.assign(errors, schedule.errors);
  return { body, errors };
}

export function draftOf(item: RecurringItem | null, today: string, accountId: string): RecurringDraft {
  const base: RecurringDraft = {
    name: '',
    merchantPattern: '',
    accountId,
    category: '',
    kind: 'bill',
    variable: false,
    amount: '',
    amountMin: '',
    amountMax: '',
    schedule: 'month_on_day',
    day: String(Number(today.slice(8, 10))),
    weeks: '2',
    weekday: 'FR',
    month: String(Number(today.slice(5, 7))),
    rrule: '',
    startDate: today,
    endDate: '',
    weekendShift: 'none',
    autoPost: false,
  };
  if (!item) return base;
  const preset = presetOf(item.rrule);
  const variable = item.amount_min !== null && item.amount_max !== null;
  return {
    ...base,
    name: item.name,
    merchantPattern: item.merchant_pattern,
    accountId: item.account_id,
    category: item.category ?? '',
    kind: item.kind,
    variable,
    amount: String(item.amount),
    amountMin: variable ? String(item.amount_min) : '',
    amountMax: variable ? String(item.amount_max) : '',
    schedule: preset?.every ?? 'custom',
    day: preset && 'day' in preset ? String(preset.day) : base.day,
    weeks: preset?.every === 'weeks' ? String(preset.weeks) : base.weeks,
    weekday: preset?.every === 'weeks' ? preset.weekday : base.weekday,
    month: preset?.every === 'year_on' ? String(preset.month) : base.month,
    rrule: item.rrule,
    startDate: item.start_date,
    endDate: item.end_date ?? '',
    weekendShift: item.weekend_shift,
    autoPost: item.auto_post,
  };
}

const changed = ({ context, event }: { context: RecurringFormContext; event: Extract<RecurringFormEvent, { type: 'field.change' }> }) => {
  const draft = { ...context.draft, [event.field]: event.value } as RecurringDraft;
  const { [event.field]: _cleared, ...errors } = context.errors;
  return { draft, errors };
};

/**
 * Adding or editing one recurring item (a bill, subscription, income or transfer): the fields are
 * typed, each is checked by the contract's rule (the server's) on submit, the item is saved and the
 * form closes with it, or shows the server's detail with the draft kept, from where the user
 * corrects a field, retries or cancels.
 */
export const recurringFormMachine = setup({
  types: {
    context: {} as RecurringFormContext,
    events: {} as RecurringFormEvent,
    input: {} as RecurringFormInput,
    output: {} as RecurringItem | null,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /recurring, or PATCH /recurring/{id}. */
    saveItem: fromPromise<RecurringItem, SaveRecurringInput>(async () => {
      throw new Error('saveItem not provided');
    }),
  },
  actions: {
    notify: (_, _toast: Toast) => {},
  },
  guards: {
    valid: ({ context }) => Object.keys(checkRecurring(context.draft).errors).length === 0,
    retryable: ({ context }) => isRetryable(context.error),
  },
}).createMachine({
  id: 'recurringForm',
  description: 'Adding or editing one recurring item: name, merchant pattern, account, category, amount or range, kind, schedule, weekend shift, end date, auto-post.',
  context: ({ input }) => ({ recurringId: input.item?.recurring_id ?? null, draft: draftOf(input.item, input.today, input.accountId), errors: {}, error: null, saved: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The user fills the fields; the schedule shows the numbers its choice needs (a day, a number of weeks and a weekday, a month and a day).',
      on: {
        'field.change': { description: "Typing in a field clears that field's message.", actions: assign(changed) },
        'form.submit': [
          { guard: 'valid', target: 'saving', description: 'Every field passes the contract’s rule: the item is sent.' },
          { description: "Refused by the contract's rule: each field shows its first problem ('Name is required', 'Day must be from 1 to 31'); nothing is sent.", actions: assign({ errors: ({ context }) => checkRecurring(context.draft).errors }) },
        ],
        'form.cancel': { target: 'cancelled', description: 'Closes without saving.' },
      },
    },
    saving: {
      description: 'Sends the item.',
      tags: ['busy'],
      invoke: {
        src: 'saveItem',
        input: ({ context }) => ({ recurringId: context.recurringId, body: checkRecurring(context.draft).body }),
        onDone: {
          target: 'saved',
          description: "Saved: a toast says 'Recurring item added' or 'Recurring item saved'.",
          actions: [assign({ saved: ({ event }) => event.output, error: null }), { type: 'notify', params: ({ context }) => ({ kind: 'success', message: context.recurringId ? recurringFormTexts.updated : recurringFormTexts.created }) }],
        },
        onError: { target: 'failed', description: "Refused or failed: the server's detail, or 'Failed to save the recurring item'; the draft stays.", actions: assign({ error: ({ event }) => toFailure(event.error, recurringFormTexts.failed) }) },
      },
    },
    failed: {
      description: "The server's detail is shown above the form with every field as typed. Correcting a field goes back to editing; Retry is offered only when sending again can help.",
      on: {
        'field.change': { target: 'editing', description: 'Correcting a field clears the failure.', actions: assign(({ context, event }) => ({ ...changed({ context, event }), error: null })) },
        'form.retry': { guard: 'retryable', target: 'saving', description: 'Sends the same item again (network or server failure only).' },
        'form.submit': { target: 'saving', description: 'Submitting again sends the same item.' },
        'form.cancel': { target: 'cancelled', description: 'Closes without saving.' },
      },
    },
    saved: { description: 'Done: the saved item is the output.', type: 'final' },
    cancelled: { description: 'Closed without saving.', type: 'final' },
  },
  output: ({ context }) => context.saved,
});
