import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../hooks/usePageTitle';

/**
 * A page's heading and, through usePageTitle, its tab title; also what a guarded page behind a modal shows.
 * Its actions go under the title, not beside it: the top right stays free for toasts (docs/decisions.md).
 */
export function PageTitle({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  usePageTitle(title);
  const heading = (
    <Stack gap={4}>
      <Title order={1}>{title}</Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
  if (!actions) return heading;
  return (
    <Stack gap="sm" align="flex-start">
      {heading}
      {actions}
    </Stack>
  );
}
