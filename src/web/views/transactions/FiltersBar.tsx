import { Badge, Button, Collapse, Group, MultiSelect, NativeSelect, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useId, useRef, useState } from 'react';
import type { PageFilters as TransactionFilters } from '../../../../machines/transactionList';
import type { SortOrder, TransactionSort } from '../../../contract/transactions';
import { activeFilterCount, DEFAULT_FILTERS, filterProblems, type RangeField } from '../../transactions/urlCodec';
import { readAmount } from '../../format/money';
import { useTransactions, useTransactionsActor } from './transactionsActor';

const sortOptions: { value: `${TransactionSort}:${SortOrder}`; label: string }[] = [
  { value: 'date:desc', label: 'Newest first' },
  { value: 'date:asc', label: 'Oldest first' },
  { value: 'amount:desc', label: 'Largest amount' },
  { value: 'amount:asc', label: 'Smallest amount' },
  { value: 'created_at:desc', label: 'Recently added' },
];

const typeOptions = [
  { value: 'all', label: 'All' },
  { value: 'expense', label: 'Expenses' },
  { value: 'income', label: 'Income' },
];

/**
 * A text field that commits its value after a pause in typing (Enter commits at once), and follows
 * the committed value when it changes from outside (Clear filters, a pasted link, back button). The
 * values it committed itself come back a moment later, maybe after more keys were typed: those are
 * not followed, or the field would lose what was typed since.
 */
function useCommittedText(value: string, commit: (text: string) => void, delay = 350) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState<string[]>([]);
  const send = (text: string) => {
    setSent((list) => [...list.slice(-9), text.trim()]);
    commit(text);
  };
  const debounced = useDebouncedCallback(send, delay);
  // Without a pause (delay 0) the value is committed right after the keystroke's own paint, so the letter shows
  // first and the work of the new query follows.
  const frame = useRef(0);
  const timer = useRef(0);
  const cancelPending = () => {
    cancelAnimationFrame(frame.current);
    clearTimeout(timer.current);
  };
  const commitAfterPaint = (text: string) => {
    cancelPending();
    frame.current = requestAnimationFrame(() => {
      timer.current = window.setTimeout(() => send(text), 0);
    });
  };
  if (value !== seen) {
    setSeen(value);
    const echo = sent.indexOf(value);
    if (echo >= 0) setSent(sent.slice(echo + 1));
    else if (value !== draft.trim()) setDraft(value);
  }
  return {
    value: draft,
    onChange: (text: string) => {
      setDraft(text);
      if (delay === 0) commitAfterPaint(text);
      else debounced(text);
    },
    flush: () => {
      debounced.cancel();
      cancelPending();
      send(draft);
    },
  };
}

/** The pause after the last key before a search is run: shorter than a typist's pause, longer than the gap between keys. */
const SEARCH_PAUSE_MS = 150;

const amountText = (n: number | undefined) => (n === undefined ? '' : String(n));

/** Search, sort and the filters of the list. Every value lives in the URL; changing one rewrites it. */
export function FiltersBar({ filters, onChange }: { filters: TransactionFilters; onChange: (filters: TransactionFilters) => void }) {
  const active = activeFilterCount(filters);
  const actor = useTransactionsActor();
  const open = useTransactions((s) => s.matches({ filterPanel: 'open' }));
  const panelId = useId();
  const categories = useTransactions((s) => s.context.categories);
  const set = (patch: Partial<TransactionFilters>) => onChange({ ...filters, ...patch });

  const [problems, setProblems] = useState<Partial<Record<RangeField, string>>>({});
  // A range that cannot hold a row, or an amount that is not one, is said at its field and not applied.
  const setRange = (field: RangeField, value: string | number | undefined | null) => {
    if (value === null) return setProblems((p) => ({ ...p, [field]: 'Enter an amount of 0 or more' }));
    const next = { ...filters, [field]: value };
    const found = filterProblems(next);
    setProblems(found);
    if (Object.keys(found).length === 0) onChange(next);
  };
  // The search commits after a short pause in typing (committing every key made each keystroke wait for the
  // page's render): the page then narrows the rows it has at once and the server's answer replaces them.
  const search = useCommittedText(filters.q ?? '', (q) => set({ q: q.trim() || undefined }), SEARCH_PAUSE_MS);
  const minAmount = useCommittedText(amountText(filters.amount_min), (text) => setRange('amount_min', amountOf(text)));
  const maxAmount = useCommittedText(amountText(filters.amount_max), (text) => setRange('amount_max', amountOf(text)));
  const fromDay = useCommittedText(filters.date_from ?? '', (day) => setRange('date_from', day || undefined), 0);
  const toDay = useCommittedText(filters.date_to ?? '', (day) => setRange('date_to', day || undefined), 0);

  const categoryData = [
    { group: 'Expenses', items: categories.filter((c) => c.type === 'expense').map((c) => c.name) },
    { group: 'Income', items: categories.filter((c) => c.type === 'income').map((c) => c.name) },
  ].filter((g) => g.items.length > 0);
  // A category from a shared link that this user does not have is still shown (and removable).
  const unknown = (filters.category ?? []).filter((name) => !categories.some((c) => c.name === name));
  if (unknown.length) categoryData.push({ group: 'Other', items: unknown });

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Search and filters">
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Description, merchant or notes"
            type="search"
            value={search.value}
            onChange={(e) => search.onChange(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') search.flush();
            }}
            maxLength={100}
            style={{ flex: '1 1 220px' }}
          />
          <NativeSelect
            label="Sort by"
            data={sortOptions}
            value={`${filters.sort}:${filters.order}`}
            onChange={(e) => {
              const [sort, order] = e.currentTarget.value.split(':') as [TransactionSort, SortOrder];
              set({ sort, order });
            }}
            style={{ flex: '0 1 180px' }}
          />
          <Button
            variant={open ? 'light' : 'default'}
            onClick={() => actor.send({ type: 'filterPanel.toggle' })}
            aria-expanded={open}
            aria-controls={panelId}
            rightSection={active > 0 ? <Badge size="sm" circle aria-label={`${active} active`}>{active}</Badge> : undefined}
          >
            Filters
          </Button>
          {active > 0 && (
            <Button variant="subtle" onClick={() => onChange({ ...DEFAULT_FILTERS, sort: filters.sort, order: filters.order })}>
              Clear filters
            </Button>
          )}
        </Group>
        <Collapse expanded={open} id={panelId}>
          <Stack gap="sm" pt={4}>
            <div>
              <Text size="sm" fw={500} mb={4} id={`${panelId}-type`}>
                Type
              </Text>
              <SegmentedControl
                role="radiogroup"
                aria-labelledby={`${panelId}-type`}
                data={typeOptions}
                value={filters.type ?? 'all'}
                onChange={(value) => set({ type: value === 'all' ? undefined : (value as TransactionFilters['type']) })}
              />
            </div>
            <MultiSelect
              label="Categories"
              placeholder={filters.category?.length ? undefined : 'Any category'}
              data={categoryData}
              value={filters.category ?? []}
              onChange={(value) => set({ category: value.length ? value : undefined })}
              searchable
              clearable
              nothingFoundMessage="No such category"
              comboboxProps={{ withinPortal: true }}
            />
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <TextInput label="From" type="date" value={fromDay.value} error={problems.date_from} onChange={(e) => fromDay.onChange(e.currentTarget.value)} />
              <TextInput label="To" type="date" value={toDay.value} error={problems.date_to} onChange={(e) => toDay.onChange(e.currentTarget.value)} />
              <TextInput label="Min amount" inputMode="decimal" placeholder="0.00" value={minAmount.value} error={problems.amount_min} onChange={(e) => minAmount.onChange(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && minAmount.flush()} />
              <TextInput label="Max amount" inputMode="decimal" placeholder="Any" value={maxAmount.value} error={problems.amount_max} onChange={(e) => maxAmount.onChange(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && maxAmount.flush()} />
            </SimpleGrid>
          </Stack>
        </Collapse>
      </Stack>
    </Paper>
  );
}

/** A typed amount bound: undefined when blank, null when it is not an amount of 0 or more. */
function amountOf(text: string): number | undefined | null {
  if (!text.trim()) return undefined;
  const n = readAmount(text);
  return n === undefined || Number.isNaN(n) || n < 0 ? null : n;
}
