import { Alert, Badge, Button, Checkbox, FileInput, Group, List, Modal, NativeSelect, Progress, ScrollArea, SegmentedControl, SimpleGrid, Stack, Stepper, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import {
  CSV_IMPORT_LIMITS,
  IMPORT_DATE_FORMATS,
  IMPORT_FORMAT_LABELS,
  importVerdict,
  needsColumnMapping,
  type ImportColumns,
  type ImportDateFormat,
  type ImportMapping,
  type ImportPreview,
  type ImportPreviewRow,
} from '../../../contract/transactions';
import { amountStyleOf, withAmountStyle, type AmountStyle } from '../../transactions/importMapping';
import { fieldOfDetail } from '../../forms/contractRules';
import { formatDay } from '../../format/date';
import { formatCount } from '../../format/number';
import { useMoney } from '../../hooks/useMoney';
import { LoadFailed } from '../LoadFailed';
import { useTransactions, type ImportActor, type ImportSnapshot } from './transactionsActor';
import classes from './transactions.module.css';
import { useDialog } from '../../hooks/useDialog';

const steps = ['choosing', 'reviewing', 'running', 'done'] as const;
type Step = (typeof steps)[number];

function stepOf(s: ImportSnapshot): Step {
  if (s.matches('choosing') || s.matches('uploading')) return 'choosing';
  if (s.matches('reviewing') || s.matches('remapping') || s.matches('committing')) return 'reviewing';
  if (s.matches('running')) return 'running';
  return 'done';
}

/** The "Into account" picker; hidden when the accounts could not be listed (the file then goes into the default account). */
function AccountPicker({ wizard, disabled }: { wizard: ImportActor; disabled?: boolean }) {
  const accounts = useSelector(wizard, (s) => s.context.accounts);
  const accountId = useSelector(wizard, (s) => s.context.accountId);
  if (accounts.length === 0) return null;
  return (
    <NativeSelect
      label="Into account"
      data={accounts.map((a) => ({ value: a.account_id, label: a.name }))}
      value={accountId ?? ''}
      onChange={(e) => wizard.send({ type: 'account.choose', accountId: e.currentTarget.value })}
      disabled={disabled}
    />
  );
}

/** The import wizard: account and file → preview (and a CSV's mapping) → progress → summary and undo. Driven by the invoked transactionImport actor. */
export function ImportWizard() {
  const wizard = useTransactions((s) => s.children.transactionImport as ImportActor | undefined);
  const fullScreen = useMediaQuery('(max-width: 36em)', false) ?? false;
  useDialog('import', Boolean(wizard));
  return (
    <Modal
      opened={Boolean(wizard)}
      onClose={() => wizard?.send({ type: 'import.close' })}
      title="Import transactions"
      size="xl"
      centered
      fullScreen={fullScreen}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close import' }}
    >
      {wizard && <WizardBody wizard={wizard} />}
    </Modal>
  );
}

function WizardBody({ wizard }: { wizard: ImportActor }) {
  const step = useSelector(wizard, stepOf);
  const failure = useSelector(wizard, (s) => s.context.error);
  // A refusal about one of the mapping's fields is shown next to that field (Review); anything else here.
  const error = failure && !(step === 'reviewing' && fieldOfDetail(failure.message, mappingFields, { labels: mappingLabels })) ? failure.message : null;
  const active = steps.indexOf(step);
  return (
    <Stack gap="md">
      <Stepper active={active} size="xs" allowNextStepsSelect={false} aria-label="Import steps">
        <Stepper.Step label="Upload" />
        <Stepper.Step label="Review" />
        <Stepper.Step label="Import" />
        <Stepper.Step label="Done" />
      </Stepper>
      {error && step !== 'running' && (
        <Alert color="red" variant="light" role="alert" title={step === 'choosing' ? 'The file could not be read' : 'Something needs a look'}>
          {error}
        </Alert>
      )}
      {step === 'choosing' && <ChooseFile wizard={wizard} />}
      {step === 'reviewing' && <Review wizard={wizard} />}
      {step === 'running' && <Running wizard={wizard} />}
      {step === 'done' && <Summary wizard={wizard} />}
    </Stack>
  );
}

function ChooseFile({ wizard }: { wizard: ImportActor }) {
  const uploading = useSelector(wizard, (s) => s.matches('uploading'));
  const fileName = useSelector(wizard, (s) => s.context.file?.name ?? null);
  return (
    <Stack gap="sm">
      <Text size="sm">
        Download your transactions from your bank (CSV, OFX, QFX, QIF or CAMT.053) and choose the file here. We tell the format from the file itself; for a CSV we
        detect the columns, the date format, decimal commas and separate money-in and money-out columns. Rows you already have are flagged, and bank rows you typed in
        yourself are matched. Nothing is saved until you confirm.
      </Text>
      <AccountPicker wizard={wizard} disabled={uploading} />
      <FileInput
        label="Statement file"
        placeholder={fileName ?? 'Choose a file'}
        accept=".csv,.ofx,.qfx,.qif,.xml,.txt,text/csv,text/plain,application/vnd.ms-excel,application/x-ofx,application/xml"
        description={`Up to ${Math.round(CSV_IMPORT_LIMITS.maxBytes / (1024 * 1024))} MB or ${formatCount(CSV_IMPORT_LIMITS.maxRows)} rows`}
        disabled={uploading}
        clearable={false}
        value={null}
        onChange={(file) => {
          if (file) wizard.send({ type: 'file.choose', file });
        }}
      />
      {uploading && (
        <Group gap="xs" role="status" aria-live="polite">
          <Progress value={100} animated striped style={{ flex: 1 }} aria-label="Reading the file" />
          <Text size="sm">Reading {fileName}…</Text>
        </Group>
      )}
    </Stack>
  );
}

/** The mapping's fields a refusal can name, as the Review step labels them. */
const mappingLabels: Record<string, string> = {
  date_format: 'Date format',
  decimal_separator: 'Decimal style',
  'columns.date': 'Date column',
  'columns.amount': 'Amount column',
  'columns.debit': 'Money out column',
  'columns.credit': 'Money in column',
  'columns.description': 'Description column',
  'columns.merchant': 'Merchant column',
  'columns.category': 'Category column',
};
const mappingFields = Object.keys(mappingLabels);

const dateFormatOptions = IMPORT_DATE_FORMATS.map((f) => ({ value: f, label: f }));

function Review({ wizard }: { wizard: ImportActor }) {
  const preview = useSelector(wizard, (s) => s.context.preview!);
  const busy = useSelector(wizard, (s) => s.matches('remapping') || s.matches('committing'));
  const committing = useSelector(wizard, (s) => s.matches('committing'));
  const options = useSelector(wizard, (s) => s.context.options);
  const mapping = preview.mapping;
  const failure = useSelector(wizard, (s) => s.context.error);
  const refusal = failure ? fieldOfDetail(failure.message, mappingFields, { labels: mappingLabels }) : null;
  const change = (next: ImportMapping) => wizard.send({ type: 'mapping.change', mapping: next });
  const style = amountStyleOf(mapping);
  // With money out and in columns, "an amount column is required" is about them.
  const errorOf = (field: string) => {
    if (!refusal) return undefined;
    const shownOn = refusal.field === 'columns.amount' && style !== 'signed' ? 'columns.debit' : refusal.field;
    return shownOn === field ? refusal.message : undefined;
  };
  const bankFile = !needsColumnMapping(preview.format);
  const toImport =
    preview.counts.new + (bankFile ? 0 : preview.counts.duplicates_in_file * (options.skipFileDuplicates ? 0 : 1)) + (options.skipDuplicates ? 0 : preview.counts.duplicates);

  return (
    <Stack gap="md">
      <Text size="sm" aria-live="polite">
        <b>{preview.file_name ?? 'Your file'}</b>: {formatCount(preview.counts.rows)} rows. Detected {bankFile ? `a ${IMPORT_FORMAT_LABELS[preview.format]} bank file` : describeDetected(preview)}.
      </Text>
      <Text fw={600} role="status" aria-label="Before importing">
        {importVerdict(preview.counts, { ...options, bankFile })}
      </Text>
      <AccountPicker wizard={wizard} disabled={busy} />
      {preview.detected.date_format_ambiguous && (
        <Alert color="yellow" variant="light" title="Check the date format">
          Every day in this file is 12 or less, so days and months could be either way round. Pick the order your bank uses.
        </Alert>
      )}
      {bankFile ? (
        <Group gap="lg" align="end">
          {preview.format === 'qif' && (
            <NativeSelect label="Date format" data={dateFormatOptions} value={mapping.date_format} error={errorOf('date_format')} onChange={(e) => change({ ...mapping, date_format: e.currentTarget.value as ImportDateFormat })} disabled={busy} />
          )}
          <Checkbox label="Flip signs (purchases listed as positive)" checked={mapping.invert_sign} onChange={(e) => change({ ...mapping, invert_sign: e.currentTarget.checked })} disabled={busy} />
        </Group>
      ) : (
        <ColumnMapping wizard={wizard} />
      )}
      <Group gap="xs" aria-label="Rows in the file" role="group">
        <Badge color="teal" variant="light">
          {formatCount(preview.counts.new)} new
        </Badge>
        {preview.counts.matched > 0 && (
          <Badge color="blue" variant="light">
            {formatCount(preview.counts.matched)} matched
          </Badge>
        )}
        <Badge color="yellow" variant="light">
          {formatCount(preview.counts.duplicates)} already imported
        </Badge>
        {preview.counts.pending > 0 && (
          <Badge color="gray" variant="light">
            {formatCount(preview.counts.pending)} pending
          </Badge>
        )}
        {preview.counts.duplicates_in_file > 0 && (
          <Badge color="orange" variant="light">
            {formatCount(preview.counts.duplicates_in_file)} repeated in the file
          </Badge>
        )}
        <Badge color={preview.counts.errors ? 'red' : 'gray'} variant="light">
          {formatCount(preview.counts.errors)} unreadable
        </Badge>
      </Group>
      <Stack gap={4}>
        <Checkbox
          label={bankFile ? 'Skip rows I already have (same bank id, or same date, amount and payee)' : 'Skip rows I already have (same date, amount, type and description)'}
          checked={options.skipDuplicates}
          onChange={(e) => wizard.send({ type: 'options.change', options: { skipDuplicates: e.currentTarget.checked } })}
          disabled={busy}
        />
        {preview.counts.duplicates_in_file > 0 && !bankFile && (
          <Checkbox
            label="Also skip rows repeated within this file"
            checked={options.skipFileDuplicates}
            onChange={(e) => wizard.send({ type: 'options.change', options: { skipFileDuplicates: e.currentTarget.checked } })}
            disabled={busy}
          />
        )}
      </Stack>
      <PreviewTable rows={preview.rows} total={preview.counts.rows} busy={busy} />
      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={() => wizard.send({ type: 'import.back' })} disabled={busy}>
          Choose another file
        </Button>
        <Button onClick={() => wizard.send({ type: 'import.confirm' })} loading={committing} disabled={busy || toImport === 0}>
          {`Import ${formatCount(toImport)} ${toImport === 1 ? 'transaction' : 'transactions'}`}
        </Button>
      </Group>
    </Stack>
  );
}

/** A CSV's mapping: date format, decimal style, amount layout and columns. */
function ColumnMapping({ wizard }: { wizard: ImportActor }) {
  const preview = useSelector(wizard, (s) => s.context.preview!);
  const busy = useSelector(wizard, (s) => s.matches('remapping') || s.matches('committing'));
  const mapping = preview.mapping;
  const failure = useSelector(wizard, (s) => s.context.error);
  const refusal = failure ? fieldOfDetail(failure.message, mappingFields, { labels: mappingLabels }) : null;
  const change = (next: ImportMapping) => wizard.send({ type: 'mapping.change', mapping: next });
  const setColumn = (field: keyof ImportColumns, value: string) => change({ ...mapping, columns: { ...mapping.columns, [field]: value === '' ? null : Number(value) } });
  const style = amountStyleOf(mapping);
  // With money out and in columns, "an amount column is required" is about them.
  const errorOf = (field: string) => {
    if (!refusal) return undefined;
    const shownOn = refusal.field === 'columns.amount' && style !== 'signed' ? 'columns.debit' : refusal.field;
    return shownOn === field ? refusal.message : undefined;
  };
  const columnOptions = [{ value: '', label: '— none —' }, ...preview.columns.map((name, i) => ({ value: String(i), label: name || `Column ${i + 1}` }))];
  const columnValue = (field: keyof ImportColumns) => {
    const v = mapping.columns[field];
    return v === null || v === undefined ? '' : String(v);
  };
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect label="Date format" data={dateFormatOptions} value={mapping.date_format} error={errorOf('date_format')} onChange={(e) => change({ ...mapping, date_format: e.currentTarget.value as ImportDateFormat })} disabled={busy} />
        <LabelledSegments
          label="Decimal style"
          value={mapping.decimal_separator}
          data={[
            { value: '.', label: '1,234.56' },
            { value: ',', label: '1.234,56' },
          ]}
          onChange={(v) => change({ ...mapping, decimal_separator: v as ImportMapping['decimal_separator'] })}
          disabled={busy}
        />
      </SimpleGrid>
      <LabelledSegments
        label="Amounts"
        value={style}
        data={[
          { value: 'signed', label: 'One signed column' },
          { value: 'debit_credit', label: 'Out and in columns' },
        ]}
        onChange={(v) => change(withAmountStyle(mapping, v as AmountStyle, preview.columns))}
        disabled={busy}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
        <NativeSelect label="Date column" data={columnOptions.slice(1)} value={columnValue('date')} error={errorOf('columns.date')} onChange={(e) => setColumn('date', e.currentTarget.value)} disabled={busy} />
        {style === 'signed' ? (
          <NativeSelect label="Amount column" data={columnOptions.slice(1)} value={columnValue('amount')} error={errorOf('columns.amount')} onChange={(e) => setColumn('amount', e.currentTarget.value)} disabled={busy} />
        ) : (
          <>
            <NativeSelect label="Money out column" data={columnOptions} value={columnValue('debit')} error={errorOf('columns.debit')} onChange={(e) => setColumn('debit', e.currentTarget.value)} disabled={busy} />
            <NativeSelect label="Money in column" data={columnOptions} value={columnValue('credit')} error={errorOf('columns.credit')} onChange={(e) => setColumn('credit', e.currentTarget.value)} disabled={busy} />
          </>
        )}
        <NativeSelect label="Description column" data={columnOptions} value={columnValue('description')} error={errorOf('columns.description')} onChange={(e) => setColumn('description', e.currentTarget.value)} disabled={busy} />
        <NativeSelect label="Merchant column" data={columnOptions} value={columnValue('merchant')} error={errorOf('columns.merchant')} onChange={(e) => setColumn('merchant', e.currentTarget.value)} disabled={busy} />
        <NativeSelect label="Category column" data={columnOptions} value={columnValue('category')} error={errorOf('columns.category')} onChange={(e) => setColumn('category', e.currentTarget.value)} disabled={busy} />
      </SimpleGrid>
      <Group gap="lg">
        <Checkbox label="First row holds column names" checked={mapping.has_header} onChange={(e) => change({ ...mapping, has_header: e.currentTarget.checked })} disabled={busy} />
        <Checkbox label="Flip signs (purchases listed as positive)" checked={mapping.invert_sign} onChange={(e) => change({ ...mapping, invert_sign: e.currentTarget.checked })} disabled={busy} />
      </Group>
    </>
  );
}

function describeDetected(preview: ImportPreview): string {
  const d = preview.detected;
  const delimiter = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' }[d.delimiter];
  const amounts = d.amount_style === 'debit_credit' ? 'money out and money in columns' : d.amount_style === 'signed' ? 'signed amounts' : 'no clear amount column';
  return [
    `${delimiter}-separated`,
    d.has_header ? 'a header row' : 'no header row',
    d.date_format ? `dates as ${d.date_format}` : 'no date format',
    d.decimal_separator === ',' ? 'decimal commas' : 'decimal points',
    amounts,
  ].join(', ');
}

function LabelledSegments({ label, value, data, onChange, disabled }: { label: string; value: string; data: { value: string; label: string }[]; onChange: (v: string) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={id}>
        {label}
      </Text>
      {/* Long option names wrap inside their segment: on a phone the row would run out of the dialog. */}
      <SegmentedControl
        role="radiogroup"
        aria-labelledby={id}
        fullWidth
        data={data}
        value={value}
        onChange={onChange}
        disabled={disabled}
        styles={{ root: { maxWidth: '100%' }, control: { minWidth: 0 }, label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
      />
    </div>
  );
}

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

function PreviewTable({ rows, total, busy }: { rows: ImportPreviewRow[]; total: number; busy: boolean }) {
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

function Running({ wizard }: { wizard: ImportActor }) {
  const job = useSelector(wizard, (s) => s.context.job);
  const stalled = useSelector(wizard, (s) => s.matches({ running: 'stalled' }));
  const error = useSelector(wizard, (s) => s.context.error?.message ?? null);
  const percent = Math.round((job?.progress ?? 0) * 100);
  return (
    <Stack gap="sm">
      <Text size="sm" id="import-progress-label">
        Importing {job?.file_name ?? 'your file'}…
      </Text>
      <Progress value={percent} size="xl" animated={!stalled} aria-labelledby="import-progress-label" aria-valuetext={`${percent}%`} />
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {job ? `${formatCount(job.rows_done)} of ${formatCount(job.rows_total)} rows processed (${percent}%)` : 'Starting…'}
      </Text>
      {stalled && <LoadFailed compact title="Progress could not be read" message={`${error} The import keeps running on the server.`} onRetry={() => wizard.send({ type: 'progress.retry' })} />}
      <Text size="xs" c="dimmed">
        You can close this window: the import goes on, and the list refreshes when you close it.
      </Text>
    </Stack>
  );
}

function Summary({ wizard }: { wizard: ImportActor }) {
  const job = useSelector(wizard, (s) => s.context.job);
  const failed = useSelector(wizard, (s) => s.matches('failed'));
  const undoing = useSelector(wizard, (s) => s.matches('undoing'));
  const undone = useSelector(wizard, (s) => s.context.undone);
  const canUndo = useSelector(wizard, (s) => s.can({ type: 'import.undo' }));
  if (!job) return null;
  if (undone) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" title="Import undone" role="status">
          {formatCount(undone.deleted)} {undone.deleted === 1 ? 'transaction was' : 'transactions were'} removed
          {job.rows_matched > 0 ? `, and ${formatCount(job.rows_matched)} of yours unlinked from the bank's rows` : ''}.
        </Alert>
        <Group justify="flex-end">
          <Button onClick={() => wizard.send({ type: 'import.close' })} data-autofocus>
            View transactions
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {failed ? (
        <Alert color="red" variant="light" role="alert" title="The import stopped">
          {job.failure ?? 'The import could not finish.'} {job.rows_imported > 0 && `${formatCount(job.rows_imported)} rows were imported before it stopped.`}
        </Alert>
      ) : (
        <Alert color="teal" variant="light" title="Import finished" role="status">
          {formatCount(job.rows_imported)} {job.rows_imported === 1 ? 'transaction was' : 'transactions were'} added.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: job.rows_matched > 0 ? 4 : 3 }} spacing="sm">
        <SummaryFigure label="Imported" value={job.rows_imported} />
        {job.rows_matched > 0 && <SummaryFigure label="Matched with yours" value={job.rows_matched} />}
        <SummaryFigure label="Skipped as duplicates" value={job.rows_duplicate} />
        <SummaryFigure label="Could not be read" value={job.rows_failed} />
      </SimpleGrid>
      {job.errors.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Rows that could not be read
          </Text>
          <ScrollArea.Autosize mah={160}>
            <List size="sm" spacing={2}>
              {job.errors.map((e) => (
                <List.Item key={e.line}>
                  Line {e.line}: {e.message}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        </Stack>
      )}
      <Group justify="flex-end">
        {(canUndo || undoing) && (
          <Button variant="default" color="red" onClick={() => wizard.send({ type: 'import.undo' })} loading={undoing}>
            Undo import
          </Button>
        )}
        {failed && (
          <Button variant="default" onClick={() => wizard.send({ type: 'import.back' })}>
            Choose another file
          </Button>
        )}
        <Button onClick={() => wizard.send({ type: 'import.close' })} data-autofocus>
          {failed ? 'Close' : 'View transactions'}
        </Button>
      </Group>
    </Stack>
  );
}

function SummaryFigure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {formatCount(value)}
      </Text>
    </Stack>
  );
}
