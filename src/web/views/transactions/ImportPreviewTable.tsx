import { Badge, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { ImportPreviewRow } from '../../../contract/transactions';
import { formatDay } from '../../format/date';
import { formatCount } from '../../format/number';
import { useMoney } from '../../hooks/useMoney';
import classes from './transactions.module.css';

const statusBadges: Record<ImportPreviewRow['status'], { label: string; color: string }> = {
  new: { label: 'New', color: 'teal' },
  duplicate: { label: 'Already imported', color: 'yellow' },
  duplicate_in_file: { label: 'Repeated', color: 'orange' },
  matched: { label: 'Matches one you entered', color: 'blue' },
  pending: { label: 'Pending at the bank', color: 'gray' },
  error: { label: 'Unreadable', color: 'red' },
};

const wrappingBadge = { root: { height: 'auto', paddingBlock: 2 }, label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.3 } } as const;

/**
 * The name the row will be listed under (as the list names it): a bank's payee by its clean merchant
 * name, the bank's own text on hover; a row with a description of its own by that description.
 */
function PreviewPayee({ row }: { row: ImportPreviewRow }) {
  const payeeOnly = row.merchant !== null && (row.description === '' || row.description === row.merchant);
  if (payeeOnly && row.merchant_name) return row.merchant_name !== row.merchant ? <span title={row.merchant!}>{row.merchant_name}</span> : <>{row.merchant_name}</>;
  return <>{row.description || row.merchant || '—'}</>;
}

export function PreviewTable({ rows, total, busy }: { rows: ImportPreviewRow[]; total: number; busy: boolean }) {
  const money = useMoney();
  return (
    <Stack gap={4}>
      <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
        <Table striped stickyHeader className={classes.previewTable} aria-label="Preview of the import" aria-busy={busy} style={{ opacity: busy ? 0.55 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.line}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>
                  {/* Wraps instead of cutting the label with an ellipsis (a phone's column is narrow). */}
                  <Badge size="sm" variant="light" color={statusBadges[row.status].color} styles={wrappingBadge}>
                    {statusBadges[row.status].label}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.date ? formatDay(row.date) : '—'}</Table.Td>
                <Table.Td>{row.status === 'error' ? <Text size="sm" c="red.7">{row.error}</Text> : <PreviewPayee row={row} />}</Table.Td>
                <Table.Td>{row.category ?? '—'}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} c={row.type === 'income' ? 'teal.7' : undefined}>
                  {row.amount === null ? '—' : row.type === 'income' ? `+${money(row.amount)}` : money(-row.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {total > rows.length && (
        <Text size="xs" c="dimmed">
          The first {formatCount(rows.length)} of {formatCount(total)} rows.
        </Text>
      )}
    </Stack>
  );
}
