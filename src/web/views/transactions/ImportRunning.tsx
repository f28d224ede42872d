import { Progress, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { formatCount } from '../../format/number';
import { LoadFailed } from '../LoadFailed';
import type { ImportActor } from './transactionsActor';

/** The third step: the job's progress, and a retry when it cannot be read. */
export function Running({ wizard }: { wizard: ImportActor }) {
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
