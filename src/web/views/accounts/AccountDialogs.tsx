import { Alert, Button, Checkbox, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { accountFormMachine, AccountField } from '../../../../machines/accountForm';
import type { accountReconcileMachine } from '../../../../machines/accountReconcile';
import type { accountTransferMachine, TransferField } from '../../../../machines/accountTransfer';
import { ACCOUNT_KIND_LABELS, ACCOUNT_KINDS, isLiability, type Account } from '../../../contract/accounts';
import { useMoney } from '../../hooks/useMoney';
import { useAccounts } from './accountsActor';

type FormActor = ActorRefFrom<typeof accountFormMachine>;
type TransferActor = ActorRefFrom<typeof accountTransferMachine>;
type ReconcileActor = ActorRefFrom<typeof accountReconcileMachine>;

/** The account form, while the page machine has one open (its `form` child). */
export function AccountFormModal() {
  const form = useAccounts((s) => s.children.form as FormActor | undefined);
  return (
    <Modal opened={!!form} onClose={() => form?.send({ type: 'form.cancel' })} title="Account">
      {form && <AccountForm form={form} />}
    </Modal>
  );
}

function AccountForm({ form }: { form: FormActor }) {
  const draft = useSelector(form, (s) => s.context.draft);
  const errors = useSelector(form, (s) => s.context.errors);
  const failure = useSelector(form, (s) => s.context.error?.message ?? null);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const editing = useSelector(form, (s) => s.context.accountId !== null);
  const set = (field: AccountField) => (value: string | boolean) => form.send({ type: 'field.change', field, value });
  const owed = isLiability(draft.kind);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        form.send({ type: 'form.submit' });
      }}
    >
      <Stack gap="sm">
        {failure && <Alert color="red">{failure}</Alert>}
        <TextInput label="Name" required value={draft.name} error={errors.name} onChange={(e) => set('name')(e.currentTarget.value)} />
        <NativeSelect label="Kind" value={draft.kind} error={errors.kind} data={ACCOUNT_KINDS.map((k) => ({ value: k, label: ACCOUNT_KIND_LABELS[k] }))} onChange={(e) => set('kind')(e.currentTarget.value)} />
        <TextInput label={owed ? 'Amount owed' : 'Opening balance'} inputMode="decimal" value={draft.openingBalance} error={errors.openingBalance} onChange={(e) => set('openingBalance')(e.currentTarget.value)} />
        <TextInput label="Opening date" type="date" value={draft.openingDate} error={errors.openingDate} onChange={(e) => set('openingDate')(e.currentTarget.value)} />
        <TextInput label="Currency" description="ISO code; empty for your profile currency" value={draft.currency} error={errors.currency} disabled={editing} onChange={(e) => set('currency')(e.currentTarget.value)} />
        <Checkbox label="On budget (its transactions are income and spending)" checked={draft.onBudget} onChange={(e) => set('onBudget')(e.currentTarget.checked)} />
        <TextInput label="Institution" value={draft.institution} error={errors.institution} onChange={(e) => set('institution')(e.currentTarget.value)} />
        <TextInput label="Last four digits" inputMode="numeric" maxLength={4} value={draft.last4} error={errors.last4} onChange={(e) => set('last4')(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => form.send({ type: 'form.cancel' })}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The transfer form, while the page machine has one open (its `transfer` child). */
export function TransferModal({ accounts }: { accounts: Account[] }) {
  const transfer = useAccounts((s) => s.children.transfer as TransferActor | undefined);
  return (
    <Modal opened={!!transfer} onClose={() => transfer?.send({ type: 'transfer.cancel' })} title="Transfer between accounts">
      {transfer && <TransferForm transfer={transfer} accounts={accounts} />}
    </Modal>
  );
}

function TransferForm({ transfer, accounts }: { transfer: TransferActor; accounts: Account[] }) {
  const draft = useSelector(transfer, (s) => s.context.draft);
  const errors = useSelector(transfer, (s) => s.context.errors);
  const failure = useSelector(transfer, (s) => s.context.error?.message ?? null);
  const busy = useSelector(transfer, (s) => s.hasTag('busy'));
  const set = (field: TransferField) => (value: string) => transfer.send({ type: 'field.change', field, value });
  const options = [{ value: '', label: 'Choose an account' }, ...accounts.map((a) => ({ value: a.account_id, label: a.name }))];
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        transfer.send({ type: 'transfer.submit' });
      }}
    >
      <Stack gap="sm">
        {failure && <Alert color="red">{failure}</Alert>}
        <NativeSelect label="From" value={draft.fromAccountId} error={errors.fromAccountId} data={options} onChange={(e) => set('fromAccountId')(e.currentTarget.value)} />
        <NativeSelect label="To" value={draft.toAccountId} error={errors.toAccountId} data={options} onChange={(e) => set('toAccountId')(e.currentTarget.value)} />
        <TextInput label="Amount" inputMode="decimal" value={draft.amount} error={errors.amount} onChange={(e) => set('amount')(e.currentTarget.value)} />
        <TextInput label="Date" type="date" value={draft.date} error={errors.date} onChange={(e) => set('date')(e.currentTarget.value)} />
        <TextInput label="Description" value={draft.description} error={errors.description} onChange={(e) => set('description')(e.currentTarget.value)} />
        <Text size="sm" c="dimmed">
          Moving money between your own on-budget accounts is neither income nor spending.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => transfer.send({ type: 'transfer.cancel' })}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Transfer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Reconciling one account, while the page machine has it open (its `reconcile` child). */
export function ReconcileModal() {
  const reconcile = useAccounts((s) => s.children.reconcile as ReconcileActor | undefined);
  return (
    <Modal opened={!!reconcile} onClose={() => reconcile?.send({ type: 'reconcile.cancel' })} title="Reconcile with a statement">
      {reconcile && <Reconcile reconcile={reconcile} />}
    </Modal>
  );
}

function Reconcile({ reconcile }: { reconcile: ReconcileActor }) {
  const money = useMoney();
  const step = useSelector(reconcile, (s) => (s.matches('review') || s.matches('finishing') || s.matches('adjusting') ? 'review' : 'statement'));
  const ctx = useSelector(reconcile, (s) => s.context);
  const busy = useSelector(reconcile, (s) => s.hasTag('busy'));
  const set = (field: 'statementDate' | 'statementBalance') => (value: string) => reconcile.send({ type: 'field.change', field, value });
  if (step === 'statement')
    return (
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          reconcile.send({ type: 'reconcile.check' });
        }}
      >
        <Stack gap="sm">
          {ctx.error && <Alert color="red">{ctx.error.message}</Alert>}
          <TextInput label="Statement date" type="date" value={ctx.statementDate} error={ctx.errors.statementDate} onChange={(e) => set('statementDate')(e.currentTarget.value)} />
          <TextInput label="Statement balance" description="As the statement shows it; negative for what a card owes" inputMode="decimal" value={ctx.statementBalance} error={ctx.errors.statementBalance} onChange={(e) => set('statementBalance')(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => reconcile.send({ type: 'reconcile.cancel' })}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Check
            </Button>
          </Group>
        </Stack>
      </form>
    );
  const p = ctx.preview!;
  return (
    <Stack gap="sm">
      {ctx.error && <Alert color="red">{ctx.error.message}</Alert>}
      <Text>Cleared balance: {money(p.cleared_balance)}</Text>
      <Text>Statement balance: {money(p.statement_balance)}</Text>
      <Text fw={700} data-testid="reconcile-difference">
        Difference: {money(p.difference)}
      </Text>
      {p.uncleared_count > 0 && <Text size="sm" c="dimmed">{p.uncleared_count} transaction(s) up to that day are not cleared yet.</Text>}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => reconcile.send({ type: 'reconcile.back' })}>
          Back
        </Button>
        {p.difference === 0 ? (
          <Button loading={busy} onClick={() => reconcile.send({ type: 'reconcile.finish' })}>
            Finish and lock
          </Button>
        ) : (
          <Button loading={busy} onClick={() => reconcile.send({ type: 'reconcile.adjust' })}>
            Add an adjustment of {money(p.difference)} and lock
          </Button>
        )}
      </Group>
    </Stack>
  );
}
