import { Alert, Button, Group, Modal, SegmentedControl, Select, SimpleGrid, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState, type FormEvent } from 'react';
import type { TransactionDraft } from '../../../../machines/transactions';
import { TRANSACTION_LIMITS, type Transaction, type TransactionType } from '../../../contract/transactions';
import { readAmount } from '../../format/money';
import { localDay } from '../../format/date';
import { categoryOptions } from './display';
import { useTransactions, useTransactionsActor } from './transactionsActor';

/** The add/edit transaction modal, driven by the transactions machine's form region. */
export function TransactionFormModal() {
  const actor = useTransactionsActor();
  const open = useTransactions((s) => !s.matches({ form: 'closed' }));
  const editing = useTransactions((s) => s.context.editing);
  const saving = useTransactions((s) => s.matches({ form: 'saving' }));
  const error = useTransactions((s) => s.context.formError?.message ?? null);
  const fullScreen = useMediaQuery('(max-width: 36em)', false) ?? false;
  const close = () => actor.send({ type: 'form.close' });
  const title = editing ? 'Edit transaction' : 'Add transaction';

  return (
    <Modal
      opened={open}
      onClose={saving ? () => undefined : close}
      title={title}
      centered
      size="lg"
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': 'Close form' }}
    >
      {/* Keyed so the fields start from the transaction being edited each time. */}
      {open && <TransactionForm key={editing?.transaction_id ?? 'new'} transaction={editing} saving={saving} error={error} onCancel={close} title={title} />}
    </Modal>
  );
}

interface FormProps {
  transaction: Transaction | null;
  saving: boolean;
  error: string | null;
  onCancel: () => void;
  title: string;
}

function TransactionForm({ transaction, saving, error, onCancel, title }: FormProps) {
  const actor = useTransactionsActor();
  const categories = useTransactions((s) => s.context.categories);
  // The type orders the category list (its own categories first), so the form follows it as it changes.
  const [type, setType] = useState<TransactionType>(transaction?.type ?? 'expense');
  const [category, setCategory] = useState<string | null>(transaction?.category ?? null);
  const [tags, setTags] = useState<string[]>(transaction?.tags ?? []);
  const typeLabelId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const values: TransactionDraft = {
      type,
      amount: readAmount(text('amount')),
      date: text('date'),
      category: category ?? '',
      description: text('description').trim(),
      merchant: text('merchant').trim() || null,
      notes: text('notes').trim() || null,
      tags,
    };
    actor.send({ type: 'form.submit', values });
  };

  return (
    <form onSubmit={submit} aria-label={title} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert" title={transaction ? 'The transaction was not saved' : 'The transaction was not added'}>
            {error}
          </Alert>
        )}
        <div>
          <Text size="sm" fw={500} mb={4} id={typeLabelId}>
            Type
          </Text>
          <SegmentedControl
            role="radiogroup"
            aria-labelledby={typeLabelId}
            fullWidth
            data={[
              { value: 'expense', label: 'Expense' },
              { value: 'income', label: 'Income' },
            ]}
            value={type}
            onChange={(value) => setType(value as TransactionType)}
            color={type === 'income' ? 'teal' : undefined}
          />
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput name="amount" label="Amount" placeholder="0.00" inputMode="decimal" defaultValue={transaction ? transaction.amount.toFixed(2) : ''} required data-autofocus autoComplete="off" />
          <TextInput name="date" label="Date" type="date" defaultValue={transaction?.date ?? localDay()} required />
        </SimpleGrid>
        <Select
          label="Category"
          placeholder="Pick a category"
          data={categoryOptions(categories, type, transaction?.category)}
          value={category}
          onChange={setCategory}
          searchable
          required
          nothingFoundMessage="No such category"
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput name="description" label="Description" placeholder="Weekly groceries" defaultValue={transaction?.description ?? ''} maxLength={TRANSACTION_LIMITS.description} />
        <TextInput name="merchant" label="Merchant or payee" placeholder="Corner Market" defaultValue={transaction?.merchant ?? ''} maxLength={TRANSACTION_LIMITS.merchant} />
        <TagsInput
          label="Tags"
          description="Press Enter after each tag"
          placeholder={tags.length ? undefined : 'family, holiday'}
          value={tags}
          onChange={setTags}
          maxTags={TRANSACTION_LIMITS.tags}
          splitChars={[',', ' ']}
          clearable
        />
        <Textarea name="notes" label="Notes" defaultValue={transaction?.notes ?? ''} maxLength={TRANSACTION_LIMITS.notes} autosize minRows={2} maxRows={5} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {transaction ? 'Save changes' : 'Add transaction'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
