import { Box, Button, Card, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import type { Transaction } from '../../../contract/transactions';
import { formatDay, isScheduled } from '../../format/date';
import { formatCount } from '../../format/number';
import { useMoney } from '../../hooks/useMoney';
import { LoadFailed } from '../LoadFailed';
import type { TransactionCategory } from '../../../../machines/transactions';
import { categoryColor } from './display';
import { useTransactionList, useTransactions, useTransactionsActor } from './transactionsActor';
import classes from './transactions.module.css';

/** Scrolling within this many rows of the end loads the next page. */
const PREFETCH_ROWS = 60;
/** A split row grows by one text line per split line, plus a little room below them. */
const SPLIT_LINE_HEIGHT = 18;
const SPLIT_LINES_PAD = 8;
const splitExtra = (t: Transaction | undefined) => (t?.split_lines?.length ? t.split_lines.length * SPLIT_LINE_HEIGHT + SPLIT_LINES_PAD : 0);

/** Where an element starts in the document; follows layout changes above it (header figures, the filter panel). */
function useDocumentTop(element: HTMLElement | null): number {
  const [top, setTop] = useState(0);
  useEffect(() => {
    if (!element) return;
    // The observer reports once on observe(), then on every size change of the page.
    const observer = new ResizeObserver(() => setTop(Math.round(element.getBoundingClientRect().top + window.scrollY)));
    observer.observe(document.body);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return top;
}

/**
 * The loaded rows, windowed: only the rows in (and just around) the viewport are in the DOM, so
 * 100,000 loaded rows scroll like 50. The page itself scrolls; nearing the end loads the next page.
 */
export function TransactionList() {
  const actor = useTransactionsActor();
  const transactions = useTransactionList((s) => s.context.items);
  const total = useTransactionList((s) => s.context.total);
  const categories = useTransactions((s) => s.context.categories);
  const canLoadMore = useTransactionList((s) => s.matches({ list: { loaded: 'idle' } }) && s.context.hasMore && s.context.loadMoreError === null);
  const refreshing = useTransactionList((s) => s.matches({ list: 'loading' }));
  const compact = useMediaQuery('(max-width: 48em)', false) ?? false;
  const rowHeight = compact ? 68 : 60;
  const [listElement, setListElement] = useState<HTMLDivElement | null>(null);
  const scrollMargin = useDocumentTop(listElement);

  // Stable callbacks: the virtualizer recomputes every row's position when they change.
  const estimateSize = useCallback((index: number) => rowHeight + splitExtra(transactions[index]), [rowHeight, transactions]);
  const getItemKey = useCallback((index: number) => transactions[index]?.transaction_id ?? index, [transactions]);
  const virtualizer = useWindowVirtualizer({ count: transactions.length, estimateSize, overscan: 10, scrollMargin, getItemKey });
  useEffect(() => {
    virtualizer.measure();
  }, [rowHeight, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length ? items[items.length - 1]!.index : -1;
  useEffect(() => {
    if (canLoadMore && lastIndex >= transactions.length - PREFETCH_ROWS) actor.send({ type: 'list.loadMore' });
  }, [actor, canLoadMore, lastIndex, transactions.length]);

  const money = useMoney();
  // A row is in its account's currency (a euro account's rows in euros), not the profile's.
  const accounts = useTransactions((s) => s.context.accounts);
  const currencyOf = useMemo(() => new Map(accounts.flatMap((a) => (a.currency ? [[a.account_id, a.currency] as const] : []))), [accounts]);
  const onEdit = useCallback((transactionId: string) => actor.send({ type: 'transaction.edit', transactionId }), [actor]);
  const onDelete = useCallback((transactionId: string) => actor.send({ type: 'transaction.delete', transactionId }), [actor]);
  const onToggle = useCallback((transactionId: string) => actor.send({ type: 'selection.toggle', transactionId }), [actor]);
  const selected = useTransactions((s) => s.context.selected);
  const setSize = total ?? transactions.length;
  return (
    <Card withBorder padding={0} radius="md" className={classes.listCard} data-refreshing={refreshing || undefined}>
      {!compact && (
        <div className={classes.listHeader} aria-hidden>
          <span>Date</span>
          <span>Description</span>
          <span>Category</span>
          <span className={classes.right}>Amount</span>
          <span />
        </div>
      )}
      <div
        ref={setListElement}
        role="list"
        aria-label="Transactions"
        aria-busy={refreshing}
        className={classes.listBody}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const t = transactions[item.index]!;
          const formatted = money(t.type === 'income' ? t.amount : -t.amount, t.currency ?? currencyOf.get(t.account_id));
          return (
            <TransactionRow
              key={item.key}
              transaction={t}
              position={item.index + 1}
              setSize={setSize}
              top={item.start - scrollMargin}
              height={item.size}
              baseHeight={rowHeight}
              compact={compact}
              categories={categories}
              currency={t.currency ?? currencyOf.get(t.account_id) ?? null}
              color={categoryColor(categories, t.category)}
              amount={t.type === 'income' && !formatted.startsWith('•') ? `+${formatted}` : formatted}
              original={t.original_amount != null && t.original_currency ? money(t.original_amount, t.original_currency) : null}
              onEdit={onEdit}
              onDelete={onDelete}
              selected={selected.includes(t.transaction_id)}
              onToggle={onToggle}
            />
          );
        })}
      </div>
      <ListFooter />
    </Card>
  );
}

const pencil = 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4';
const trash = 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3';

function LineIcon({ d }: { d: string }) {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
      <path d={d} />
    </svg>
  );
}

interface RowProps {
  transaction: Transaction;
  position: number;
  setSize: number;
  top: number;
  height: number;
  /** The height of a row without split lines: a split row's lines go below it. */
  baseHeight: number;
  compact: boolean;
  /** For the split lines' colour dots. */
  categories: TransactionCategory[];
  /** The row's currency, for its split lines' amounts. */
  currency: string | null;
  /** The category's colour dot. */
  color: string;
  /** The amount as shown: signed, in its currency, masked while balances are hidden. */
  amount: string;
  /** A charge in another currency (a card used abroad): what it was there, e.g. "€100.00"; null otherwise. */
  original: string | null;
  onEdit: (transactionId: string) => void;
  onDelete: (transactionId: string) => void;
  /** Ticked for a bulk change. */
  selected: boolean;
  onToggle: (transactionId: string) => void;
}

/**
 * What a row shows: a bank row (its description is the bank's string) by its clean merchant name, the
 * bank's string on demand (hover); a typed row by its description, with the merchant's clean name beside it.
 */
function shownNames(t: Transaction): { title: string; raw: string | null; merchant: string | null } {
  const fromBank = t.bank_id !== null || (t.merchant !== null && t.description === t.merchant);
  if (fromBank && t.merchant_name) {
    const raw = t.merchant || t.description;
    return { title: t.merchant_name, raw: raw && raw !== t.merchant_name ? raw : null, merchant: null };
  }
  const merchant = t.description && t.merchant ? (t.merchant_name ?? t.merchant) : null;
  return { title: t.description || t.merchant_name || t.merchant || t.category, raw: merchant && merchant !== t.merchant ? t.merchant : null, merchant };
}

/**
 * One row. Plain elements and CSS (no component library) because a fast scroll mounts a whole
 * window of rows per frame; everything it needs arrives as props, so unchanged rows skip rendering.
 */
const TransactionRow = memo(function TransactionRow({ transaction: t, position, setSize, top, height, baseHeight, compact, categories, currency, color, amount, original, onEdit, onDelete, selected, onToggle }: RowProps) {
  const titleId = `transaction-${t.transaction_id}-title`;
  const linesId = `transaction-${t.transaction_id}-lines`;
  const lines = t.split_lines?.length ? t.split_lines : null;
  const { title, raw, merchant } = shownNames(t);
  const details = [merchant, original ? `${original} charged as ${amount.replace(/^[+−-]/, '')}` : null, ...t.tags.map((tag) => `#${tag}`)].filter(Boolean).join(' · ');
  const day = formatDay(t.date);
  const amountClass = t.type === 'income' ? `${classes.amount} ${classes.income}` : classes.amount;
  const dot = (
    <span className={classes.dot} style={{ background: color }} aria-hidden>
      {' '}
    </span>
  );
  return (
    <div
      role="listitem"
      aria-posinset={position}
      aria-setsize={setSize}
      aria-labelledby={titleId}
      aria-describedby={lines ? linesId : undefined}
      data-transaction-id={t.transaction_id}
      className={compact ? classes.rowCompact : classes.row}
      style={{ height, transform: `translateY(${top}px)`, ...(lines ? { gridTemplateRows: `${baseHeight - 1}px auto`, rowGap: 0 } : {}) }}
    >
      {!compact && <span className={classes.date}>{day}</span>}
      <div className={classes.main}>
        <div id={titleId} className={classes.title} title={raw ? `As the bank wrote it: ${raw}` : undefined}>
          {title}
          {isScheduled(t.date) && (
            <span className={classes.scheduled} title="Dated after today: counted in totals and the balance from its date on">
              Scheduled
            </span>
          )}
        </div>
        {compact ? (
          <div className={classes.details}>
            {day} · {dot}
            {t.split ? 'Split' : t.category}
            {details ? ` · ${details}` : ''}
          </div>
        ) : (
          details && <div className={classes.details}>{details}</div>
        )}
      </div>
      {!compact && (
        <div className={classes.main}>
          <span className={classes.category}>
            {dot}
            {t.split ? 'Split' : t.category}
          </span>
        </div>
      )}
      <span className={amountClass}>{amount}</span>
      <div className={classes.actions}>
        <input type="checkbox" className={classes.select} aria-label={`Select ${title}`} checked={selected} onChange={() => onToggle(t.transaction_id)} />
        <button type="button" className={classes.iconButton} aria-label={`Edit ${title}`} title="Edit" onClick={() => onEdit(t.transaction_id)}>
          <LineIcon d={pencil} />
        </button>
        <button type="button" className={`${classes.iconButton} ${classes.danger}`} aria-label={`Delete ${title}`} title="Delete" onClick={() => onDelete(t.transaction_id)}>
          <LineIcon d={trash} />
        </button>
      </div>
      {lines && <SplitLines id={linesId} lines={lines} type={t.type} currency={currency} categories={categories} />}
    </div>
  );
});

/** A split row's lines under it: category and amount per line (and its memo), part of the row for a screen reader (its description). */
function SplitLines({ id, lines, type, currency, categories }: { id: string; lines: NonNullable<Transaction['split_lines']>; type: Transaction['type']; currency: string | null; categories: TransactionCategory[] }) {
  const money = useMoney();
  return (
    <ul id={id} className={classes.splitLines} aria-label={`Split into ${lines.length} lines`}>
      {lines.map((line, i) => {
        const formatted = money(type === 'income' ? line.amount : -line.amount, currency);
        return (
          <li key={i} className={classes.splitLineRow}>
            <span className={classes.splitLineName}>
              <span className={classes.dot} style={{ background: categoryColor(categories, line.category) }} aria-hidden>
                {' '}
              </span>
              {line.category}
              {line.memo ? <span className={classes.splitLineMemo}> · {line.memo}</span> : null}
            </span>
            <span className={classes.splitLineAmount}>{type === 'income' && !formatted.startsWith('•') ? `+${formatted}` : formatted}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** Below the rows: how many are shown, and loading more (automatic on scroll; a button for keyboards). */
function ListFooter() {
  const actor = useTransactionsActor();
  const loaded = useTransactionList((s) => s.context.items.length);
  const total = useTransactionList((s) => s.context.total);
  const hasMore = useTransactionList((s) => s.context.hasMore);
  const loadingMore = useTransactionList((s) => s.matches({ list: { loaded: 'loadingMore' } }));
  const error = useTransactionList((s) => s.context.loadMoreError?.message ?? null);
  return (
    <Stack gap="xs" p="sm" align="center" className={classes.footer}>
      {error && <LoadFailed compact title="More transactions could not be loaded" message={error} onRetry={() => actor.send({ type: 'list.loadMore' })} />}
      <Group gap="sm" justify="center">
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {total !== null ? `Showing ${formatCount(loaded)} of ${formatCount(total)} transactions` : `Showing ${formatCount(loaded)} transactions`}
        </Text>
        {loadingMore && <Loader size="xs" role="status" aria-label="Loading more transactions" />}
        {hasMore && !loadingMore && !error && (
          <Button size="xs" variant="subtle" onClick={() => actor.send({ type: 'list.loadMore' })}>
            Load more
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The first load: placeholder rows the size of real ones. */
export function TransactionListSkeleton() {
  return (
    <Card withBorder padding="sm" radius="md" role="status" aria-label="Loading transactions">
      <Stack gap="md">
        {Array.from({ length: 8 }, (_, i) => (
          <Group key={i} gap="md" wrap="nowrap">
            <Skeleton height={14} width={80} />
            <Box style={{ flex: 1 }}>
              <Skeleton height={14} width="60%" mb={6} />
              <Skeleton height={10} width="35%" />
            </Box>
            <Skeleton height={14} width={70} />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
