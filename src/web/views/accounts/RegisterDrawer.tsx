import { Alert, Button, Drawer, Loader, Stack, Table, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { accountRegisterMachine } from '../../../../machines/accountRegister';
import type { Account } from '../../../contract/accounts';
import { useMoney } from '../../hooks/useMoney';
import { useAccounts, useAccountsActor } from './accountsActor';

type RegisterActor = ActorRefFrom<typeof accountRegisterMachine>;

/** One account's register in a drawer (the page machine's `register` child): newest first, with the balance after each row. */
export function RegisterDrawer() {
  const actor = useAccountsActor();
  const register = useAccounts((s) => s.children.register as RegisterActor | undefined);
  const account = useAccounts((s) => (s.matches({ ready: 'registering' }) ? s.context.selected : null));
  return (
    <Drawer opened={!!register && !!account} onClose={() => actor.send({ type: 'register.close' })} position="right" size="lg" title={account ? `${account.name}: register` : ''}>
      {register && account && <RegisterTable register={register} account={account} />}
    </Drawer>
  );
}

function RegisterTable({ register, account }: { register: RegisterActor; account: Account }) {
  const money = useMoney();
  const rows = useSelector(register, (s) => s.context.rows);
  const busy = useSelector(register, (s) => s.hasTag('busy'));
  const error = useSelector(register, (s) => s.context.error?.message ?? null);
  const more = useSelector(register, (s) => s.matches('ready') && s.context.nextCursor !== null);
  const shown = (balance: number) => (account.is_liability ? 0 - balance : balance);
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red">
          {error}{' '}
          <Button size="xs" variant="light" onClick={() => register.send({ type: 'register.retry' })}>
            Retry
          </Button>
        </Alert>
      )}
      {rows.length === 0 && !busy && !error && <Text c="dimmed">No transactions in this account yet.</Text>}
      {rows.length > 0 && (
        <Table aria-label={`${account.name} register`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th ta="right">{account.is_liability ? 'Owed' : 'Balance'}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.transaction_id}>
                <Table.Td>{r.date}</Table.Td>
                <Table.Td>
                  {r.merchant || r.description || r.category}
                  {r.kind !== 'standard' && <Text span c="dimmed" size="xs">{` · ${r.kind === 'transfer' ? 'transfer' : r.kind === 'valuation' ? 'market change' : 'adjustment'}`}</Text>}
                  {r.reconciled && <Text span c="dimmed" size="xs">{' · reconciled'}</Text>}
                </Table.Td>
                <Table.Td ta="right">
                  {r.type === 'income' ? '+' : '−'}
                  {money(r.amount, account.currency)}
                </Table.Td>
                <Table.Td ta="right">{money(shown(r.running_balance), account.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {busy && <Loader size="sm" role="status" aria-label="Loading transactions" />}
      {more && (
        <Button variant="default" onClick={() => register.send({ type: 'register.more' })}>
          Show older
        </Button>
      )}
    </Stack>
  );
}
