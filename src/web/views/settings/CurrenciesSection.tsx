import { Alert, Anchor, Badge, Button, Checkbox, CloseButton, FileInput, Group, NativeSelect, Paper, Progress, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { currencyRatesMachine } from '../../../../machines/currencyRates';
import { createRateRequest, importSummary, RATE_LOOKBACK_DAYS, rateSourceLabels, type CreateRateRequest, type ExchangeRate } from '../../../contract/rates';
import { columnNames, type RateMapping } from '../../../contract/rateMapping';
import { CSV_IMPORT_LIMITS, IMPORT_DATE_FORMATS, type DecimalSeparator, type ImportDateFormat } from '../../../contract/transactions';
import { unlessAborted } from '../../api/abort';
import { ratesApi } from '../../api/rates';
import type { AppActors } from '../../app/actors';
import { contractRules, focusFirstInvalid, useServerFieldError } from '../../forms/contractRules';
import { formatDate } from '../../format/date';
import { toastVia, usePageMachine } from '../../hooks/pageActor';
import { useAccountCurrency } from '../../hooks/useMoney';

const ratesWith = ({ api, ui }: AppActors) => {
  const rates = ratesApi(api.call);
  return currencyRatesMachine.provide({
    actors: {
      load: fromPromise(({ signal }) => unlessAborted(signal, rates.list(signal))),
      add: fromPromise(async ({ input }) => {
        const rate = await rates.add(input.rate);
        return { rate, list: await rates.list() };
      }),
      importFile: fromPromise(async ({ input }) => {
        const result = await rates.importFile(input.file, input.fileName);
        return { result, list: await rates.list() };
      }),
      readHead: fromPromise(({ input }) => input.file.slice(0, 64 * 1024).text()),
      importMapped: fromPromise(async ({ input }) => {
        const result = await rates.importMapped(input.file, input.mapping);
        return { result, list: await rates.list() };
      }),
    },
    actions: { notify: toastVia(ui) },
  });
};

type RatesActor = ActorRefFrom<typeof currencyRatesMachine>;

/**
 * Settings › Currencies (machines/currencyRates.ts): the base currency, the rate table, a form to keep a
 * rate and a rates file to import (an ECB file as it is, any other CSV after a mapping step). Self-contained, so SettingsPage mounts it with one line.
 */
export function CurrenciesSection() {
  const actor = usePageMachine(ratesWith);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const error = useSelector(actor, (s) => s.context.error?.message);
  const base = useAccountCurrency();
  // Opened from the Transactions header's link (/settings#currencies): bring the section into view.
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash === '#currencies') section.current?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="currencies-heading" id="currencies" ref={section}>
      <Stack gap="md">
        <Title order={2} fz="lg" id="currencies-heading">
          Currencies
        </Title>
        <Text size="sm">
          Base currency: <strong data-testid="base-currency">{base}</strong>. Totals, budgets and the coach add everything up in it; change it under Profile above (your
          amounts are then recomputed).
        </Text>
        {loading && <Skeleton height={120} />}
        {failed && (
          <Alert color="red" variant="light" role="alert">
            {error}{' '}
            <Anchor component="button" onClick={() => actor.send({ type: 'rates.reload' })}>
              Retry
            </Anchor>
          </Alert>
        )}
        {!loading && !failed && (
          <>
            <RateTable actor={actor} />
            <ImportRates actor={actor} />
            <AddRate actor={actor} base={base} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function RateTable({ actor }: { actor: RatesActor }) {
  const list = useSelector(actor, (s) => s.context.list);
  const shown = useSelector(actor, (s) => s.context.shown);
  const canShowMore = useSelector(actor, (s) => s.can({ type: 'rates.showMore' }));
  if (!list) return null;
  if (list.rates.length === 0) {
    return (
      <Stack gap={4} data-testid="rates-empty">
        <Text fw={600}>No exchange rates yet</Text>
        <Text size="sm" c="dimmed">
          A rate is kept when you add an entry paid in another currency (the amount there and what your account was charged), when you import a rates file below, or from
          the reference rates this server fetches if it is set up to. An amount in another currency with no rate for its day (or the {RATE_LOOKBACK_DAYS} days before) is
          “not converted”: it is shown as such and left out of totals, never counted one to one.
        </Text>
      </Stack>
    );
  }
  const rows = list.rates.slice(0, shown);
  return (
    <Stack gap="xs">
      <Table.ScrollContainer type="native" minWidth={300} tabIndex={0} aria-label="Exchange rates">
        <Table striped verticalSpacing={4} horizontalSpacing="xs" fz="sm" aria-label="Exchange rates, newest first" data-testid="rates-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Day</Table.Th>
              <Table.Th scope="col">From → to</Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                Rate
              </Table.Th>
              <Table.Th scope="col" visibleFrom="xs">
                Source
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <RateRow key={`${r.date}-${r.base}-${r.quote}-${r.source}-${r.shared}`} rate={r} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" aria-live="polite">
          {rows.length} of {list.total} {list.total === 1 ? 'rate' : 'rates'} shown
          {list.total > list.rates.length ? ` (the newest ${list.rates.length} can be shown here)` : ''}
        </Text>
        {canShowMore && (
          <Button variant="default" size="xs" onClick={() => actor.send({ type: 'rates.showMore' })}>
            Show more
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function RateRow({ rate }: { rate: ExchangeRate }) {
  const source = (
    <>
      {rateSourceLabels[rate.source]}
      {rate.shared && (
        <Badge ml={6} size="xs" variant="light" color="gray">
          Shared
        </Badge>
      )}
    </>
  );
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(rate.date)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {rate.base} → {rate.quote}
        {/* On a phone the source goes under the pair rather than in a fourth column. */}
        <Text size="xs" c="dimmed" hiddenFrom="xs">
          {source}
        </Text>
      </Table.Td>
      <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{rate.rate}</Table.Td>
      <Table.Td visibleFrom="xs">{source}</Table.Td>
    </Table.Tr>
  );
}

function ImportRates({ actor }: { actor: RatesActor }) {
  const importing = useSelector(actor, (s) => s.matches({ ready: 'importing' }) || s.matches({ ready: 'importingMapped' }));
  const mapping = useSelector(actor, (s) => s.matches({ ready: 'mapping' }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const fileName = useSelector(actor, (s) => s.context.upload?.fileName ?? null);
  const imported = useSelector(actor, (s) => s.context.imported);
  const importError = useSelector(actor, (s) => s.context.importError?.message ?? null);
  const dismiss = () => actor.send({ type: 'rates.importDismiss' });
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Import a rates file
      </Title>
      <FileInput
        label="Rates file"
        description={`The European Central Bank's eurofxref.csv, eurofxref-hist.csv or their XML (eurofxref-daily.xml, eurofxref-hist.xml), or any CSV with one rate per line (you then say which column is which), up to ${Math.round(CSV_IMPORT_LIMITS.maxBytes / (1024 * 1024))} MB. A rate already kept for the same day and pair is replaced.`}
        placeholder="Choose a file"
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        accept=".csv,.xml,text/csv,application/xml,text/xml"
        disabled={busy || mapping}
        clearable={false}
        value={null}
        error={mapping ? undefined : (importError ?? undefined)}
        onChange={(file) => {
          if (file) actor.send({ type: 'rates.import', file, fileName: file.name });
        }}
      />
      {mapping && <MapColumns actor={actor} />}
      {importing && (
        <Group gap="xs" role="status" aria-live="polite">
          <Progress value={100} animated striped style={{ flex: 1 }} aria-label="Uploading the rates file" />
          <Text size="sm">Uploading {fileName}…</Text>
        </Group>
      )}
      {imported && (
        <Alert color="teal" variant="light" role="status" data-testid="rates-imported" title="Rates imported" withCloseButton={false}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{importSummary(imported)}.</Text>
            <CloseButton size="sm" aria-label="Dismiss the import result" onClick={dismiss} />
          </Group>
        </Alert>
      )}
    </Stack>
  );
}

const labels = { date: 'Day', base: 'From', quote: 'To', rate: 'Rate' };
const toBody = (v: CreateRateRequest): CreateRateRequest => ({ date: v.date, base: v.base.trim().toUpperCase(), quote: v.quote.trim().toUpperCase(), rate: v.rate.trim() });

function AddRate({ actor, base }: { actor: RatesActor; base: string }) {
  const adding = useSelector(actor, (s) => s.matches({ ready: 'adding' }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const addError = useSelector(actor, (s) => s.context.addError);
  const form = useForm<CreateRateRequest>({
    name: 'rate',
    mode: 'controlled',
    initialValues: { date: '', base: '', quote: base, rate: '' },
    validate: contractRules<CreateRateRequest>(createRateRequest, { labels, toInput: toBody }),
  });
  const alert = useServerFieldError(form, addError && !addError.handledGlobally ? addError : null, ['date', 'base', 'quote', 'rate'], { labels });
  const formError = typeof form.errors.form === 'string' ? form.errors.form : null;
  return (
    <form
      aria-labelledby="add-rate-heading"
      noValidate
      onSubmit={form.onSubmit(
        (v) => actor.send({ type: 'rates.add', rate: toBody(v) }),
        (errors) => focusFirstInvalid(form, errors),
      )}
    >
      <Stack gap="xs">
        <Title order={3} fz="md" id="add-rate-heading">
          Keep a rate you know
        </Title>
        <Text size="sm" c="dimmed">
          1 “from” = rate “to” on that day, as an exact decimal (e.g. 1 EUR = 1.0837 USD).
        </Text>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput label="Day" type="date" required w={170} {...form.getInputProps('date')} />
          <TextInput label="From" required w={90} maxLength={3} autoCapitalize="characters" placeholder="EUR" {...form.getInputProps('base')} />
          <TextInput label="To" required w={90} maxLength={3} autoCapitalize="characters" placeholder={base} {...form.getInputProps('quote')} />
          <TextInput label="Rate" required w={150} inputMode="decimal" placeholder="1.0837" {...form.getInputProps('rate')} />
        </Group>
        {(formError || alert) && (
          <Alert color="red" variant="light" role="alert">
            {formError ?? alert}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={adding} disabled={busy && !adding}>
            Keep rate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const FIXED = 'fixed';
const decimalChoices: { value: DecimalSeparator; label: string }[] = [
  { value: '.', label: 'Dot: 1,234.5678' },
  { value: ',', label: 'Comma: 1.234,5678' },
];

/**
 * The mapping step of a CSV that is not an ECB file: a select per field (a column, or one currency for
 * the whole file for each side of the pair), the date format and decimal mark, and the first lines as the
 * import will read them. Every change goes to the machine, which reads the preview again.
 */
function MapColumns({ actor }: { actor: RatesActor }) {
  const head = useSelector(actor, (s) => s.context.head);
  const m = useSelector(actor, (s) => s.context.mapping);
  const preview = useSelector(actor, (s) => s.context.preview);
  const errors = useSelector(actor, (s) => s.context.mappingErrors);
  const fileName = useSelector(actor, (s) => s.context.upload?.fileName ?? '');
  const refused = useSelector(actor, (s) => s.context.importError?.message ?? null);
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);
  if (!head || !m) return null;
  const change = (c: Partial<RateMapping>) => actor.send({ type: 'rates.mapping.change', change: c });
  const columns = columnNames(head, m.has_header).map((label, i) => ({ value: String(i), label }));
  const side = (key: 'base' | 'quote', label: string, hint: string) => {
    const column = m[`${key}_column`];
    const fixed = column === null;
    return (
      <Stack gap={4}>
        <NativeSelect
          label={label}
          description={hint}
          value={fixed ? FIXED : String(column)}
          error={fixed ? undefined : errors[key]}
          data={[...columns, { value: FIXED, label: 'One currency for the whole file' }]}
          onChange={(e) => {
            const v = e.currentTarget.value;
            change(v === FIXED ? { [`${key}_column`]: null, [key]: m[key] ?? '' } : { [`${key}_column`]: Number(v), [key]: null });
          }}
        />
        {fixed && (
          <TextInput
            label={`${label} currency`}
            placeholder="USD"
            maxLength={3}
            autoCapitalize="characters"
            value={m[key] ?? ''}
            error={errors[key]}
            onChange={(e) => change({ [key]: e.currentTarget.value.trim().toUpperCase() })}
          />
        )}
      </Stack>
    );
  };
  return (
    <form
      aria-labelledby="map-rates-heading"
      noValidate
      data-testid="rates-mapping"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'rates.mapping.submit' });
      }}
    >
      <Stack gap="sm">
        <div>
          <Title order={4} fz="sm" id="map-rates-heading">
            Which column is which in {fileName}
          </Title>
          <Text size="sm" c="dimmed">
            Not an ECB file: one rate per line is read as 1 “from” = rate “to” on its day.
          </Text>
        </div>
        <Checkbox label="The first line names the columns" checked={m.has_header} onChange={(e) => change({ has_header: e.currentTarget.checked })} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
          <NativeSelect ref={first} label="Date column" value={String(m.date_column)} error={errors.date_column} data={columns} onChange={(e) => change({ date_column: Number(e.currentTarget.value) })} />
          <NativeSelect
            label="Date format"
            value={m.date_format}
            error={errors.date_format}
            data={[...IMPORT_DATE_FORMATS]}
            onChange={(e) => change({ date_format: e.currentTarget.value as ImportDateFormat })}
          />
          <NativeSelect label="Rate column" value={String(m.rate_column)} error={errors.rate_column} data={columns} onChange={(e) => change({ rate_column: Number(e.currentTarget.value) })} />
          <NativeSelect
            label="Decimal mark"
            value={m.decimal_separator}
            error={errors.decimal_separator}
            data={decimalChoices}
            onChange={(e) => change({ decimal_separator: e.currentTarget.value as DecimalSeparator })}
          />
          {side('base', 'From', 'The currency of which 1 is worth the rate')}
          {side('quote', 'To', 'The currency the rate is in')}
        </SimpleGrid>
        <Checkbox
          label="The file says 1 “to” = rate “from” (the other way round)"
          checked={m.inverted}
          onChange={(e) => change({ inverted: e.currentTarget.checked })}
        />
        <Table.ScrollContainer type="native" minWidth={280} tabIndex={0} aria-label="Preview">
          <Table verticalSpacing={2} horizontalSpacing="xs" fz="sm" aria-label="The first lines as they will be read" data-testid="rates-mapping-preview">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Line</Table.Th>
                <Table.Th scope="col">Read as</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.map((p) => (
                <Table.Tr key={p.line}>
                  <Table.Td>{p.line}</Table.Td>
                  {p.ok ? (
                    <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {p.date}: 1 {p.base} = {p.rate} {p.quote}
                    </Table.Td>
                  ) : (
                    <Table.Td c="red.8">Cannot be read: {p.error}</Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {refused && (
          <Alert color="red" variant="light" role="alert">
            {refused}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit">Import rates</Button>
          <Button variant="default" onClick={() => actor.send({ type: 'rates.mapping.cancel' })}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
