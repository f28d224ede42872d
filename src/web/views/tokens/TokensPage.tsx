import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Alert, Anchor, Badge, Button, Card, CopyButton, Group, Loader, PasswordInput, Progress, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Textarea, Title, type TextInputProps } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { tokensTexts } from '../../../../machines/tokens';
import { walletTexts } from '../../../../machines/wallet';
import { formatDateTime, formatDayMonth } from '../../format/date';
import { formatCount } from '../../format/number';
import { useBalancesHidden } from '../../hooks/useMoney';
import { LoadFailed } from '../LoadFailed';
import { PageTitle } from '../PageTitle';
import { TokensProvider, useTokens, useTokensActor, useTokensMachines, useWallet, useWalletActor, WalletProvider } from './tokensActor';

const MASK = '••••';
const points = (n: number) => formatCount(n);
const finu = (n: number, perFinu: number) => formatCount(n / perFinu, 2);
const short = (hex: string) => `${hex.slice(0, 8)}…${hex.slice(-6)}`;

/** Points as the user's locale writes them, masked while balances are hidden. */
function useShownPoints(): (n: number, signed?: boolean) => string {
  const hidden = useBalancesHidden();
  return (n, signed = false) => (hidden ? MASK : `${signed && n > 0 ? '+' : ''}${points(n)}`);
}

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

/** One titled card of the page; `region` makes it a landmark named by its title. */
function Panel({ title, aside, region = false, children }: { title: string; aside?: ReactNode; region?: boolean; children: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" component={region ? 'section' : 'div'} aria-label={region ? title : undefined}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Card>
  );
}

/** What a panel says when its part of the overview did not load (the page still shows the rest). */
function Unavailable({ children = 'Not available right now.' }: { children?: ReactNode }) {
  return <Text c="dimmed">{children}</Text>;
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

function Stat({ label, value, hint, hintColor = 'dimmed', action, testId }: { label: string; value: string; hint?: ReactNode; hintColor?: string; action?: ReactNode; testId?: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {action}
      </Group>
      <Text fw={700} fz={26} data-testid={testId}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c={hintColor}>
          {hint}
        </Text>
      )}
    </Card>
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
    <Panel title="Convert to FINU" region>
      {step === 'editing' || step === 'checkingAddress' ? <ConversionForm /> : step === 'confirming' || step === 'submitting' ? <ConversionConfirm /> : <TransferStatus />}
    </Panel>
  );
}

function ConversionForm() {
  const actor = useTokensActor();
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
        <DraftField field="points" label="Points to convert" inputMode="numeric" data-autofocus fill={{ label: 'Use all', event: { type: 'convert.useAll' } }} />
        <DraftField field="toAddress" label="Send to address" placeholder="0x…" spellCheck={false} autoComplete="off" fill={hasWallet ? { label: 'My wallet', event: { type: 'convert.useMyWallet' } } : undefined} />
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

/** One field of the conversion draft, and the button that fills it in for the user (all points, my wallet). */
function DraftField({ field, fill, ...input }: { field: 'points' | 'toAddress'; fill?: { label: string; event: { type: 'convert.useAll' } | { type: 'convert.useMyWallet' } } } & Omit<TextInputProps, 'value' | 'onChange' | 'error'>) {
  const actor = useTokensActor();
  const value = useTokens((s) => s.context.draft[field]);
  const error = useTokens((s) => s.context.fieldErrors[field]);
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput {...input} value={value} onChange={(e) => actor.send({ type: 'convert.change', field, value: e.currentTarget.value })} error={error} style={{ flex: 1 }} />
      {fill && (
        <Button variant="default" onClick={() => actor.send(fill.event)}>
          {fill.label}
        </Button>
      )}
    </Group>
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
      {transfer.block_number !== null && <Text size="sm">Block {formatCount(transfer.block_number)}</Text>}
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
  const hidden = useBalancesHidden();
  const data = useTokens((s) => s.context.overview?.statistics?.earned_by_day ?? null);
  return (
    <Panel title="Points earned, last 30 days">
      {!data ? (
        <Unavailable>No statistics yet.</Unavailable>
      ) : hidden ? (
        <Unavailable>Hidden while balances are hidden.</Unavailable>
      ) : (
        <AreaChart
          h={220}
          data={data.map((d) => ({ date: formatDayMonth(d.date), Points: d.points }))}
          dataKey="date"
          series={[{ name: 'Points', color: 'teal.6' }]}
          curveType="monotone"
          withDots={false}
          role="img"
          aria-label="Chart of points earned per day over the last 30 days"
        />
      )}
    </Panel>
  );
}

function Milestones() {
  const progress = useTokens((s) => s.context.overview?.progress ?? null);
  const stats = useTokens((s) => s.context.overview?.statistics ?? null);
  return (
    <Panel title="Next milestone">
      {!progress ? (
        <Unavailable />
      ) : progress.next_milestone === null ? (
        <Text>You reached every transaction milestone. Impressive!</Text>
      ) : (
        <Stack gap="xs">
          <Text>
            {formatCount(progress.transaction_count)} of {formatCount(progress.next_milestone)} transactions: +{progress.next_milestone_points} points at {formatCount(progress.next_milestone)}
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
    </Panel>
  );
}

function AvailableRewards() {
  const available = useTokens((s) => s.context.overview?.available?.rewards ?? null);
  return (
    <Panel title="Ways to earn">
      {!available ? (
        <Unavailable />
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
    </Panel>
  );
}

function WalletCard() {
  const wallet = useTokens((s) => s.context.overview?.wallet ?? null);
  return (
    <Panel title="Your wallet">
      {!wallet ? (
        <Unavailable>Your wallet is not available right now.</Unavailable>
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
    </Panel>
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
  const shown = useShownPoints();
  const history = useTokens((s) => s.context.history);
  const busy = useTokens((s) => s.hasTag('historyBusy'));
  const error = useTokens((s) => s.context.historyError?.message ?? null);
  const offset = useTokens((s) => s.context.historyOffset);
  const limit = useTokens((s) => s.context.historyLimit);
  return (
    <Panel
      title="History"
      aside={
        history &&
        history.total > 0 && (
          <Text size="sm" c="dimmed">
            {offset + 1}–{Math.min(offset + limit, history.total)} of {history.total}
          </Text>
        )
      }
    >
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
        <Unavailable>No points yet. Add a transaction or create a goal to earn your first ones.</Unavailable>
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
                  <Table.Td>{formatDateTime(h.created_at)}</Table.Td>
                  <Table.Td>{h.title}</Table.Td>
                  <Table.Td ta="right" c={h.points < 0 ? 'red' : 'teal'}>
                    {shown(h.points, true)}
                  </Table.Td>
                  <Table.Td ta="right">{shown(h.balance_after)}</Table.Td>
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
    </Panel>
  );
}
