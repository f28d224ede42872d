import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { Transaction } from '../../../contract/transactions';
import { useMoney } from '../../hooks/useMoney';
import { useTransactions, useTransactionsActor } from './transactionsActor';

/**
 * "This is a transfer…" inside the transaction form (the transactions machine's form.transfer state):
 * the rows of the user's other accounts that could be this row's other leg, each with Link as transfer.
 * Keyboard: focus starts on the first Link (or Back); Tab walks them; Escape goes back to the form.
 */
export function TransferMatches() {
  const actor = useTransactionsActor();
  const row = useTransactions((s) => s.context.editing);
  const matches = useTransactions((s) => s.context.transferMatches);
  const accounts = useTransactions((s) => s.context.accounts);
  const error = useTransactions((s) => s.context.transferError?.message ?? null);
  const loading = useTransactions((s) => s.matches({ form: { transfer: 'loading' } }));
  const failed = useTransactions((s) => s.matches({ form: { transfer: 'failed' } }));
  const busy = useTransactions((s) => s.hasTag('busy') && s.matches({ form: 'transfer' }));
  const money = useMoney();
  const first = useRef<HTMLButtonElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const choosing = !loading && !failed;
  useEffect(() => {
    if (choosing) (first.current ?? back.current)?.focus();
  }, [choosing]);
  if (!row) return null;
  const nameOf = (t: Transaction) => accounts.find((a) => a.account_id === t.account_id)?.name ?? 'Another account';
  const line = (t: Transaction) => `${t.date} · ${nameOf(t)} · ${t.type === 'income' ? '+' : '−'}${money(t.amount, t.currency)} · ${t.merchant || t.description || t.category}`;

  return (
    <Stack
      gap="sm"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !busy) {
          e.stopPropagation();
          actor.send({ type: 'transfer.back' });
        }
      }}
    >
      <Text size="sm">
        {line(row)}
      </Text>
      <Text size="sm" c="dimmed">
        Rows of your other accounts with the same amount the other way, within 3 days. Linked, the two are one transfer between your accounts: neither spending nor income.
      </Text>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {loading && <Loader size="sm" role="status" aria-label="Looking for the other leg" />}
      {choosing && matches.length === 0 && <Text>No row in your other accounts matches this one.</Text>}
      {matches.length > 0 && (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Possible other legs">
          {matches.map((t, i) => (
            <Card key={t.transaction_id} component="li" withBorder padding="sm" data-testid="transfer-match">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere', flex: '1 1 12rem' }}>
                  {line(t)}
                </Text>
                <Button
                  ref={i === 0 ? first : undefined}
                  size="xs"
                  disabled={busy}
                  loading={busy}
                  onClick={() => actor.send({ type: 'transfer.link', otherId: t.transaction_id })}
                  aria-label={`Link as transfer with ${line(t)}`}
                >
                  Link as transfer
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <Group justify="flex-end" gap="sm">
        <Button ref={back} variant="default" onClick={() => actor.send({ type: 'transfer.back' })} disabled={busy && !loading}>
          Back
        </Button>
        {failed && <Button onClick={() => actor.send({ type: 'transfer.retry' })}>Retry</Button>}
      </Group>
    </Stack>
  );
}
