import { Card, Group, Text, Title } from '@mantine/core';
import { type ReactNode } from 'react';
import { formatCount } from '../../format/number';
import { useBalancesHidden } from '../../hooks/useMoney';


export const MASK = '••••';
export const points = (n: number) => formatCount(n);
export const finu = (n: number, perFinu: number) => formatCount(n / perFinu, 2);
export const short = (hex: string) => `${hex.slice(0, 8)}…${hex.slice(-6)}`;

/** Points as the user's locale writes them, masked while balances are hidden. */
export function useShownPoints(): (n: number, signed?: boolean) => string {
  const hidden = useBalancesHidden();
  return (n, signed = false) => (hidden ? MASK : `${signed && n > 0 ? '+' : ''}${points(n)}`);
}


/** One titled card of the page; `region` makes it a landmark named by its title. */
export function Panel({ title, aside, region = false, children }: { title: string; aside?: ReactNode; region?: boolean; children: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" component={region ? 'section' : 'div'} aria-label={region ? title : undefined}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Card>
  );
}

/** What a panel says when its part of the overview did not load (the page still shows the rest). */
export function Unavailable({ children = 'Not available right now.' }: { children?: ReactNode }) {
  return <Text c="dimmed">{children}</Text>;
}


export function Stat({ label, value, hint, hintColor = 'dimmed', action, testId }: { label: string; value: string; hint?: ReactNode; hintColor?: string; action?: ReactNode; testId?: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {action}
      </Group>
      <Text fw={700} fz={26} data-testid={testId}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c={hintColor}>
          {hint}
        </Text>
      )}
    </Card>
  );
}

