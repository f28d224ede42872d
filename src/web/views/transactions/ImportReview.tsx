import { Alert, Badge, Button, Checkbox, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { IMPORT_FORMAT_LABELS, importVerdict, needsColumnMapping, type ImportDateFormat, type ImportMapping, type ImportPreview } from '../../../contract/transactions';
import { formatCount } from '../../format/number';
import { AccountPicker } from './ImportChooseFile';
import { ColumnMapping, dateFormatOptions, useMappingError } from './ImportColumnMapping';
import { PreviewTable } from './ImportPreviewTable';
import type { ImportActor } from './transactionsActor';

/** The second step: what the file holds, its mapping, the options, and the rows before importing. */
export function Review({ wizard }: { wizard: ImportActor }) {
  const preview = useSelector(wizard, (s) => s.context.preview!);
  const busy = useSelector(wizard, (s) => s.matches('remapping') || s.matches('committing'));
  const committing = useSelector(wizard, (s) => s.matches('committing'));
  const options = useSelector(wizard, (s) => s.context.options);
  const mapping = preview.mapping;
  const errorOf = useMappingError(wizard, mapping);
  const change = (next: ImportMapping) => wizard.send({ type: 'mapping.change', mapping: next });
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
