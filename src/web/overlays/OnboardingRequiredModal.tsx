import { Button, Group, Modal, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { uiTexts } from '../../../machines/ui';
import { useAppActors, useOnboarding, useUi } from '../app/context';

/** The onboarding-required modal ([spec:2-onboarding-modal]), opened by the route guard through the ui machine. */
export function OnboardingRequiredModal() {
  const { ui } = useAppActors();
  const navigate = useNavigate();
  const opened = useUi((s) => s.context.modals.onboardingRequired);
  const skipped = useOnboarding((s) => s.context.skipped);
  const go = (to: string) => {
    ui.send({ type: 'modal.close', modal: 'onboardingRequired' });
    navigate(to);
  };
  return (
    <Modal opened={opened} onClose={() => go('/ai-coach')} title={uiTexts.onboardingTitle} centered>
      <Text>{skipped ? uiTexts.onboardingSkippedMessage : uiTexts.onboardingMessage}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => go('/ai-coach')}>
          {uiTexts.maybeLater}
        </Button>
        <Button onClick={() => go('/onboarding?force=true')} data-autofocus>
          {skipped ? uiTexts.completeNow : uiTexts.goToOnboarding}
        </Button>
      </Group>
    </Modal>
  );
}
