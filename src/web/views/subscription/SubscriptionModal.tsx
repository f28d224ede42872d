import { useSelector } from '@xstate/react';
import { Alert, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { useUi, useAppActors } from '../../app/context';
import { offerCopy } from './offerCopy';
import { PlanCards } from './PlanCards';
import { useSubscriptionActor } from './subscriptionActor';

/** The plans, prices and trial state; its subscription actor starts when the modal opens and loads both. */
function PlanPicker() {
  const subscription = useSubscriptionActor({ withPlans: true });
  const status = useSelector(subscription, (s) => s.context.status);
  const plans = useSelector(subscription, (s) => s.context.plans);
  const error = useSelector(subscription, (s) => (s.matches({ account: 'failed' }) ? s.context.error?.message : s.matches({ plans: 'failed' }) ? s.context.plansError?.message : null) ?? null);
  const busyPlanId = useSelector(subscription, (s) => (s.matches({ account: 'checkingOut' }) || s.matches({ account: 'leaving' }) ? s.context.choosingPlanId : null));
  const ready = status && plans;
  return (
    <Stack>
      <Text>{offerCopy(status ?? undefined, plans?.trial_days)}</Text>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {ready ? (
        <PlanCards plans={plans.plans} currentPlanId={status.status === 'active' ? status.plan?.id : null} busyPlanId={busyPlanId} onChoose={(plan) => subscription.send({ type: 'subscription.checkout', planId: plan.id })} />
      ) : (
        !error && (
          <Center py="lg" role="status" aria-label="Loading plans">
            <Loader />
          </Center>
        )
      )}
      <Text c="dimmed" size="xs">
        Payments are handled by our billing provider. Cancel any time from Settings; you keep access until the end of the paid period.
      </Text>
    </Stack>
  );
}

/** Opened by the access check when access is denied (and by 'Choose a plan' in Settings). */
export function SubscriptionModal() {
  const { ui } = useAppActors();
  const opened = useUi((s) => s.context.modals.subscription);
  return (
    <Modal opened={opened} onClose={() => ui.send({ type: 'modal.close', modal: 'subscription' })} title="Choose a plan" size="lg" centered>
      <PlanPicker />
    </Modal>
  );
}
