import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Alert, Anchor, Badge, Button, Card, CopyButton, Group, Loader, PasswordInput, Progress, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { tokensTexts } from '../../../../machines/tokens';
import { walletTexts } from '../../../../machines/wallet';
import { useUi } from '../../app/context';
import { PageTitle } from '../PageTitle';
import { TokensActorContext, useTokens, useTokensActor, useTokensMachines, useWallet, useWalletActor } from './tokensActor';

const MASK = '••••';
const points = (n: number) => n.toLocaleString('en-US');
const finu = (n: number, perFinu: number) => (n / perFinu).toLocaleString('en-US', { maximumFractionDigits: 2 });
const short = (hex: string) => `${hex.slice(0, 8)}…${hex.slice(-6)}`;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function useHidden() {
  return useUi((s) => !s.context.showBalances);
}

/** /tokens: points, how to earn more, history, the wallet and converting points to FINU (spec §2, §3, §7). */
export default function TokensPage() {
  const actors = useTokensMachines();
  return (
    <TokensActorContext.Provider value={actors}>
      <Stack gap="lg">
        <PageTitle title="Tokens" description="Earn points for good money habits and convert them to FINU tokens in your wallet." />
        <Overview />
      </Stack>
    </TokensActorContext.Provider>
  );
}

function Overview() {
  const actor = useTokensActor();
  const phase = useTokens((s) => (s.matches({ overview: 'loading' }) && !s.context.overview ? 'loading' : s.matches({ overview: 'failed' }) ? 'failed' : 'ready'));
  const error = useTokens((s) => s.context.error?.message ?? null);
  if (phase === 'loading') {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} aria-busy="true" aria-label="Loading your points">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={96} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (phase === 'failed') {
    return (
      <Alert color="red" variant="light" title="Your points could not be loaded" role="alert">
        <Stack gap="sm" align="flex-start">
          {error}
          <Button variant="light" color="red" onClick={() => actor.send({ type: 'tokens.reload' })}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }
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

function Stat({ label, value, hint, testId }: { label: string; value: string; hint?: React.ReactNode; testId?: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={26} data-testid={testId}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

function BalanceCards() {
  const hidden = useHidden();
  const balance = useTokens((s) => s.context.overview!.balance);
  const earnings = useTokens((s) => s.context.overview!.earnings);
  const onchain = useTokens((s) => s.context.onchain);
  const onchainError = useTokens((s) => s.context.onchainError);
  const onchainLoading = useTokens((s) => s.matches({ onchain: 'loading' }));
  const actor = useTokensActor();
  const per = balance.points_per_finu;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
      <Stat label="Points balance" testId="points-balance" value={hidden ? MASK : points(balance.fin_token_balance)} hint={hidden ? undefined : `≈ ${finu(balance.fin_token_balance, per)} FINU (${per} points = 1 FINU)`} />
      <Stat label="Total earned" value={hidden ? MASK : points(balance.total_earned)} hint={balance.last_updated ? `Updated ${when(balance.last_updated)}` : 'Nothing earned yet'} />
      <Stat label="Earned today" value={hidden ? MASK : points(earnings?.today ?? 0)} hint={hidden ? undefined : `${points(earnings?.this_week ?? 0)} this week`} />
      <Card withBorder padding="md" radius="md">
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            FINU in your wallet
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => actor.send({ type: 'onchain.refresh' })} loading={onchainLoading} aria-label="Refresh FINU balance">
            Refresh
          </Button>
        </Group>
        <Text fw={700} fz={26} data-testid="finu-balance">
          {hidden ? MASK : onchain ? Number(onchain.balance).toLocaleString('en-US', { maximumFractionDigits: 4 }) : onchainLoading ? '…' : '—'}
        </Text>
        <Text size="xs" c={onchainError ? 'red' : 'dimmed'}>
          {onchainError ?? (onchain ? `On chain ${onchain.chain_id}` : ' ')}
        </Text>
      </Card>
    </SimpleGrid>
  );
}

function Conversion() {
  const actor = useTokensActor();
  const step = useTokens((s) => {
    const c = s.value.conversion;
    return typeof c === 'string' ? c : 'following';
  });
  const balance = useTokens((s) => s.context.overview!.balance);
  if (step === 'idle') {
    return (
      <Card withBorder padding="md" radius="md">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h4">
              Convert to FINU
            </Title>
            <Text size="sm" c="dimmed">
              {balance.points_per_finu} points = 1 FINU; at least {balance.min_conversion_points} points at a time. Sent to your wallet or any address.
            </Text>
          </Stack>
          <Button onClick={() => actor.send({ type: 'convert.open' })} disabled={balance.fin_token_balance < balance.min_conversion_points}>
            Convert to FINU
          </Button>
        </Group>
        {balance.fin_token_balance < balance.min_conversion_points && (
          <Text size="sm" mt="xs">
            Earn {balance.min_conversion_points - balance.fin_token_balance} more points to convert.
          </Text>
        )}
      </Card>
    );
  }
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="Convert to FINU">
      <Title order={2} size="h4" mb="sm">
        Convert to FINU
      </Title>
      {step === 'editing' || step === 'checkingAddress' ? <ConversionForm /> : step === 'confirming' || step === 'submitting' ? <ConversionConfirm /> : <TransferStatus />}
    </Card>
  );
}

function ConversionForm() {
  const actor = useTokensActor();
  const draft = useTokens((s) => s.context.draft);
  const errors = useTokens((s) => s.context.fieldErrors);
  const serverError = useTokens((s) => s.context.conversionError);
  const hasWallet = useTokens((s) => Boolean(s.context.overview?.wallet));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'convert.submit' });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {serverError && (
          <Alert color="red" variant="light" role="alert">
            {serverError}
          </Alert>
        )}
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="Points to convert"
            inputMode="numeric"
            value={draft.points}
            onChange={(e) => actor.send({ type: 'convert.change', field: 'points', value: e.currentTarget.value })}
            error={errors.points}
            style={{ flex: 1 }}
            data-autofocus
          />
          <Button variant="default" onClick={() => actor.send({ type: 'convert.useAll' })}>
            Use all
          </Button>
        </Group>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="Send to address"
            placeholder="0x…"
            value={draft.toAddress}
            onChange={(e) => actor.send({ type: 'convert.change', field: 'toAddress', value: e.currentTarget.value })}
            error={errors.toAddress}
            style={{ flex: 1 }}
            spellCheck={false}
            autoComplete="off"
          />
          {hasWallet && (
            <Button variant="default" onClick={() => actor.send({ type: 'convert.useMyWallet' })}>
              My wallet
            </Button>
          )}
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => actor.send({ type: 'convert.close' })}>
            Cancel
          </Button>
          <Button type="submit">Review</Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConversionConfirm() {
  const actor = useTokensActor();
  const draft = useTokens((s) => s.context.draft);
  const per = useTokens((s) => s.context.overview!.balance.points_per_finu);
  const submitting = useTokens((s) => s.hasTag('converting'));
  const n = Number(draft.points);
  return (
    <Stack gap="sm">
      <Text>
        Convert <b>{points(n)} points</b> to <b>{finu(n, per)} FINU</b> and send them to
      </Text>
      <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
        {draft.toAddress.trim()}
      </Text>
      <Text size="sm" c="dimmed">
        The points leave your balance now. A transfer on chain cannot be undone; check the address.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => actor.send({ type: 'convert.back' })} disabled={submitting}>
          Back
        </Button>
        <Button onClick={() => actor.send({ type: 'convert.confirm' })} loading={submitting}>
          Confirm conversion
        </Button>
      </Group>
    </Stack>
  );
}

const statusText = { pending: 'Pending: waiting to be sent', submitted: 'Submitted to the network', confirmed: 'Confirmed', failed: 'Failed: points refunded' } as const;
const statusColor = { pending: 'gray', submitted: 'blue', confirmed: 'teal', failed: 'red' } as const;

function TransferStatus() {
  const actor = useTokensActor();
  const transfer = useTokens((s) => s.context.transfer);
  const followError = useTokens((s) => s.context.followError);
  const done = useTokens((s) => s.matches({ conversion: 'done' }));
  if (!transfer) return null;
  return (
    <Stack gap="xs" aria-live="polite">
      <Group gap="xs">
        {!done && <Loader size="xs" aria-hidden />}
        <Badge color={statusColor[transfer.status]} variant="light" size="lg" data-testid="transfer-status">
          {statusText[transfer.status]}
        </Badge>
      </Group>
      <Text size="sm">
        {points(transfer.points)} points → {transfer.amount} FINU to <span style={{ fontFamily: 'monospace' }}>{short(transfer.to_address)}</span>
      </Text>
      {transfer.tx_hash && (
        <Text size="sm">
          Transaction <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{transfer.tx_hash}</span>
        </Text>
      )}
      {transfer.block_number !== null && <Text size="sm">Block {transfer.block_number.toLocaleString('en-US')}</Text>}
      {transfer.status === 'failed' && transfer.error && (
        <Text size="sm" c="red">
          {transfer.error} {tokensTexts.failedTransfer}
        </Text>
      )}
      {followError && (
        <Text size="sm" c="orange">
          {followError}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant={done ? 'filled' : 'default'} onClick={() => actor.send({ type: 'convert.close' })}>
          {done ? 'Done' : 'Hide'}
        </Button>
      </Group>
    </Stack>
  );
}

function EarningsChart() {
  const hidden = useHidden();
  const data = useTokens((s) => s.context.overview?.statistics?.earned_by_day ?? null);
  return (
    <Card withBorder padding="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Points earned, last 30 days
      </Title>
      {!data ? (
        <Text c="dimmed">No statistics yet.</Text>
      ) : hidden ? (
        <Text c="dimmed">Hidden while balances are hidden.</Text>
      ) : (
        <AreaChart
          h={220}
          data={data.map((d) => ({ date: new Date(`${d.date}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }), Points: d.points }))}
          dataKey="date"
          series={[{ name: 'Points', color: 'teal.6' }]}
          curveType="monotone"
          withDots={false}
          role="img"
          aria-label="Chart of points earned per day over the last 30 days"
        />
      )}
    </Card>
  );
}

function Milestones() {
  const progress = useTokens((s) => s.context.overview?.progress ?? null);
  const stats = useTokens((s) => s.context.overview?.statistics ?? null);
  return (
    <Card withBorder padding="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Next milestone
      </Title>
      {!progress ? (
        <Text c="dimmed">Not available right now.</Text>
      ) : progress.next_milestone === null ? (
        <Text>You reached every transaction milestone. Impressive!</Text>
      ) : (
        <Stack gap="xs">
          <Text>
            {progress.transaction_count.toLocaleString('en-US')} of {progress.next_milestone.toLocaleString('en-US')} transactions: +{progress.next_milestone_points} points at {progress.next_milestone.toLocaleString('en-US')}
          </Text>
          <Progress value={progress.progress * 100} size="lg" aria-label="Progress to the next transaction milestone" />
        </Stack>
      )}
      {stats && (
        <Group gap="lg" mt="md">
          <Text size="sm">
            Streak: <b>{stats.streak_days}</b> {stats.streak_days === 1 ? 'day' : 'days'}
          </Text>
          <Text size="sm">
            Converted: <b>{points(stats.total_converted_points)}</b> points
          </Text>
        </Group>
      )}
    </Card>
  );
}

function AvailableRewards() {
  const available = useTokens((s) => s.context.overview?.available?.rewards ?? null);
  return (
    <Card withBorder padding="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Ways to earn
      </Title>
      {!available ? (
        <Text c="dimmed">Not available right now.</Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {available.map((r) => (
            <Group key={r.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" c={r.available ? undefined : 'dimmed'}>
                {r.how}
                {r.kind === 'daily' && r.remaining_today !== null ? ` · ${r.remaining_today} left today` : ''}
                {!r.available && r.kind === 'once' ? ' · done' : ''}
              </Text>
              {/* The default variant keeps body-text contrast (AA) in both themes; a light teal or grey badge fell below it. */}
              <Badge variant="default" fw={r.available ? 700 : 500} style={{ flexShrink: 0 }}>
                +{r.points}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function WalletCard() {
  const wallet = useTokens((s) => s.context.overview?.wallet ?? null);
  return (
    <Card withBorder padding="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Your wallet
      </Title>
      {!wallet ? (
        <Text c="dimmed">Your wallet is not available right now.</Text>
      ) : (
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap">
            <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid="wallet-address">
              {wallet.address}
            </Text>
            <CopyButton value={wallet.address}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="light" onClick={copy} aria-label="Copy wallet address">
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            A wallet Finu keeps for you (custodial), encrypted at rest. Download a backup to use it in any Ethereum wallet.
          </Text>
          <SignMessage />
          <Backup />
        </Stack>
      )}
    </Card>
  );
}

function SignMessage() {
  const actor = useWalletActor();
  const [message, setMessage] = useState('');
  const signing = useWallet((s) => s.hasTag('signing'));
  const signed = useWallet((s) => s.context.signed);
  const verified = useWallet((s) => s.context.verified);
  const error = useWallet((s) => s.context.signError?.message ?? null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (message.trim()) actor.send({ type: 'wallet.sign', message });
      }}
    >
      <Stack gap={6}>
        <Textarea label="Sign a message" autosize minRows={1} maxRows={4} value={message} onChange={(e) => setMessage(e.currentTarget.value)} error={error} maxLength={2000} />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={signing} disabled={!message.trim()}>
            Sign
          </Button>
        </Group>
        {signed && (
          <Stack gap={2}>
            <Text size="xs" c={verified ? 'teal' : 'red'}>
              {verified ? 'Signature verified for this wallet' : 'Signature does not match this wallet'}
            </Text>
            <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="signature">
              {signed.signature}
            </Text>
          </Stack>
        )}
      </Stack>
    </form>
  );
}

function Backup() {
  const actor = useWalletActor();
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const busy = useWallet((s) => s.hasTag('backingUp'));
  const error = useWallet((s) => s.context.backupError?.message ?? null);
  const tooShort = password.length < 8;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!tooShort) actor.send({ type: 'wallet.backup', password });
      }}
    >
      <Stack gap={6}>
        <PasswordInput label="Backup password" description="Encrypts the backup file; you need it to restore the wallet." value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={(touched && tooShort ? walletTexts.passwordShort : null) ?? error} autoComplete="new-password" />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={busy}>
            Download encrypted backup
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function History() {
  const actor = useTokensActor();
  const hidden = useHidden();
  const history = useTokens((s) => s.context.history);
  const busy = useTokens((s) => s.hasTag('historyBusy'));
  const error = useTokens((s) => s.context.historyError?.message ?? null);
  const offset = useTokens((s) => s.context.historyOffset);
  const limit = useTokens((s) => s.context.historyLimit);
  return (
    <Card withBorder padding="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          History
        </Title>
        {history && history.total > 0 && (
          <Text size="sm" c="dimmed">
            {offset + 1}–{Math.min(offset + limit, history.total)} of {history.total}
          </Text>
        )}
      </Group>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}{' '}
          <Anchor component="button" onClick={() => actor.send({ type: 'history.page', offset })}>
            Retry
          </Anchor>
        </Alert>
      ) : !history ? (
        <Skeleton height={120} />
      ) : history.history.length === 0 ? (
        <Text c="dimmed">No points yet. Add a transaction or create a goal to earn your first ones.</Text>
      ) : (
        <Table.ScrollContainer type="native" minWidth={480} tabIndex={0} aria-label="Points history">
          <Table striped aria-busy={busy}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th ta="right">Points</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.history.map((h) => (
                <Table.Tr key={h.id}>
                  <Table.Td>{when(h.created_at)}</Table.Td>
                  <Table.Td>{h.title}</Table.Td>
                  <Table.Td ta="right" c={h.points < 0 ? 'red' : 'teal'}>
                    {hidden ? MASK : `${h.points > 0 ? '+' : ''}${points(h.points)}`}
                  </Table.Td>
                  <Table.Td ta="right">{hidden ? MASK : points(h.balance_after)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {history && history.total > limit && (
        <Group justify="flex-end" mt="sm">
          <Button variant="default" size="xs" disabled={offset === 0 || busy} onClick={() => actor.send({ type: 'history.page', offset: offset - limit })}>
            Newer
          </Button>
          <Button variant="default" size="xs" disabled={!history.has_more || busy} onClick={() => actor.send({ type: 'history.page', offset: offset + limit })}>
            Older
          </Button>
        </Group>
      )}
    </Card>
  );
}
