import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { remainderOf, type SplitLineField } from '../../../../machines/splitEditor';
import { SPLIT_LIMITS } from '../../../contract/splits';
import { useMoney } from '../../hooks/useMoney';
import { categoryOptions } from './display';
import { useTransactions, type SplitActor } from './transactionsActor';
import classes from './transactions.module.css';

/**
 * The split editor inside the transaction form, driven by the splitEditor machine: one row of
 * fields per line (category, amount, memo), what is left to assign under them, Save only when it is 0.
 * Keyboard: Tab walks the fields in reading order; Enter in a field saves (refused with the reason while
 * the lines do not add up); Escape goes back to the form.
 */
export function SplitEditor({ actor }: { actor: SplitActor }) {
  const categories = useTransactions((s) => s.context.categories);
  const transaction = useSelector(actor, (s) => s.context.transaction);
  const lines = useSelector(actor, (s) => s.context.lines);
  const wasSplit = useSelector(actor, (s) => s.context.wasSplit);
  const problem = useSelector(actor, (s) => s.context.problem);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const left = remainderOf({ transaction, lines });
  const money = useMoney();
  const currency = transaction.currency;
  const change = (index: number, field: SplitLineField, value: string) => actor.send({ type: 'line.change', index, field, value });

  if (failed)
    return (
      <Stack gap="sm">
        <Alert color="red" variant="light" role="alert">
          {error?.message}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => actor.send({ type: 'split.cancel' })}>
            Back
          </Button>
          <Button onClick={() => actor.send({ type: 'split.retry' })}>Retry</Button>
        </Group>
      </Stack>
    );

  return (
    <form
      aria-label="Split transaction"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'split.save' });
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !busy) {
          e.stopPropagation();
          actor.send({ type: 'split.cancel' });
        }
      }}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm">
          Split {money(transaction.amount, currency)} {transaction.merchant_name || transaction.merchant || transaction.description ? `(${transaction.merchant_name || transaction.merchant || transaction.description}) ` : ''}
          into lines.
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert" title="The split was not saved">
            {error.message}
          </Alert>
        )}
        {lines.map((line, i) => (
          <fieldset key={i} className={classes.splitLine} aria-label={`Line ${i + 1}`} disabled={loading || busy}>
            <Select
              label={`Line ${i + 1} category`}
              placeholder="Category"
              data={categoryOptions(categories, transaction.type, line.category || undefined)}
              searchable
              comboboxProps={{ withinPortal: true }}
              value={line.category || null}
              onChange={(value) => change(i, 'category', value ?? '')}
              className={classes.splitCategory}
              data-autofocus={i === 0 ? true : undefined}
            />
            <TextInput label={`Line ${i + 1} amount`} placeholder="0.00" inputMode="decimal" autoComplete="off" value={line.amount} onChange={(e) => change(i, 'amount', e.currentTarget.value)} className={classes.splitAmount} />
            <TextInput label={`Line ${i + 1} memo`} placeholder="Memo" maxLength={SPLIT_LIMITS.memo} value={line.memo} onChange={(e) => change(i, 'memo', e.currentTarget.value)} className={classes.splitMemo} />
            <Group gap={4} className={classes.splitActions}>
              <Button size="compact-sm" variant="subtle" disabled={left <= 0} onClick={() => actor.send({ type: 'line.fillRest', index: i })} aria-label={`Put the rest in line ${i + 1}`}>
                Rest
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" disabled={lines.length <= SPLIT_LIMITS.minLines} onClick={() => actor.send({ type: 'line.remove', index: i })} aria-label={`Remove line ${i + 1}`}>
                Remove
              </Button>
            </Group>
          </fieldset>
        ))}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Button variant="light" size="compact-sm" onClick={() => actor.send({ type: 'line.add' })} disabled={busy || lines.length >= SPLIT_LIMITS.maxLines}>
            Add line
          </Button>
          <Text size="sm" fw={600} role="status" aria-live="polite" c={left === 0 ? 'teal' : 'red'} data-testid="split-remainder">
            {left === 0 ? 'All assigned' : left > 0 ? `Left to assign: ${money(left / 100, currency)}` : `Over by ${money(-left / 100, currency)}`}
          </Text>
        </Group>
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          {wasSplit && (
            <Button variant="subtle" color="red" onClick={() => actor.send({ type: 'split.unsplit' })} disabled={busy}>
              Unsplit
            </Button>
          )}
          <Button variant="default" onClick={() => actor.send({ type: 'split.cancel' })} disabled={busy}>
            Back
          </Button>
          <Button type="submit" loading={busy}>
            Save split
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
