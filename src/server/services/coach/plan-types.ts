import type { Payee } from './payees';
import type { Period } from './period';

/**
 * The shapes of an understood question: a plan of parts, each a measure of some subjects over a period.
 */

export type Measure =
  | 'total'
  | 'count'
  | 'average'
  | 'usual'
  | 'largest'
  | 'smallest'
  | 'share'
  | 'balance'
  /** Per visit: the total over the number of transactions. */
  | 'per_visit'
  /** Per week of the period. */
  | 'per_week'
  | 'median'
  /** The month of the period with the most. */
  | 'top_month'
  /** Spending less what came back from the same payees (refunds, reimbursements). */
  | 'net'
  /** Income less all spending of the period ("what was left of my pay"). */
  | 'left'
  /** The merchants behind a figure ("why?"). */
  | 'breakdown'
  /** How often a payment comes ("how often do I pay the water bill?"). */
  | 'interval';
export type Flow = 'expense' | 'income';

export type Subject =
  | { kind: 'category'; name: string; flow: Flow; via?: string }
  | { kind: 'merchant'; name: string }
  /** One merchant under all its bank spellings, or every merchant of some kinds ("coffee"). */
  | { kind: 'group'; name: string; by: 'name' | 'kind'; flow: Flow; merchants: string[]; descriptions: string[]; names: string[]; category?: string }
  /** Words of descriptions, merchants and notes, as the transactions list's search reads them. */
  | { kind: 'words'; phrase: string; tsquery: string };

export interface PlanPart {
  measure: Measure;
  flow: Flow;
  /** Empty: everything of that flow. */
  subjects: Subject[];
  /** One period, or two to compare. Empty: the measure's default. */
  periods: Period[];
  /** The chat's previous question's period, when this part refers back to it ("is that usual?"). */
  referencePeriod?: Period;
  /** What is left out ("not counting rent"). */
  exclude?: Subject[];
  /** Only weekends or only weekdays. */
  days?: 'weekend' | 'weekday';
  /** The subject was inherited from the conversation's frame. */
  inherited?: boolean;
  /** Net measures: the money back the question names ("after the reimbursement"), else refunds from the same payees. */
  back?: Subject[];
  /** Net measures: which money back the question's words mean, when no payee of its own is named. */
  backWords?: 'refund' | 'reimburse';
}

export interface Plan {
  parts: PlanPart[];
  /** What was corrected or assumed, said before the answer. */
  notes: string[];
  /** Words that look like a subject but match nothing the user has. */
  unknown: string[];
  /** Whether the question asks for figures the plan can compute. */
  isQuery: boolean;
  /** Whether it names a measure, a direction (spent, earned) or a period, not only a subject. */
  explicit: boolean;
  /** The question's own words ask for a figure (a measure, flow or subject, and a measure, flow or period), not only a frame inherited from the answer before. */
  explicitOwn: boolean;
}

export interface Vocabulary {
  /** Category names with the flow they are used for. */
  categories: { name: string; flow: Flow }[];
  merchants: string[];
  /** Words and two-word phrases of the latest descriptions and notes. */
  texts: Set<string>;
  /** Merchants and merchant-less descriptions read as clean names and kinds. */
  payees?: Payee[];
  /** The day of the latest pay received, for "since payday". */
  lastPayday?: string | null;
}

/** A period as a result row carries it. */
export type PeriodOut = Pick<Period, 'start' | 'end' | 'label' | 'phrase'>;

export interface PartResult {
  measure: PlanPart['measure'];
  flow: Flow;
  /** One row per subject (or one for everything) and period. */
  rows: {
    subject: string | null;
    subject_kind: Subject['kind'] | 'all';
    period: PeriodOut;
    total: number;
    count: number;
    /** average: per month; usual: the usual month; share: percent of all of the flow. */
    value?: number;
    all?: number;
    months?: number;
    transaction?: { amount: number; date: string; description: string; merchant: string | null; category: string } | null;
    matched_merchants?: string[];
    matched_categories?: string[];
    /** The whole category the matching transactions belong to, when the words name only part of it. */
    whole_category?: { name: string; total: number };
    /** A kind of merchant whose rows are the whole of this category in the period (same total, same count). */
    same_as_category?: string;
    /** per_week: the weeks of the period. */
    weeks?: number;
    /** net: what came back from the same payees (refunds, reimbursements). */
    back?: number;
    /** What the words took off, when they named it ("the repairs", "Aetna"). */
    back_label?: string;
    /** top_month: every month's figure, and the month with the most. */
    months_list?: { month: string; label: string; total: number; count: number }[];
    top?: { month: string; label: string; total: number; count: number } | null;
    /** left: everything spent in the period. */
    spending?: number;
    /** breakdown: the merchants (or categories) behind the figure. */
    parts?: { name: string; total: number; count: number }[];
    /** The transactions list filtered to exactly the rows behind `total`, when its filters can say them. */
    link?: string;
    /** The clean merchant names a group matched. */
    names?: string[];
    /** interval: the latest day. */
    last_day?: string | null;
    /** Income with the refunds and reimbursements left out: everything that came in, them included. */
    with_refunds?: number;
  }[];
  /** Several subjects together, per period. */
  combined?: { period: PeriodOut; total: number; count: number }[];
  /** Second period minus first, per subject. */
  differences?: { subject: string | null; difference: number }[];
  /** The reference figure of a follow-up ("is that usual?"): the previous question's period. */
  reference?: { subject: string | null; period: PeriodOut; total: number }[];
  /** The period was not named and nothing was found this month, so all the data was read. */
  widened?: boolean;
  /** What was left out ("rent", "refunds and reimbursements"). */
  excluded?: string[];
  balance?: { balance: number; as_of: string };
  /** For one subject and period: its share of everything of that flow, and its usual month. */
  context?: { all: number; share: number; usual_per_month: number; usual_period: PeriodOut };
}
