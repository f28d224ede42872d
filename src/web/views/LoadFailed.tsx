import { Alert, Button, Stack } from '@mantine/core';

/** A page whose data did not load: what failed, the server's reason, and a way to try again. */
export function LoadFailed({ title, message, onRetry }: { title: string; message: string | null; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        {message}
        <Button variant="light" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
