import {
  rewardMessages,
  type AvailableRewards,
  type BackupResponse,
  type ConvertRequest,
  type ConvertResponse,
  type DailyWeeklyEarnings,
  type OnchainBalance,
  type SignMessageResponse,
  type TokenBalance,
  type TokenHistory,
  type TokenStatistics,
  type TransactionProgress,
  type Transfer,
  type WalletBalance,
  type WalletInfo,
} from '../../contract/rewards';
import { TOKEN_HISTORY_DEFAULTS } from '../../contract/constants';
import { ApiError, type ApiCall } from './client';

/** The wallet and rewards calls ([spec:7-wallet-rewards]). */
export function tokensApi(call: ApiCall) {
  return {
    /** GET /tokens/balance, falling back to /tokens/balance/fast when it fails for a reason other than the session ([spec:7-wallet-rewards]). */
    async balance(signal?: AbortSignal): Promise<TokenBalance> {
      try {
        return await call<TokenBalance>('/tokens/balance', { defaultMessage: rewardMessages.fetchBalance, signal });
      } catch (error) {
        if (signal?.aborted || (error instanceof ApiError && (error.status === 401 || error.status === 403))) throw error;
        return call<TokenBalance>('/tokens/balance/fast', { defaultMessage: rewardMessages.fetchBalance, signal });
      }
    },
    history: (query: { limit?: number; offset?: number } = {}, signal?: AbortSignal) =>
      call<TokenHistory>('/tokens/history', { query: { limit: query.limit ?? TOKEN_HISTORY_DEFAULTS.limit, offset: query.offset ?? TOKEN_HISTORY_DEFAULTS.offset }, defaultMessage: rewardMessages.fetchHistory, signal }),
    statistics: (signal?: AbortSignal) => call<TokenStatistics>('/tokens/statistics', { defaultMessage: rewardMessages.fetchStatistics, signal }),
    availableRewards: (signal?: AbortSignal) => call<AvailableRewards>('/tokens/rewards/available', { defaultMessage: rewardMessages.fetchRewards, signal }),
    transactionProgress: (signal?: AbortSignal) => call<TransactionProgress>('/tokens/milestones/transaction-progress', { defaultMessage: rewardMessages.fetchMilestones, signal }),
    earnings: (signal?: AbortSignal) => call<DailyWeeklyEarnings>('/tokens/earnings/daily-weekly', { defaultMessage: rewardMessages.fetchEarnings, signal }),
    onchainBalance: (signal?: AbortSignal) => call<OnchainBalance>('/tokens/onchain-balance', { defaultMessage: rewardMessages.fetchOnchain, signal }),
    finuBalance: (address: string, signal?: AbortSignal) => call<OnchainBalance>('/api/rewards/finu-balance', { query: { address }, defaultMessage: rewardMessages.fetchOnchain, signal }),
    walletInfo: (signal?: AbortSignal) => call<WalletInfo>('/api/wallet/info', { defaultMessage: rewardMessages.fetchWallet, signal }),
    walletBalance: (signal?: AbortSignal) => call<WalletBalance>('/api/wallet/balance', { defaultMessage: rewardMessages.fetchWallet, signal }),
    signMessage: (message: string) => call<SignMessageResponse>('/api/wallet/sign-message', { method: 'POST', body: { message }, defaultMessage: rewardMessages.signMessage }),
    backup: (password: string) => call<BackupResponse>('/api/wallet/backup', { method: 'POST', body: { password }, defaultMessage: rewardMessages.backup }),
    convert: (body: ConvertRequest) => call<ConvertResponse>('/api/rewards/convert-points-to-finu', { method: 'POST', body, defaultMessage: rewardMessages.convert }),
    transfer: (id: string, signal?: AbortSignal) => call<Transfer>(`/api/rewards/transfer/${encodeURIComponent(id)}`, { defaultMessage: rewardMessages.fetchTransfer, signal }),
  };
}
