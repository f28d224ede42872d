import { Badge, Button, Modal, Stack, Text, Title } from '@mantine/core';
import { rewardPointsLabel, uiTexts } from '../../../machines/ui';
import { useAppActors, useUi } from '../app/context';
import { useBalancesHidden } from '../hooks/useMoney';

/** The reward dialog ([spec:2-reward-dialog]), driven by the ui machine. */
export function RewardDialog() {
  const { ui } = useAppActors();
  const reward = useUi((s) => s.context.reward);
  // Hide balances masks amounts everywhere, the points of an award too.
  const hidden = useBalancesHidden();
  const close = () => ui.send({ type: 'reward.close' });
  const points = reward ? (hidden && typeof reward.points === 'number' ? '+•••• points' : rewardPointsLabel(reward.points)) : null;
  return (
    <Modal opened={reward !== null} onClose={close} title={uiTexts.rewardHeading} centered>
      {reward && (
        <Stack align="center" gap="sm">
          <Title order={3}>{reward.title}</Title>
          {points && (
            <Badge size="xl" color="teal" variant="light">
              {points}
            </Badge>
          )}
          <Text ta="center">{reward.message}</Text>
          <Button onClick={close} fullWidth data-autofocus>
            {uiTexts.rewardButton}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
