import { Alert, Button, Group, List, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { formatCount } from '../../format/number';
import type { ImportActor } from './transactionsActor';

/** The last step: what the import did, the rows it could not read, and undo. */
export function Summary({ wizard }: { wizard: ImportActor }) {
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
