import { Button, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { formatDateTime } from '../../format/date';
import { formatCount } from '../../format/number';
import { useBalancesHidden } from '../../hooks/useMoney';
import { LoadFailed } from '../LoadFailed';
import { PageTitle } from '../PageTitle';
import { TokensProvider, useTokens, useTokensActor, useTokensMachines, WalletProvider } from './tokensActor';
import { AvailableRewards, EarningsChart, History, Milestones } from './Earnings';
import { Conversion } from './Conversion';
import { finu, MASK, points, Stat, useShownPoints } from './parts';
import { WalletCard } from './WalletCard';

/** /tokens: points, how to earn more, history, the wallet and converting points to FINU ([spec:3-token-balance], [spec:7-wallet-rewards]). */
export default function TokensPage() {
  const { tokens, wallet } = useTokensMachines();
  return (
    <TokensProvider value={tokens}>
      <WalletProvider value={wallet}>
        <Stack gap="lg">
          <PageTitle title="Tokens" description="Earn points for good money habits and convert them to FINU tokens in your wallet." />
          <Overview />
        </Stack>
      </WalletProvider>
    </TokensProvider>
  );
}


function Overview() {
  const actor = useTokensActor();
  const phase = useTokens((s) => (s.matches({ overview: 'loading' }) && !s.context.overview ? 'loading' : s.matches({ overview: 'failed' }) ? 'failed' : 'ready'));
  const error = useTokens((s) => s.context.error?.message ?? null);
  if (phase === 'loading') {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} role="status" aria-busy="true" aria-label="Loading your points">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={96} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (phase === 'failed') return <LoadFailed title="Your points could not be loaded" message={error} onRetry={() => actor.send({ type: 'tokens.reload' })} />;
  return (
    <>
      <BalanceCards />
      <Conversion />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <EarningsChart />
        <Milestones />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <AvailableRewards />
        <WalletCard />
      </SimpleGrid>
      <History />
    </>
  );
}

function BalanceCards() {
  const hidden = useBalancesHidden();
  const shown = useShownPoints();
  const balance = useTokens((s) => s.context.overview!.balance);
  const earnings = useTokens((s) => s.context.overview!.earnings);
  const onchain = useTokens((s) => s.context.onchain);
  const onchainError = useTokens((s) => s.context.onchainError);
  const onchainLoading = useTokens((s) => s.matches({ onchain: 'loading' }));
  const actor = useTokensActor();
  const per = balance.points_per_finu;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
      <Stat label="Points balance" testId="points-balance" value={shown(balance.fin_token_balance)} hint={hidden ? undefined : `≈ ${finu(balance.fin_token_balance, per)} FINU (${per} points = 1 FINU)`} />
      <Stat label="Total earned" value={shown(balance.total_earned)} hint={balance.last_updated ? `Updated ${formatDateTime(balance.last_updated)}` : 'Nothing earned yet'} />
      <Stat label="Earned today" value={shown(earnings?.today ?? 0)} hint={hidden ? undefined : `${points(earnings?.this_week ?? 0)} this week`} />
      <Stat
        label="FINU in your wallet"
        testId="finu-balance"
        value={hidden ? MASK : onchain ? formatCount(Number(onchain.balance), 4) : onchainLoading ? '…' : '—'}
        hint={onchainError ?? (onchain ? `On chain ${onchain.chain_id}` : ' ')}
        hintColor={onchainError ? 'red' : 'dimmed'}
        action={
          <Button size="compact-xs" variant="subtle" onClick={() => actor.send({ type: 'onchain.refresh' })} loading={onchainLoading} aria-label="Refresh FINU balance">
            Refresh
          </Button>
        }
      />
    </SimpleGrid>
  );
}

