import { FileInput, Group, NativeSelect, Progress, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { CSV_IMPORT_LIMITS } from '../../../contract/transactions';
import { formatCount } from '../../format/number';
import type { ImportActor } from './transactionsActor';

/** The "Into account" picker; hidden when the accounts could not be listed (the file then goes into the default account). */
export function AccountPicker({ wizard, disabled }: { wizard: ImportActor; disabled?: boolean }) {
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

/** The first step: the account and the statement file. */
export function ChooseFile({ wizard }: { wizard: ImportActor }) {
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
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
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
