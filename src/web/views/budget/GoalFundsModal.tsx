import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { FUND_NOTE_MAX } from '../../../contract/goals';
import type { goalFundsMachine } from '../../../../machines/goalFunds';
import type { ActorRefFrom } from 'xstate';
import { useMoney } from '../../hooks/useMoney';
import { fieldOfDetail } from '../../forms/contractRules';
import { useGoals } from './goalsActor';
import { useDialog } from '../../hooks/useDialog';

type GoalFundsActor = ActorRefFrom<typeof goalFundsMachine>;

/** The add/withdraw modal: open while the goals machine runs a goalFunds operation. */
export function GoalFundsModal() {
  const operation = useGoals((s) => s.children.goalFunds as GoalFundsActor | undefined);
  return operation ? <FundsDialog key={operation.sessionId} operation={operation} /> : null;
}

function FundsDialog({ operation }: { operation: GoalFundsActor }) {
  const money = useMoney();
  const direction = useSelector(operation, (s) => s.context.direction);
  const goalName = useSelector(operation, (s) => s.context.goalName);
  const saved = useSelector(operation, (s) => s.context.saved);
  const amount = useSelector(operation, (s) => s.context.amount);
  const note = useSelector(operation, (s) => s.context.note);
  const validationError = useSelector(operation, (s) => s.context.validationError);
  const failure = useSelector(operation, (s) => s.context.error);
  const submitting = useSelector(operation, (s) => s.hasTag('busy'));
  const failed = useSelector(operation, (s) => s.matches('failed'));
  // A refusal (not enough saved, invalid amount) cannot be fixed by sending it again: no Retry then.
  const canRetry = useSelector(operation, (s) => s.can({ type: 'funds.retry' }));
  const adding = direction === 'add';
  const title = adding ? `Add funds to ${goalName}` : `Withdraw from ${goalName}`;
  const cancel = () => operation.send({ type: 'funds.cancel' });
  // The machine checks the amount with the contract's funds rule; a refusal about the amount
  // ("Cannot withdraw $80.00: only $50.00 is saved…") is shown under it too, anything else above the buttons.
  const refusal = failed && failure ? fieldOfDetail(failure.message, ['amount', 'note'], { also: { amount: /^Cannot withdraw|above the largest balance/ } }) : null;
  const amountError = validationError ?? (refusal?.field === 'amount' ? refusal.message : null);
  const noteError = refusal?.field === 'note' ? refusal.message : null;
  const alert = failed && failure && !refusal ? failure.message : null;
  const amountInput = useRef<HTMLInputElement>(null);
  const noteInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (amountError) amountInput.current?.focus();
    else if (noteError) noteInput.current?.focus();
  }, [amountError, noteError]);
  useDialog('goalFunds', true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    operation.send({ type: 'funds.submit' });
  };

  return (
    <Modal opened onClose={submitting ? () => undefined : cancel} title={title} centered>
      <form onSubmit={submit} aria-label={title} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Saved so far: <strong>{money(saved)}</strong>
          </Text>
          <TextInput
            label="Amount"
            placeholder="0.00"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => operation.send({ type: 'amount.change', value: e.currentTarget.value })}
            error={amountError}
            ref={amountInput}
            disabled={submitting}
            required
            data-autofocus
          />
          <TextInput
            label="Note (optional)"
            placeholder={adding ? 'Birthday money' : 'Car repair'}
            value={note}
            maxLength={FUND_NOTE_MAX}
            onChange={(e) => operation.send({ type: 'note.change', value: e.currentTarget.value })}
            error={noteError}
            ref={noteInput}
            disabled={submitting}
          />
          {alert && (
            <Alert color="red" variant="light" role="alert" title={adding ? 'The funds were not added' : 'Nothing was withdrawn'}>
              {alert}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel} disabled={submitting}>
              Cancel
            </Button>
            {failed && canRetry && (
              <Button variant="light" onClick={() => operation.send({ type: 'funds.retry' })}>
                Retry
              </Button>
            )}
            <Button type="submit" loading={submitting} color={adding ? undefined : 'orange'}>
              {adding ? 'Add funds' : 'Withdraw'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
