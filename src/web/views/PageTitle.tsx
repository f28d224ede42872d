import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../hooks/usePageTitle';

/** A page's heading and, through usePageTitle, its tab title; also what a guarded page behind a modal shows. */
export function PageTitle({ title, description }: { title: string; description?: ReactNode }) {
  usePageTitle(title);
  return (
    <Stack gap={4}>
      <Title order={1}>{title}</Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}
