import * as z from 'zod/mini';
import { TOKEN_HISTORY_DEFAULTS } from './constants';
import { wholeNumber } from './money';

/**
 * Points, the custodial wallet and FINU ([spec:3-token-balance], [spec:7-wallet-rewards]).
 * Points are whole numbers; FINU amounts are decimal strings (18 decimals) so no precision is lost.
 * Rate, minimum and award rules: docs/decisions.md, "Rewards".
 */

/** 100 points = 1 FINU; conversions are whole points, at least 100, at most 1,000,000 at a time. */
export const POINTS_PER_FINU = 100;
export const MIN_CONVERSION_POINTS = 100;
export const MAX_CONVERSION_POINTS = 1_000_000;
export const TOKEN_HISTORY_MAX_LIMIT = 200;
/** How fast a conversion should be mined; the server turns it into a fee from the node's current one. */
export const GAS_SPEEDS = ['slow', 'normal', 'fast'] as const;
export type GasSpeed = (typeof GAS_SPEEDS)[number];
/** A gas price in gwei as the API takes it: a plain decimal with at most 9 decimals (1 wei), no exponent. */
export const GAS_PRICE_PATTERN = /^(0|[1-9]\d{0,6})(\.\d{1,9})?$/;

export const rewardMessages = {
  fetchBalance: 'Failed to fetch token balance',
  fetchHistory: 'Failed to fetch token history',
  fetchStatistics: 'Failed to fetch token statistics',
  fetchRewards: 'Failed to fetch available rewards',
  fetchMilestones: 'Failed to fetch milestone progress',
  fetchEarnings: 'Failed to fetch earnings',
  fetchOnchain: 'Failed to fetch on-chain balance',
  fetchWallet: 'Failed to fetch wallet',
  convert: 'Failed to convert points',
  fetchTransfer: 'Failed to fetch transfer',
  signMessage: 'Failed to sign message',
  backup: 'Failed to create wallet backup',
} as const;

export const TRANSFER_STATUSES = ['pending', 'submitted', 'confirmed', 'failed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const isFinal = (status: TransferStatus) => status === 'confirmed' || status === 'failed';

/** The `reward` object every awarding response carries; the client's request layer opens the reward dialog with it. */
/** milestone: a first-time award or a milestone (the app opens a dialog); false for small repeated awards (a toast). */
export const reward = z.object({ points: z.number().check(z.int()), title: z.string(), message: z.string(), milestone: z.boolean() }).register(z.globalRegistry, { id: 'Reward' });

/** A response schema plus the optional reward (when the action earned points). */
export const withReward = <T extends z.ZodMiniObject>(schema: T) => z.extend(schema, { reward: z.optional(reward) });

const address = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be text`) })
    .check(z.trim(), z.regex(/^0x[0-9a-fA-F]{40}$/, `${field} must be an Ethereum address: 0x followed by 40 hexadecimal characters`));

export const activityItem = z.object({
  id: z.string(),
  type: z.enum(['earn', 'spend', 'refund', 'revoke']),
  reason: z.string(),
  points: z.number().check(z.int()).register(z.globalRegistry, { description: 'Positive for earn and refund, negative for spend and revoke (an award taken back: its item was deleted the day it earned it)' }),
  balance_after: z.number().check(z.int()),
  title: z.string(),
  message: z.string(),
  reference: z.nullable(z.string()),
  created_at: z.string(),
});

export const tokenBalance = z
  .object({
    fin_token_balance: z.number().check(z.int()).register(z.globalRegistry, { description: 'Points balance' }),
    total_earned: z.number().check(z.int()),
    total_spent: z.number().check(z.int()),
    last_updated: z.nullable(z.string()),
    recent_activity: z.array(activityItem),
    points_per_finu: z.number().check(z.int()),
    min_conversion_points: z.number().check(z.int()),
  })
  .register(z.globalRegistry, { id: 'TokenBalance' });

export const historyQuery = z.object({
  limit: z._default(z.coerce
    .number({ error: 'limit must be a whole number' })
    .check(z.int('limit must be a whole number'), z.gte(1, 'limit must be at least 1'), z.lte(TOKEN_HISTORY_MAX_LIMIT, `limit must be at most ${TOKEN_HISTORY_MAX_LIMIT}`)), TOKEN_HISTORY_DEFAULTS.limit),
  offset: z._default(z.coerce.number({ error: 'offset must be a whole number' }).check(z.int('offset must be a whole number'), z.gte(0, 'offset cannot be negative'), z.lte(1_000_000, 'offset is too large')), TOKEN_HISTORY_DEFAULTS.offset),
});

export const tokenHistory = z.object({ history: z.array(activityItem), total: z.number().check(z.int()), limit: z.number().check(z.int()), offset: z.number().check(z.int()), has_more: z.boolean() });

export const tokenStatistics = z.object({
  balance: z.number().check(z.int()),
  total_earned: z.number().check(z.int()),
  total_spent: z.number().check(z.int()),
  total_converted_points: z.number().check(z.int()).register(z.globalRegistry, { description: 'Points in confirmed transfers' }),
  converting_points: z.number().check(z.int()).register(z.globalRegistry, { description: 'Points in transfers not final yet' }),
  earn_count: z.number().check(z.int()),
  by_reason: z.array(z.object({ reason: z.string(), title: z.string(), points: z.number().check(z.int()), count: z.number().check(z.int()) })),
  earned_by_day: z.array(z.object({ date: z.string(), points: z.number().check(z.int()) })).register(z.globalRegistry, { description: 'Last 30 days, one row per UTC day with points' }),
  streak_days: z.number().check(z.int()),
});

export const availableReward = z.object({
  id: z.string(),
  title: z.string(),
  how: z.string(),
  points: z.number().check(z.int()),
  /** once: one time ever; daily: up to `remaining_today` more today; per_goal: once for each goal (or budget month). */
  kind: z.enum(['once', 'daily', 'per_goal', 'milestone']),
  available: z.boolean(),
  remaining_today: z.nullable(z.number().check(z.int())),
  max_points_per_day: z.number().check(z.int()).register(z.globalRegistry, { description: 'The most this rule can pay in one UTC day' }),
});
export const availableRewards = z.object({
  rewards: z.array(availableReward),
  daily_max_points: z.number().check(z.int()).register(z.globalRegistry, { description: 'The most points any day can earn: the rules’ daily caps added up' }),
});

export const transactionProgress = z.object({
  transaction_count: z.number().check(z.int()),
  next_milestone: z.nullable(z.number().check(z.int())),
  next_milestone_points: z.nullable(z.number().check(z.int())),
  previous_milestone: z.number().check(z.int()),
  progress: z.number().register(z.globalRegistry, { description: '0..1 between the previous and the next milestone' }),
  milestones: z.array(z.object({ count: z.number().check(z.int()), points: z.number().check(z.int()), reached: z.boolean() })),
});

export const dailyWeeklyEarnings = z.object({
  today: z.number().check(z.int()),
  this_week: z.number().check(z.int()).register(z.globalRegistry, { description: 'Since Monday 00:00 UTC' }),
  last_7_days: z.array(z.object({ date: z.string(), points: z.number().check(z.int()) })),
});

export const onchainBalance = z.object({
  address: z.string(),
  balance: z.string().register(z.globalRegistry, { description: 'FINU, decimal' }),
  balance_wei: z.string(),
  symbol: z.literal('FINU'),
  decimals: z.literal(18),
  token_address: z.string(),
  chain_id: z.number().check(z.int()),
});

export const finuBalanceQuery = z.object({ address: address('address') });

export const walletBalance = z.extend(onchainBalance, { points_balance: z.number().check(z.int()), eth_balance: z.string() });

export const walletInfo = z.object({
  address: z.string(),
  created_at: z.string(),
  chain_id: z.number().check(z.int()),
  token_address: z.nullable(z.string()),
  symbol: z.literal('FINU'),
  custodial: z.literal(true),
});

export const signMessageRequest = z.strictObject({
    message: z
      .string({ error: (issue) => (issue.input === undefined ? 'message is required' : 'message must be text') })
      .check(z.minLength(1, 'message is required'), z.maxLength(2000, 'message must be at most 2000 characters')),
  });
export const signMessageResponse = z.object({ address: z.string(), message: z.string(), signature: z.string() });

export const backupRequest = z.strictObject({
    password: z
      .string({ error: (issue) => (issue.input === undefined ? 'password is required' : 'password must be text') })
      .check(z.minLength(8, 'password must be at least 8 characters'), z.maxLength(128, 'password must be at most 128 characters')),
    account_password: z.optional(z.string().check(z.maxLength(128, 'account_password must be at most 128 characters'))).register(z.globalRegistry, { description: 'The Finu account password; needed unless this session signed in or confirmed it within 5 minutes' }),
  });
export const backupResponse = z.object({ address: z.string(), filename: z.string(), keystore: z.string().register(z.globalRegistry, { description: 'Encrypted JSON keystore (Web3 Secret Storage v3)' }) });

export const convertRequest = z.strictObject({
    points: z
      .number({ error: (issue) => (issue.input === undefined ? 'points is required' : 'points must be a whole number') })
      .check(z.int('points must be a whole number'), z.positive('points must be greater than 0'), z.lte(MAX_CONVERSION_POINTS, `points must be at most ${wholeNumber(MAX_CONVERSION_POINTS)} per conversion`)),
    to_address: address('to_address'),
    gas_price_gwei: z.optional(z
      .union([z.number(), z.string()], { error: 'gas_price_gwei must be a number of gwei, e.g. "1.5"' })
      .check(z.refine((v) => GAS_PRICE_PATTERN.test(typeof v === 'number' ? String(v) : v), 'gas_price_gwei must be a decimal number of gwei with at most 9 decimals and no exponent, e.g. "1.5"'))
      .register(z.globalRegistry, { description: 'A price inside the band around the network’s current fee (a 422 names the band); or leave it out and choose a speed' })),
    speed: z.optional(z.enum(GAS_SPEEDS, { error: 'speed must be slow, normal or fast' })).register(z.globalRegistry, { description: 'How fast to send it (normal when neither speed nor gas_price_gwei is given); the server sets the fee' }),
  });

export const transfer = z
  .object({
    transfer_id: z.string(),
    status: z.enum(TRANSFER_STATUSES),
    points: z.number().check(z.int()),
    amount: z.string().register(z.globalRegistry, { description: 'FINU, decimal' }),
    amount_wei: z.string(),
    to_address: z.string(),
    chain_id: z.number().check(z.int()),
    token_address: z.nullable(z.string()),
    tx_hash: z.nullable(z.string()),
    block_number: z.nullable(z.number().check(z.int())),
    error: z.nullable(z.string()),
    created_at: z.string(),
    finished_at: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'TokenTransfer' });

export const convertResponse = z.extend(transfer, { points_balance: z.number().check(z.int()) });

export const transferIdParams = z.object({ id: z.uuid({ error: 'id must be a transfer id (a UUID)' }) });

export type Reward = z.infer<typeof reward>;
export type ActivityItem = z.infer<typeof activityItem>;
export type TokenBalance = z.infer<typeof tokenBalance>;
export type TokenHistory = z.infer<typeof tokenHistory>;
export type TokenStatistics = z.infer<typeof tokenStatistics>;
export type AvailableRewards = z.infer<typeof availableRewards>;
export type TransactionProgress = z.infer<typeof transactionProgress>;
export type DailyWeeklyEarnings = z.infer<typeof dailyWeeklyEarnings>;
export type OnchainBalance = z.infer<typeof onchainBalance>;
export type WalletBalance = z.infer<typeof walletBalance>;
export type WalletInfo = z.infer<typeof walletInfo>;
export type SignMessageResponse = z.infer<typeof signMessageResponse>;
export type BackupResponse = z.infer<typeof backupResponse>;
export type ConvertRequest = z.input<typeof convertRequest>;
export type Transfer = z.infer<typeof transfer>;
export type ConvertResponse = z.infer<typeof convertResponse>;
