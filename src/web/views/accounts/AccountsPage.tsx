import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { ACCOUNT_GROUP_LABELS, ACCOUNT_KIND_LABELS, type Account } from '../../../contract/accounts';
import { useMoney } from '../../hooks/useMoney';
import { PageTitle } from '../PageTitle';
import { AccountFormModal, ReconcileModal, TransferModal } from './AccountDialogs';
import { AccountsProvider, useAccounts, useAccountsActor, useAccountsMachine } from './accountsActor';
import { NetWorthPanel } from './NetWorthPanel';
import { RegisterDrawer } from './RegisterDrawer';
import { MatchTransfersDrawer } from './MatchTransfersDrawer';

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** /accounts: where the money is, grouped (cash, credit, loans, investments, property), net worth, and the dialogs that change it. */
export default function AccountsPage() {
  const actor = useAccountsMachine(todayUtc());
  return (
    <AccountsProvider value={actor}>
      <PageTitle title="Accounts" />
      <Accounts />
    </AccountsProvider>
  );
}

function Accounts() {
  const actor = useAccountsActor();
  const loading = useAccounts((s) => s.matches('loading') && s.context.data === null);
  const failed = useAccounts((s) => (s.matches('failed') ? (s.context.error?.message ?? 'Failed to fetch accounts') : null));
  const data = useAccounts((s) => s.context.data);
  const money = useMoney();

  if (loading) return <Loader role="status" aria-label="Loading accounts" />;
  if (failed)
    return (
      <Alert color="red" title="Accounts could not be loaded">
        <Stack gap="xs">
          <Text>{failed}</Text>
          <Button variant="light" onClick={() => actor.send({ type: 'accounts.reload' })}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  if (!data) return null;
  const { list } = data;
  const open = list.accounts;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Text c="dimmed" size="sm">
            Net worth
          </Text>
          <Text fw={700} fz="xl" data-testid="net-worth">
            {money(list.net_worth, list.currency)}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" disabled={open.length < 2} onClick={() => actor.send({ type: 'transfer.open' })}>
            Transfer
          </Button>
          <Button variant="default" disabled={open.length < 2} onClick={() => actor.send({ type: 'matches.open' })}>
            Match transfers
          </Button>
          <Button onClick={() => actor.send({ type: 'account.add' })}>Add account</Button>
        </Group>
      </Group>

      {open.length === 0 ? (
        <Card withBorder padding="lg">
          <Stack gap="xs" align="flex-start">
            <Title order={3}>Add your first account</Title>
            <Text c="dimmed">
              Start with the account your pay goes into, then add your cards, savings and loans. Each one keeps its own balance, and moving money between them is never counted as spending.
            </Text>
            <Button onClick={() => actor.send({ type: 'account.add' })}>Add account</Button>
          </Stack>
        </Card>
      ) : (
        list.groups.map((g) => (
          <section key={g.group} aria-labelledby={`group-${g.group}`}>
            <Group justify="space-between" mb="xs">
              <Title order={3} id={`group-${g.group}`} fz="lg">
                {ACCOUNT_GROUP_LABELS[g.group]}
              </Title>
              <Text fw={600}>{money(g.balance, list.currency)}</Text>
            </Group>
            <Stack gap="xs">
              {open
                .filter((a) => a.group === g.group)
                .map((a) => (
                  <AccountRow key={a.account_id} account={a} />
                ))}
            </Stack>
          </section>
        ))
      )}
      {list.unconverted_accounts > 0 && (
        <Text size="sm" c="dimmed">
          {list.unconverted_accounts} account(s) in another currency are left out of the totals until exchange rates exist.
        </Text>
      )}
      {open.length > 0 && <NetWorthPanel netWorth={data.netWorth} />}
      <AccountFormModal />
      <TransferModal accounts={open} />
      <ReconcileModal />
      <RegisterDrawer />
      <MatchTransfersDrawer accounts={open} />
    </Stack>
  );
}

function AccountRow({ account: a }: { account: Account }) {
  const actor = useAccountsActor();
  const money = useMoney();
  return (
    <Card withBorder padding="sm" data-testid={`account-${a.name}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Group gap="xs">
            <Text fw={600}>{a.name}</Text>
            {!a.on_budget && (
              <Badge variant="light" color="gray" size="sm">
                Tracking only
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {[ACCOUNT_KIND_LABELS[a.kind], a.institution, a.last4 ? `•••• ${a.last4}` : null].filter(Boolean).join(' · ')}
            {a.reconciled_date ? ` · reconciled ${a.reconciled_date}` : ''}
          </Text>
        </div>
        <Group gap="xs" wrap="wrap">
          <Text fw={700} data-testid="balance">
            {a.is_liability ? `${money(a.owed ?? 0, a.currency)} owed` : money(a.balance, a.currency)}
          </Text>
          <Button size="xs" variant="subtle" onClick={() => actor.send({ type: 'register.open', accountId: a.account_id })}>
            Register
          </Button>
          <Button size="xs" variant="subtle" onClick={() => actor.send({ type: 'account.edit', accountId: a.account_id })}>
            Edit
          </Button>
          <Button size="xs" variant="subtle" onClick={() => actor.send({ type: 'transfer.open', fromAccountId: a.account_id })}>
            Transfer
          </Button>
          <Button size="xs" variant="subtle" onClick={() => actor.send({ type: 'reconcile.open', accountId: a.account_id })}>
            Reconcile
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => actor.send({ type: 'account.close', accountId: a.account_id })}>
            Close
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
