import { Alert, Button, Card, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { TransferPair, transferMatchesMachine } from '../../../../machines/transferMatches';
import type { Account } from '../../../contract/accounts';
import type { Transaction } from '../../../contract/transactions';
import { useMoney } from '../../hooks/useMoney';
import { useAccounts, useAccountsActor } from './accountsActor';

type MatchesActor = ActorRefFrom<typeof transferMatchesMachine>;

/** "Match transfers" in a drawer (the page machine's `matches` child): likely pairs, each linked or dismissed. */
export function MatchTransfersDrawer({ accounts }: { accounts: Account[] }) {
  const actor = useAccountsActor();
  const matches = useAccounts((s) => s.children.matches as MatchesActor | undefined);
  return (
    <Drawer opened={!!matches} onClose={() => actor.send({ type: 'matches.close' })} position="right" size="lg" title="Match transfers">
      {matches && <Pairs matches={matches} accounts={accounts} />}
    </Drawer>
  );
}

function Pairs({ matches, accounts }: { matches: MatchesActor; accounts: Account[] }) {
  const pairs = useSelector(matches, (s) => s.context.pairs);
  const busy = useSelector(matches, (s) => s.hasTag('busy'));
  const failed = useSelector(matches, (s) => s.matches('failed'));
  const error = useSelector(matches, (s) => s.context.error?.message ?? null);
  const more = useSelector(matches, (s) => s.matches('ready') && s.context.nextCursor !== null);
  const ready = useSelector(matches, (s) => s.matches('ready'));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Money that left one of your accounts and arrived in another (same amount, within 3 days). Linked, it is a transfer: neither spending nor income.
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}{' '}
          {failed && (
            <Button size="xs" variant="light" onClick={() => matches.send({ type: 'matches.retry' })}>
              Retry
            </Button>
          )}
        </Alert>
      )}
      {pairs.length === 0 && !busy && !failed && <Text>No likely transfers to match.</Text>}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Likely transfers">
        {pairs.map((p) => (
          <PairCard key={p.from.transaction_id} pair={p} accounts={accounts} disabled={!ready} onLink={() => matches.send({ type: 'matches.link', fromId: p.from.transaction_id })} onDismiss={() => matches.send({ type: 'matches.dismiss', fromId: p.from.transaction_id })} />
        ))}
      </Stack>
      {busy && <Loader size="sm" role="status" aria-label="Working" />}
      {more && (
        <Button variant="default" onClick={() => matches.send({ type: 'matches.more' })}>
          Show older
        </Button>
      )}
    </Stack>
  );
}

function PairCard({ pair, accounts, disabled, onLink, onDismiss }: { pair: TransferPair; accounts: Account[]; disabled: boolean; onLink: () => void; onDismiss: () => void }) {
  const money = useMoney();
  const nameOf = (t: Transaction) => accounts.find((a) => a.account_id === t.account_id)?.name ?? 'Another account';
  const label = `${money(pair.from.amount, pair.from.currency)} from ${nameOf(pair.from)} to ${nameOf(pair.to)}`;
  const line = (t: Transaction, sign: string) => `${t.date} · ${nameOf(t)} · ${sign}${money(t.amount, t.currency)} · ${t.merchant || t.description || t.category}`;
  return (
    <Card component="li" withBorder padding="sm" aria-label={label} data-testid="transfer-pair">
      <Stack gap={4}>
        <Text fw={600}>{label}</Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {line(pair.from, '−')}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {line(pair.to, '+')}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button size="xs" disabled={disabled} onClick={onLink} aria-label={`Link ${label} as a transfer`}>
            Link
          </Button>
          <Button size="xs" variant="default" disabled={disabled} onClick={onDismiss} aria-label={`${label}: not a transfer`}>
            Not a transfer
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
