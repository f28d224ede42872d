import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Data that did not load: what failed, the server's reason, and a way to try again. `compact` for a part
 * of a page (a panel, more rows, a running import) rather than the page itself.
 */
export function LoadFailed({ title, message, onRetry, compact = false }: { title: string; message: ReactNode; onRetry: () => void; compact?: boolean }) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Stack gap={compact ? 'xs' : 'sm'} align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size={compact ? 'xs' : 'sm'} variant="light" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
