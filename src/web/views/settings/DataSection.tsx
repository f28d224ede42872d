import { Alert, Anchor, Button, Group, Modal, Paper, PasswordInput, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { focusFirstInvalid, useServerFieldError } from '../../forms/contractRules';
import { markInvalid } from '../../forms/focus';
import { useDisclosure } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { DELETE_ACCOUNT_PHRASE, type DeletionPreview } from '../../../contract/account';
import { dataExportMachine } from '../../../../machines/dataExport';
import { useAppActors, useSession } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { formatDateTime } from '../../format/date';
import { formatCount } from '../../format/number';
import { toastVia, usePageMachine } from '../../hooks/pageActor';
import { saveFile } from '../saveFile';

const sizeOf = (bytes: number | null) => (bytes === null ? '' : bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '');

/** Download all my data: a zip of every record (JSON) and the transactions (CSV), built in the background. */
function ExportData() {
  const exporter = usePageMachine(({ api, ui }) =>
    dataExportMachine.provide({
      actors: {
        latest: fromPromise(async () => (await api.account.latestExport()).export),
        start: fromPromise(() => api.account.startExport()),
        status: fromPromise(({ input }) => api.account.exportStatus(input.id)),
        download: fromPromise(async ({ input }) => saveFile(await api.account.downloadExport(input.job.export_id), `finu-data-${input.job.created_at.slice(0, 10)}.zip`)),
      },
      actions: { notify: toastVia(ui) },
    }),
  );
  const snapshot = useSelector(exporter, (s) => s);
  const send = exporter.send;
  const { job, error } = snapshot.context;
  const preparing = snapshot.matches('preparing') || snapshot.matches('starting');
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Download all my data
      </Title>
      <Text size="sm" c="dimmed">
        A zip with every record of yours as JSON (profile, transactions, goals, coach conversations, subscription, and more) and your transactions as CSV. Large accounts take a minute; you can leave this page meanwhile.
      </Text>
      {snapshot.matches('loading') && <Progress value={100} animated size="sm" aria-label="Loading your last export" />}
      {snapshot.matches('loadFailed') && (
        <Alert color="red" variant="light">
          {error}{' '}
          <Anchor component="button" onClick={() => send({ type: 'export.retry' })}>
            Try again
          </Anchor>
        </Alert>
      )}
      {preparing && (
        <div>
          <Progress value={job?.progress ?? 0} animated size="lg" aria-label="Export progress" />
          <Text size="sm" mt={4} role="status">
            Preparing your data… {job?.progress ?? 0}% {job && job.rows_total > 0 ? `(${formatCount(job.rows_done)} of ${formatCount(job.rows_total)} records)` : ''}
          </Text>
        </div>
      )}
      {!preparing && job?.status === 'completed' && (
        <Text size="sm" role="status">
          Your export from {when(job.finished_at)} is ready ({sizeOf(job.file_size)}, {formatCount(job.rows_total)} records).
        </Text>
      )}
      {!preparing && error && !snapshot.matches('loadFailed') && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Group gap="sm">
        {job?.status === 'completed' && !preparing && (
          <Button onClick={() => send({ type: 'export.download' })} loading={snapshot.matches('downloading')}>
            Download zip
          </Button>
        )}
        <Button variant={job?.status === 'completed' ? 'default' : 'filled'} onClick={() => send({ type: 'export.start' })} loading={preparing} disabled={!snapshot.can({ type: 'export.start' })}>
          {job?.status === 'completed' ? 'Prepare a new export' : 'Prepare my data'}
        </Button>
      </Group>
    </Stack>
  );
}

type DeleteValues = { password: string; confirmation: string };

/** Delete my account: a danger confirmation asking for the password (or the typed phrase). */
function DeleteAccount() {
  const { api, ui, session } = useAppActors();
  const hasPassword = useSession((s) => s.context.user?.has_password !== false);
  const [opened, modal] = useDisclosure(false);
  const form = useForm<DeleteValues>({
    name: 'delete-account',
    enhanceGetInputProps: markInvalid,
    mode: 'controlled',
    initialValues: { password: '', confirmation: '' },
    validate: {
      password: (v) => (hasPassword && !v ? 'Enter your password to confirm' : null),
      confirmation: (v) => (!hasPassword && v.trim().toLowerCase() !== DELETE_ACCOUNT_PHRASE ? `Type "${DELETE_ACCOUNT_PHRASE}" to confirm` : null),
    },
  });
  const remove = useRequest<DeleteValues>({
    submit: (v) => api.account.deleteAccount(hasPassword ? { password: v.password } : { confirmation: v.confirmation }),
    defaultError: 'Failed to delete the account',
    toastErrors: false,
    onSuccess: () => {
      modal.close();
      // The account is gone: end the session here without calling the server again.
      session.send({ type: 'session.accountDeleted' });
      ui.send({ type: 'toast.show', toast: { kind: 'success', message: 'Your account has been deleted. A goodbye email is on its way.' } });
    },
  });
  // What goes with the account beyond records: the custodial wallet and its FINU, read when the dialog opens.
  const preview = useRequest<Record<string, never>>({ submit: () => api.account.deletionPreview(), defaultError: 'Failed to fetch your wallet', toastErrors: false });
  const wallet = (preview.result as DeletionPreview | undefined)?.wallet ?? null;
  const open = () => {
    preview.submit({});
    modal.open();
  };
  // A wrong password (or phrase) is shown under its field; anything else under the fields.
  const failure = remove.failure && !remove.failure.handledGlobally ? remove.failure : null;
  const alert = useServerFieldError(form, failure, hasPassword ? ['password'] : ['confirmation'], { also: { password: /password/i, confirmation: /phrase|confirm/i } });
  return (
    <Stack gap="xs">
      <Title order={3} fz="md" c="red">
        Delete my account
      </Title>
      <Text size="sm" c="dimmed">
        Removes your account and everything in it for good: transactions, goals, coach conversations, rewards. Any subscription is cancelled with no further charge. Download your data first if you want a copy.
      </Text>
      <Group>
        <Button color="red" variant="outline" onClick={open}>
          Delete my account
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => {
          modal.close();
          form.reset();
        }}
        title="Delete your account?"
        centered
      >
        <form
          noValidate
          aria-label="Delete account"
          onSubmit={form.onSubmit(
            (v) => remove.submit(v),
            (errors) => focusFirstInvalid(form, errors),
          )}
        >
          <Stack gap="sm">
            <Alert color="red" variant="light" title="This cannot be undone">
              Every record of yours is deleted at once, your subscription is cancelled and you are signed out everywhere.
            </Alert>
            {wallet && (
              <Alert color="orange" variant="light" title="Your Finu wallet is destroyed too" data-testid="delete-wallet-warning">
                <Stack gap={6}>
                  <Text size="sm">
                    The wallet Finu keeps for you, <Text span ff="monospace" size="sm">{wallet.address}</Text>, holds{' '}
                    {wallet.finu_balance === null ? 'FINU we cannot read right now' : `${formatCount(Number(wallet.finu_balance), 4)} FINU`}. Its key is deleted with your account: without an encrypted backup, those tokens are lost for good.
                  </Text>
                  <Group>
                    <Button component={Link} to="/tokens" size="xs" variant="light" color="orange" onClick={modal.close}>
                      Back up the wallet first (Tokens › Wallet)
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}
            {hasPassword ? (
              <PasswordInput label="Your password" autoComplete="current-password" data-autofocus withAsterisk {...form.getInputProps('password')} />
            ) : (
              <TextInput label={`Type "${DELETE_ACCOUNT_PHRASE}" to confirm`} data-autofocus withAsterisk autoComplete="off" {...form.getInputProps('confirmation')} />
            )}
            {alert && (
              <Text c="red" size="sm" role="alert">
                {alert}
              </Text>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={modal.close}>
                Keep my account
              </Button>
              <Button type="submit" color="red" loading={remove.busy}>
                Delete everything
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}

/** Your data: export and deletion. */
export function DataSection() {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="data-heading">
      <Stack gap="lg">
        <Title order={2} fz="lg" id="data-heading">
          Your data
        </Title>
        <ExportData />
        <DeleteAccount />
      </Stack>
    </Paper>
  );
}
