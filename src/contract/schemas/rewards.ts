import { z } from 'zod';
import { GAS_PRICE_PATTERN, GAS_SPEEDS, MAX_CONVERSION_POINTS, TOKEN_HISTORY_MAX_LIMIT, TRANSFER_STATUSES } from '../rewards';
import { TOKEN_HISTORY_DEFAULTS } from '../constants';
import { wholeNumber } from '../money';
export * from '../rewards';


/** The `reward` object every awarding response carries; the client's request layer opens the reward dialog with it. */
/** milestone: a first-time award or a milestone (the app opens a dialog); false for small repeated awards (a toast). */
export const reward = z.object({ points: z.number().int(), title: z.string(), message: z.string(), milestone: z.boolean() }).meta({ id: 'Reward' });

/** A response schema plus the optional reward (when the action earned points). */
export const withReward = <T extends z.ZodObject>(schema: T) => schema.extend({ reward: reward.optional() });

const address = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be text`) })
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, `${field} must be an Ethereum address: 0x followed by 40 hexadecimal characters`);

export const activityItem = z.object({
  id: z.string(),
  type: z.enum(['earn', 'spend', 'refund', 'revoke']),
  reason: z.string(),
  points: z.number().int().describe('Positive for earn and refund, negative for spend and revoke (an award taken back: its item was deleted the day it earned it)'),
  balance_after: z.number().int(),
  title: z.string(),
  message: z.string(),
  reference: z.string().nullable(),
  created_at: z.string(),
});

export const tokenBalance = z
  .object({
    fin_token_balance: z.number().int().describe('Points balance'),
    total_earned: z.number().int(),
    total_spent: z.number().int(),
    last_updated: z.string().nullable(),
    recent_activity: z.array(activityItem),
    points_per_finu: z.number().int(),
    min_conversion_points: z.number().int(),
  })
  .meta({ id: 'TokenBalance' });

export const historyQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(TOKEN_HISTORY_MAX_LIMIT, `limit must be at most ${TOKEN_HISTORY_MAX_LIMIT}`)
    .default(TOKEN_HISTORY_DEFAULTS.limit),
  offset: z.coerce.number({ error: 'offset must be a whole number' }).int('offset must be a whole number').min(0, 'offset cannot be negative').max(1_000_000, 'offset is too large').default(TOKEN_HISTORY_DEFAULTS.offset),
});

export const tokenHistory = z.object({ history: z.array(activityItem), total: z.number().int(), limit: z.number().int(), offset: z.number().int(), has_more: z.boolean() });

export const tokenStatistics = z.object({
  balance: z.number().int(),
  total_earned: z.number().int(),
  total_spent: z.number().int(),
  total_converted_points: z.number().int().describe('Points in confirmed transfers'),
  converting_points: z.number().int().describe('Points in transfers not final yet'),
  earn_count: z.number().int(),
  by_reason: z.array(z.object({ reason: z.string(), title: z.string(), points: z.number().int(), count: z.number().int() })),
  earned_by_day: z.array(z.object({ date: z.string(), points: z.number().int() })).describe('Last 30 days, one row per UTC day with points'),
  streak_days: z.number().int(),
});

export const availableReward = z.object({
  id: z.string(),
  title: z.string(),
  how: z.string(),
  points: z.number().int(),
  /** once: one time ever; daily: up to `remaining_today` more today; per_goal: for each goal. */
  kind: z.enum(['once', 'daily', 'per_goal', 'milestone']),
  available: z.boolean(),
  remaining_today: z.number().int().nullable(),
  max_points_per_day: z.number().int().describe('The most this rule can pay in one UTC day'),
});
export const availableRewards = z.object({
  rewards: z.array(availableReward),
  daily_max_points: z.number().int().describe('The most points any day can earn: the rules’ daily caps added up'),
});

export const transactionProgress = z.object({
  transaction_count: z.number().int(),
  next_milestone: z.number().int().nullable(),
  next_milestone_points: z.number().int().nullable(),
  previous_milestone: z.number().int(),
  progress: z.number().describe('0..1 between the previous and the next milestone'),
  milestones: z.array(z.object({ count: z.number().int(), points: z.number().int(), reached: z.boolean() })),
});

export const dailyWeeklyEarnings = z.object({
  today: z.number().int(),
  this_week: z.number().int().describe('Since Monday 00:00 UTC'),
  last_7_days: z.array(z.object({ date: z.string(), points: z.number().int() })),
});

export const onchainBalance = z.object({
  address: z.string(),
  balance: z.string().describe('FINU, decimal'),
  balance_wei: z.string(),
  symbol: z.literal('FINU'),
  decimals: z.literal(18),
  token_address: z.string(),
  chain_id: z.number().int(),
});

export const finuBalanceQuery = z.object({ address: address('address') });

export const walletBalance = onchainBalance.extend({ points_balance: z.number().int(), eth_balance: z.string() });

export const walletInfo = z.object({
  address: z.string(),
  created_at: z.string(),
  chain_id: z.number().int(),
  token_address: z.string().nullable(),
  symbol: z.literal('FINU'),
  custodial: z.literal(true),
});

export const signMessageRequest = z
  .object({
    message: z
      .string({ error: (issue) => (issue.input === undefined ? 'message is required' : 'message must be text') })
      .min(1, 'message is required')
      .max(2000, 'message must be at most 2000 characters'),
  })
  .strict();
export const signMessageResponse = z.object({ address: z.string(), message: z.string(), signature: z.string() });

export const backupRequest = z
  .object({
    password: z
      .string({ error: (issue) => (issue.input === undefined ? 'password is required' : 'password must be text') })
      .min(8, 'password must be at least 8 characters')
      .max(128, 'password must be at most 128 characters'),
    account_password: z.string().max(128, 'account_password must be at most 128 characters').optional().describe('The Finu account password; needed unless this session signed in or confirmed it within 5 minutes'),
  })
  .strict();
export const backupResponse = z.object({ address: z.string(), filename: z.string(), keystore: z.string().describe('Encrypted JSON keystore (Web3 Secret Storage v3)') });

export const convertRequest = z
  .object({
    points: z
      .number({ error: (issue) => (issue.input === undefined ? 'points is required' : 'points must be a whole number') })
      .int('points must be a whole number')
      .positive('points must be greater than 0')
      .max(MAX_CONVERSION_POINTS, `points must be at most ${wholeNumber(MAX_CONVERSION_POINTS)} per conversion`),
    to_address: address('to_address'),
    gas_price_gwei: z
      .union([z.number(), z.string()], { error: 'gas_price_gwei must be a number of gwei, e.g. "1.5"' })
      .refine((v) => GAS_PRICE_PATTERN.test(typeof v === 'number' ? String(v) : v), 'gas_price_gwei must be a decimal number of gwei with at most 9 decimals and no exponent, e.g. "1.5"')
      .describe('A price inside the band around the network’s current fee (a 422 names the band); or leave it out and choose a speed')
      .optional(),
    speed: z.enum(GAS_SPEEDS, { error: 'speed must be slow, normal or fast' }).optional().describe('How fast to send it (normal when neither speed nor gas_price_gwei is given); the server sets the fee'),
  })
  .strict();

export const transfer = z
  .object({
    transfer_id: z.string(),
    status: z.enum(TRANSFER_STATUSES),
    points: z.number().int(),
    amount: z.string().describe('FINU, decimal'),
    amount_wei: z.string(),
    to_address: z.string(),
    chain_id: z.number().int(),
    token_address: z.string().nullable(),
    tx_hash: z.string().nullable(),
    block_number: z.number().int().nullable(),
    error: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'TokenTransfer' });

export const convertResponse = transfer.extend({ points_balance: z.number().int() });

export const transferIdParams = z.object({ id: z.uuid({ error: 'id must be a transfer id (a UUID)' }) });
