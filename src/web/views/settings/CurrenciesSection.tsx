import { Alert, Anchor, Badge, Button, CloseButton, FileInput, Group, Paper, Progress, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { currencyRatesMachine } from '../../../../machines/currencyRates';
import { createRateRequest, importSummary, RATE_LOOKBACK_DAYS, rateSourceLabels, type CreateRateRequest, type ExchangeRate } from '../../../contract/rates';
import { CSV_IMPORT_LIMITS } from '../../../contract/transactions';
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
    },
    actions: { notify: toastVia(ui) },
  });
};

type RatesActor = ActorRefFrom<typeof currencyRatesMachine>;

/**
 * Settings › Currencies (machines/currencyRates.ts): the base currency, the rate table, a form to keep a
 * rate and an ECB reference-rate file to import. Self-contained, so SettingsPage mounts it with one line.
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
  const importing = useSelector(actor, (s) => s.matches({ ready: 'importing' }));
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
        label="ECB reference-rate file"
        description={`The European Central Bank's eurofxref.csv, eurofxref-hist.csv or their XML (eurofxref-daily.xml, eurofxref-hist.xml), up to ${Math.round(CSV_IMPORT_LIMITS.maxBytes / (1024 * 1024))} MB. A rate already kept for the same day and currency is replaced.`}
        placeholder="Choose a file"
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        accept=".csv,.xml,text/csv,application/xml,text/xml"
        disabled={busy}
        clearable={false}
        value={null}
        error={importError ?? undefined}
        onChange={(file) => {
          if (file) actor.send({ type: 'rates.import', file, fileName: file.name });
        }}
      />
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
