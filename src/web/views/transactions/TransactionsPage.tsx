import { Button, Card, EmptyState, Group, Loader, Menu, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PageFilters as TransactionFilters } from '../../../../machines/transactionList';
import { activeFilterCount, DEFAULT_FILTERS, filtersFromQuery, filtersToQuery } from '../../transactions/urlCodec';
import { Icon } from '../icons';
import { LoadFailed } from '../LoadFailed';
import { PageTitle } from '../PageTitle';
import { FiltersBar } from './FiltersBar';
import { FilterTotals } from './FilterTotals';
import { BulkBar } from './BulkBar';
import { RuleOfferBanner } from './RuleOfferBanner';
import { ImportWizard } from './ImportWizard';
import { SummaryHeader } from './SummaryHeader';
import { TransactionFormModal } from './TransactionFormModal';
import { TransactionList, TransactionListSkeleton } from './TransactionList';
import { TransactionsProvider, useTransactionList, useTransactions, useTransactionsActor, useTransactionsMachine } from './transactionsActor';

/**
 * /transactions ([spec:2-guarded-routes]). The filters live in the URL, so a view can be shared and survives a reload:
 * the page reads them and tells the machine, which owns the loaded rows.
 */
export default function TransactionsPage() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromQuery(search), [search]);
  const actor = useTransactionsMachine(filters);

  useEffect(() => {
    actor.send({ type: 'filters.change', filters });
  }, [actor, filters]);

  // A value the page could not use (a hand-edited or stale link) leaves the URL too, so it never shows a filter that is not applied.
  useEffect(() => {
    const applied = new URLSearchParams(filtersToQuery(filters));
    if (applied.toString() !== search.toString()) setSearch(applied, { replace: true });
  }, [filters, search, setSearch]);

  const setFilters = useCallback((next: TransactionFilters) => setSearch(filtersToQuery(next), { replace: true }), [setSearch]);

  return (
    <TransactionsProvider value={actor}>
      <Stack gap="md">
        <PageTitle title="Transactions" description="Every income and expense: find, add, import and export." actions={<PageActions />} />
        <SummaryHeader />
        <FiltersBar filters={filters} onChange={setFilters} />
        <FilterTotals filtered={activeFilterCount(filters) > 0} />
        <BulkBar />
        <RuleOfferBanner />
        <ListSection filters={filters} onClearFilters={() => setFilters({ ...DEFAULT_FILTERS, sort: filters.sort, order: filters.order })} />
      </Stack>
      <TransactionFormModal />
      <ImportWizard />
    </TransactionsProvider>
  );
}

function PageActions() {
  const actor = useTransactionsActor();
  const exporting = useTransactions((s) => s.matches({ exporter: 'exporting' }));
  const canExport = useTransactionList((s) => s.context.items.length > 0);
  const hasDemo = useTransactions((s) => s.context.summary?.has_demo_data ?? false);
  const demoBusy = useTransactions((s) => !s.matches({ demo: 'idle' }));
  return (
    <Group gap="xs" wrap="wrap">
      <Button onClick={() => actor.send({ type: 'transaction.create' })} leftSection={<Icon name="transactions" size={16} />}>
        Add transaction
      </Button>
      <Button variant="default" onClick={() => actor.send({ type: 'import.open' })}>
        Import CSV
      </Button>
      <Button variant="default" onClick={() => actor.send({ type: 'export.start' })} loading={exporting} disabled={!canExport}>
        Export CSV
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="subtle" aria-label="More actions" loading={demoBusy} px="xs">
            •••
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Demo data</Menu.Label>
          {hasDemo ? (
            <Menu.Item color="red" onClick={() => actor.send({ type: 'demo.remove' })}>
              Remove demo data
            </Menu.Item>
          ) : (
            <Menu.Item onClick={() => actor.send({ type: 'demo.load' })}>Load demo data</Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function ListSection({ filters, onClearFilters }: { filters: TransactionFilters; onClearFilters: () => void }) {
  const actor = useTransactionsActor();
  const phase = useTransactionList((s) => (s.matches({ list: 'failed' }) ? 'failed' : s.matches({ list: 'loading' }) ? 'loading' : 'loaded'));
  const empty = useTransactionList((s) => s.context.items.length === 0);
  const loadError = useTransactionList((s) => s.context.loadError?.message ?? null);
  const loadingDemo = useTransactions((s) => s.matches({ demo: 'loading' }));
  const filtered = activeFilterCount(filters) > 0;

  if (phase === 'failed') {
    return <LoadFailed title="Your transactions could not be loaded" message={loadError} onRetry={() => actor.send({ type: 'list.retry' })} />;
  }
  if (phase === 'loading' && empty) return <TransactionListSkeleton />;
  if (empty && filtered) {
    return (
      <Card withBorder padding="xl" radius="md">
        <EmptyState variant="light" title="No transactions match these filters" description="Try a wider date range or fewer filters.">
          <EmptyState.Actions>
            <Button variant="default" onClick={onClearFilters}>
              Clear filters
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    );
  }
  if (empty) {
    return (
      <Card withBorder padding="xl" radius="md">
        <EmptyState
          variant="light"
          title="No transactions yet"
          description="Add your first income or expense, import your bank’s CSV export, or load a year of demo data to see every screen filled."
          icon={<Icon name="transactions" size={28} />}
        >
          <EmptyState.Actions>
            <Button onClick={() => actor.send({ type: 'transaction.create' })}>Add a transaction</Button>
            <Button variant="default" onClick={() => actor.send({ type: 'import.open' })}>
              Import a CSV
            </Button>
            <Button variant="light" onClick={() => actor.send({ type: 'demo.load' })} loading={loadingDemo}>
              Load demo data
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    );
  }
  return (
    <Stack gap="xs">
      {phase === 'loading' && (
        <Group gap="xs" role="status" aria-label="Updating transactions">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Updating…
          </Text>
        </Group>
      )}
      <TransactionList />
    </Stack>
  );
}
