import { Alert, Button, Checkbox, Group, Modal, SegmentedControl, Select, SimpleGrid, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useForm } from '@mantine/form';
import { useId, useState } from 'react';
import type { AccountOption, TransactionDraft } from '../../../../machines/transactions';
import type { CallFailure } from '../../../../machines/types';
import { SUPPORTED_CURRENCIES } from '../../../contract/money';
import { createTransactionRequest, TRANSACTION_LIMITS, type Transaction, type TransactionType } from '../../../contract/transactions';
import { readAmount } from '../../format/money';
import { contractRules, focusFirstInvalid, useServerFieldError } from '../../forms/contractRules';
import { isScheduled, localDay } from '../../format/date';
import { categoryOptions } from './display';
import { useTransactions, useTransactionsActor, type SplitActor } from './transactionsActor';
import { SplitEditor } from './SplitEditor';
import { TransferMatches } from './TransferMatches';
import { useDialog } from '../../hooks/useDialog';
import classes from './transactions.module.css';

/** The add/edit transaction modal, driven by the transactions machine's form region. */
export function TransactionFormModal() {
  const actor = useTransactionsActor();
  const open = useTransactions((s) => !s.matches({ form: 'closed' }));
  const editing = useTransactions((s) => s.context.editing);
  const saving = useTransactions((s) => s.matches({ form: 'saving' }));
  const splitter = useTransactions((s) => (s.matches({ form: 'splitting' }) ? (s.children.split as SplitActor | undefined) : undefined));
  const failure = useTransactions((s) => s.context.formError);
  const transfer = useTransactions((s) => s.matches({ form: 'transfer' }));
  const linking = useTransactions((s) => s.matches({ form: { transfer: 'linking' } }));
  const fullScreen = useMediaQuery('(max-width: 36em)', false) ?? false;
  const close = () => actor.send({ type: 'form.close' });
  const title = splitter ? 'Split transaction' : transfer ? 'This is a transfer' : editing ? 'Edit transaction' : 'Add transaction';
  useDialog('transactionForm', open);

  return (
    <Modal
      opened={open}
      onClose={saving || linking ? () => undefined : close}
      title={title}
      centered
      size="lg"
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': 'Close form' }}
      // Escape in "This is a transfer…" goes back to the form (the panel handles it), not out of it.
      closeOnEscape={!transfer}
    >
      {/* Keyed so the fields start from the transaction being edited each time. */}
      {open && splitter && <SplitEditor actor={splitter} />}
      {open && transfer && <TransferMatches />}
      {open && !splitter && !transfer && <TransactionForm key={editing?.transaction_id ?? 'new'} transaction={editing} saving={saving} failure={failure} onCancel={close} title={title} />}
    </Modal>
  );
}

/** The value of the "Create '…'" option: never a category name (those cannot hold control characters). */
const CREATE = '\u0000create:';

interface FormProps {
  transaction: Transaction | null;
  saving: boolean;
  failure: CallFailure | null;
  onCancel: () => void;
  title: string;
}

interface TransactionValues {
  account_id: string | null;
  type: TransactionType;
  amount: string;
  date: string;
  category: string | null;
  description: string;
  merchant: string;
  notes: string;
  tags: string[];
  /** Paid in another currency (a card used abroad): what it was there, and that currency; blank for none. */
  abroad: boolean;
  original_amount: string;
  original_currency: string | null;
}

/** What the form sends: blank optional text left out as null, the amount as the number typed (undefined when blank). */
const toDraft = (v: TransactionValues): TransactionDraft => ({
  ...(v.account_id ? { account_id: v.account_id } : {}),
  type: v.type,
  amount: readAmount(v.amount),
  date: v.date,
  category: v.category ?? '',
  description: v.description.trim(),
  merchant: v.merchant.trim() || null,
  notes: v.notes.trim() || null,
  tags: v.tags,
  // "100.00 EUR, charged 108.37 USD": both amounts go; the server keeps the rate they imply.
  ...(v.abroad ? { original_amount: readAmount(v.original_amount) ?? null, original_currency: v.original_currency } : {}),
});

const fields = ['account_id', 'type', 'amount', 'date', 'category', 'description', 'merchant', 'notes', 'tags', 'original_amount', 'original_currency'] as const;
const labels = { merchant: 'Merchant or payee', account_id: 'Account', original_amount: 'Amount paid there', original_currency: 'Currency paid in' };

/** The account a new entry starts in: the last one used here, else the only one, else the first on-budget one. */
function defaultAccount(accounts: AccountOption[], last: string | null): string | null {
  if (last && accounts.some((a) => a.account_id === last)) return last;
  return (accounts.find((a) => a.on_budget) ?? accounts[0])?.account_id ?? null;
}
const validate = contractRules<TransactionValues>(createTransactionRequest, { labels, toInput: toDraft });

function TransactionForm({ transaction, saving, failure, onCancel, title }: FormProps) {
  const actor = useTransactionsActor();
  const categories = useTransactions((s) => s.context.categories);
  const accounts = useTransactions((s) => s.context.accounts);
  const lastAccountId = useTransactions((s) => s.context.lastAccountId);
  const suggestion = useTransactions((s) => s.context.suggestion);
  const typeLabelId = useId();
  // The contract's create rules, every field at once; the server's refusal lands next to the field it names.
  const form = useForm<TransactionValues>({
    name: 'transaction',
    mode: 'controlled',
    initialValues: {
      account_id: transaction ? transaction.account_id : defaultAccount(accounts, lastAccountId),
      type: transaction?.type ?? 'expense',
      amount: transaction ? transaction.amount.toFixed(2) : '',
      date: transaction?.date ?? localDay(),
      category: transaction?.category ?? null,
      description: transaction?.description ?? '',
      merchant: transaction?.merchant ?? '',
      notes: transaction?.notes ?? '',
      tags: transaction?.tags ?? [],
      abroad: false,
      original_amount: '',
      original_currency: null,
    },
    validate,
  });
  const alert = useServerFieldError(form, failure, fields, { labels });
  const type = form.values.type;
  // A name typed that is no category yet is offered as "Create 'Pets'".
  const [categorySearch, setCategorySearch] = useState('');
  const typed = categorySearch.trim();
  const offerNew = typed.length > 0 && typed !== form.values.category && !categories.some((c) => c.name.toLowerCase() === typed.toLowerCase());
  const categoryError = useTransactions((s) => s.context.categoryError?.message ?? null);
  const creatingCategory = useTransactions((s) => s.matches({ categories: 'creating' }));

  return (
    <form
      onSubmit={form.onSubmit(
        (values) => {
          const draft = toDraft(values);
          // An edit sends the account only when it changes (a transfer leg keeps its own).
          if (transaction && draft.account_id === transaction.account_id) delete draft.account_id;
          actor.send({ type: 'form.submit', values: draft });
        },
        (errors) => focusFirstInvalid(form, errors),
      )}
      aria-label={title}
      noValidate
    >
      <Stack gap="md">
        {alert && (
          <Alert color="red" variant="light" role="alert" title={transaction ? 'The transaction was not saved' : 'The transaction was not added'}>
            {alert}
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
            onChange={(value) => form.setFieldValue('type', value as TransactionType)}
            color={type === 'income' ? 'teal' : undefined}
          />
        </div>
        {(accounts.length > 1 || (transaction && !accounts.some((a) => a.account_id === transaction.account_id) && accounts.length > 0)) && (
          <Select
            label="Account"
            data={[
              ...accounts.map((a) => ({ value: a.account_id, label: a.name })),
              ...(transaction && !accounts.some((a) => a.account_id === transaction.account_id) ? [{ value: transaction.account_id, label: 'Closed account' }] : []),
            ]}
            allowDeselect={false}
            withAsterisk
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('account_id')}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Amount"
            placeholder="0.00"
            inputMode="decimal"
            withAsterisk
            data-autofocus
            autoComplete="off"
            {...form.getInputProps('amount')}
            readOnly={transaction?.split === true}
            description={transaction?.split ? 'Split: change the lines with Edit split' : undefined}
          />
          <TextInput
            label="Date"
            type="date"
            withAsterisk
            description={isScheduled(form.values.date) ? 'After today: saved as scheduled, counted in totals and the balance from that day on' : undefined}
            {...form.getInputProps('date')}
          />
        </SimpleGrid>
        {/* Only a new entry: what a charge abroad was there is kept as typed. */}
        {!transaction && <Checkbox label="Paid in another currency" description="A card used abroad: what the shop charged there, beside what the account was charged" {...form.getInputProps('abroad', { type: 'checkbox' })} />}
        {!transaction && form.values.abroad && (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="Amount paid there" placeholder="0.00" inputMode="decimal" withAsterisk autoComplete="off" {...form.getInputProps('original_amount')} />
            <Select label="Currency paid in" data={SUPPORTED_CURRENCIES} searchable allowDeselect={false} withAsterisk comboboxProps={{ withinPortal: true }} {...form.getInputProps('original_currency')} />
          </SimpleGrid>
        )}
        <Select
          label="Category"
          placeholder="Pick a category or type a new one"
          data={[...categoryOptions(categories, type, form.values.category ?? transaction?.category, transaction?.category), ...(offerNew ? [{ group: 'New', items: [{ value: `${CREATE}${typed}`, label: `Create '${typed}'` }] }] : [])]}
          searchable
          searchValue={categorySearch}
          onSearchChange={setCategorySearch}
          withAsterisk
          nothingFoundMessage="No such category"
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('category')}
          error={form.errors.category ?? categoryError}
          disabled={creatingCategory || transaction?.split === true}
          description={transaction?.split ? 'Split into lines: see Edit split' : undefined}
          onChange={(value) => {
            if (value?.startsWith(CREATE)) {
              const name = value.slice(CREATE.length);
              form.setFieldValue('category', name);
              actor.send({ type: 'category.create', name, categoryType: type });
            } else form.setFieldValue('category', value);
          }}
        />
        <div>
          <TextInput
            label="Description"
            placeholder="Weekly groceries"
            maxLength={TRANSACTION_LIMITS.description}
            {...form.getInputProps('description')}
            onBlur={() => {
              form.getInputProps('description').onBlur?.();
              const amount = Number(form.values.amount);
              actor.send({
                type: 'form.describe',
                row: { description: form.values.description.trim(), merchant: form.values.merchant.trim() || null, type, ...(Number.isFinite(amount) && amount > 0 ? { amount } : {}) },
              });
            }}
          />
          {/* Always there, empty until a suggestion arrives: the line is kept and the news is read out politely. */}
          <div className={classes.suggestion} role="status" aria-live="polite" aria-label="Suggested category">
            {suggestion && suggestion.category !== form.values.category && categories.some((c) => c.name === suggestion.category && c.type === type) && (
              <>
                <span className={classes.suggestionText} title={[suggestion.category, suggestion.why].filter(Boolean).join(' — ')}>
                  Suggested: <strong>{suggestion.category}</strong>
                  {suggestion.why ? ` — ${suggestion.why}` : ''}
                </span>
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() => {
                    form.setFieldValue('category', suggestion.category);
                    if (!form.values.merchant.trim() && suggestion.merchant) form.setFieldValue('merchant', suggestion.merchant);
                  }}
                >
                  Use {suggestion.category}
                </Button>
              </>
            )}
          </div>
        </div>
        <TextInput label="Merchant or payee" placeholder="Corner Market" maxLength={TRANSACTION_LIMITS.merchant} {...form.getInputProps('merchant')} />
        <TagsInput
          label="Tags"
          description="Press Enter after each tag"
          placeholder={form.values.tags.length ? undefined : 'family, holiday'}
          maxTags={TRANSACTION_LIMITS.tags}
          splitChars={[',', ' ']}
          clearable
          {...form.getInputProps('tags')}
        />
        <Textarea label="Notes" maxLength={TRANSACTION_LIMITS.notes} autosize minRows={2} maxRows={5} {...form.getInputProps('notes')} />
        <Group justify="flex-end" gap="sm">
          {transaction?.kind === 'standard' && (
            <Button variant="subtle" onClick={() => actor.send({ type: 'split.open' })} disabled={saving} mr="auto">
              {transaction.split ? 'Edit split' : 'Split'}
            </Button>
          )}
          {transaction?.kind === 'standard' && !transaction.split && (
            <Button variant="subtle" onClick={() => actor.send({ type: 'transfer.open' })} disabled={saving}>
              This is a transfer…
            </Button>
          )}
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
