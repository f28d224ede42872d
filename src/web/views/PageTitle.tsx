import { Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';

/** A guarded page whose feature has not landed yet shows its title only (issue #2). */
export function PageTitle({ title, description }: { title: string; description?: string }) {
  useEffect(() => {
    document.title = `${title} · Finu`;
  }, [title]);
  return (
    <Stack gap={4}>
      <Title order={1}>{title}</Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}
