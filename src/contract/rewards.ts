import type { z } from 'zod';
import type { activityItem, availableRewards, backupResponse, convertRequest, convertResponse, dailyWeeklyEarnings, onchainBalance, reward, signMessageResponse, tokenBalance, tokenHistory, tokenStatistics, transactionProgress, transfer, walletBalance, walletInfo } from './schemas/rewards';

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
export const MAX_GAS_PRICE_GWEI = 10_000;
export type Reward = z.infer<typeof reward>;

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

export const TRANSFER_STATUSES = ['pending', 'submitted', 'confirmed', 'failed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export type Transfer = z.infer<typeof transfer>;
export type ConvertResponse = z.infer<typeof convertResponse>;

export const isFinal = (status: TransferStatus) => status === 'confirmed' || status === 'failed';
