import { Button, Group, NativeSelect, Paper, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { BulkChange } from '../../../../machines/transactions';
import { formatCount } from '../../format/number';
import { useTransactionListActor, useTransactions, useTransactionsActor } from './transactionsActor';

/**
 * The bar over the list while rows are ticked: categorize, add or remove a tag, mark cleared, delete
 * (after a danger confirmation), select all loaded rows or none. The transactions machine runs the change.
 */
export function BulkBar() {
  const actor = useTransactionsActor();
  const selected = useTransactions((s) => s.context.selected);
  const categories = useTransactions((s) => s.context.categories);
  const busy = useTransactions((s) => !s.matches({ selection: 'idle' }));
  // Read when Select all is pressed, not on every list change (the list may hold 100,000 rows).
  const list = useTransactionListActor();
  // What the user is choosing in the bar before pressing a button (not state the machine decides on).
  const [category, setCategory] = useState('');
  const [tag, setTag] = useState('');
  if (selected.length === 0) return null;
  const run = (change: BulkChange) => actor.send({ type: 'bulk.run', change });
  const tags = tag
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Selected transactions">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Text fw={600} role="status">
          {formatCount(selected.length)} selected
        </Text>
        <Button size="xs" variant="subtle" onClick={() => actor.send({ type: 'selection.set', transactionIds: list.getSnapshot().context.items.map((t) => t.transaction_id) })}>
          Select all loaded
        </Button>
        <Button size="xs" variant="subtle" onClick={() => actor.send({ type: 'selection.clear' })}>
          Clear selection
        </Button>
        <NativeSelect size="xs" aria-label="Category for the selected" value={category} onChange={(e) => setCategory(e.currentTarget.value)} data={[{ value: '', label: 'Choose a category' }, ...categories.map((c) => ({ value: c.name, label: c.name }))]} />
        <Button size="xs" disabled={!category || busy} onClick={() => run({ action: 'categorize', category })}>
          Categorize
        </Button>
        <TextInput size="xs" aria-label="Tag for the selected" placeholder="tag" value={tag} onChange={(e) => setTag(e.currentTarget.value)} />
        <Button size="xs" variant="default" disabled={tags.length === 0 || busy} onClick={() => run({ action: 'add_tags', tags })}>
          Add tag
        </Button>
        <Button size="xs" variant="default" disabled={tags.length === 0 || busy} onClick={() => run({ action: 'remove_tags', tags })}>
          Remove tag
        </Button>
        <Button size="xs" variant="default" disabled={busy} onClick={() => run({ action: 'mark_cleared' })}>
          Mark cleared
        </Button>
        <Button size="xs" variant="light" color="red" disabled={busy} onClick={() => run({ action: 'delete' })}>
          Delete
        </Button>
      </Group>
    </Paper>
  );
}
