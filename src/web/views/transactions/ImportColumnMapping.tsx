import { Checkbox, Group, NativeSelect, SegmentedControl, SimpleGrid, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { IMPORT_DATE_FORMATS, type ImportColumns, type ImportDateFormat, type ImportMapping } from '../../../contract/transactions';
import { amountStyleOf, withAmountStyle, type AmountStyle } from '../../transactions/importMapping';
import { fieldOfDetail } from '../../forms/contractRules';
import type { ImportActor } from './transactionsActor';

/** The mapping's fields a refusal can name, as the Review step labels them. */
export const mappingLabels: Record<string, string> = {
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
export const mappingFields = Object.keys(mappingLabels);

export const dateFormatOptions = IMPORT_DATE_FORMATS.map((f) => ({ value: f, label: f }));

/** The refusal of one of the mapping's fields, for the field it is shown next to (undefined for every other). */
export function useMappingError(wizard: ImportActor, mapping: ImportMapping): (field: string) => string | undefined {
  const failure = useSelector(wizard, (s) => s.context.error);
  const refusal = failure ? fieldOfDetail(failure.message, mappingFields, { labels: mappingLabels }) : null;
  const style = amountStyleOf(mapping);
  // With money out and in columns, "an amount column is required" is about them.
  return (field: string) => {
    if (!refusal) return undefined;
    const shownOn = refusal.field === 'columns.amount' && style !== 'signed' ? 'columns.debit' : refusal.field;
    return shownOn === field ? refusal.message : undefined;
  };
}

/** A CSV's mapping: date format, decimal style, amount layout and columns. */
export function ColumnMapping({ wizard }: { wizard: ImportActor }) {
  const preview = useSelector(wizard, (s) => s.context.preview!);
  const busy = useSelector(wizard, (s) => s.matches('remapping') || s.matches('committing'));
  const mapping = preview.mapping;
  const errorOf = useMappingError(wizard, mapping);
  const change = (next: ImportMapping) => wizard.send({ type: 'mapping.change', mapping: next });
  const setColumn = (field: keyof ImportColumns, value: string) => change({ ...mapping, columns: { ...mapping.columns, [field]: value === '' ? null : Number(value) } });
  const style = amountStyleOf(mapping);
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
