import { Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import type { Theme } from '../../../../machines/ui';
import { useAppActors, useUi } from '../../app/context';

const themes: { value: Theme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'Follow the system' },
];

/** Theme and hide balances; the ui machine owns and remembers both. */
export function AppearanceSection() {
  const { ui } = useAppActors();
  const theme = useUi((s) => s.context.theme);
  const showBalances = useUi((s) => s.context.showBalances);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="appearance-heading">
      <Stack gap="md">
        <Title order={2} fz="lg" id="appearance-heading">
          Appearance
        </Title>
        <div>
          <Text size="sm" fw={500} id="theme-label" mb={4}>
            Theme
          </Text>
          <SegmentedControl aria-labelledby="theme-label" data={themes} value={theme} onChange={(value) => ui.send({ type: 'theme.set', theme: value as Theme })} fullWidth />
        </div>
        <Switch
          label="Hide balances"
          description="Masks every amount, coach answers included, for when someone is looking over your shoulder."
          checked={!showBalances}
          onChange={() => ui.send({ type: 'balances.toggle' })}
        />
      </Stack>
    </Paper>
  );
}
