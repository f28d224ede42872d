import { Alert, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import type { z } from 'zod';
import type { SubscriptionStatus } from '../../../contract/subscription';
import type { plansResponse } from '../../../contract/schemas/subscription';
import { useAppActors, useUi } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { offerCopy } from './offerCopy';
import { PlanCards } from './PlanCards';

type Offer = { plans: z.infer<typeof plansResponse>; status: SubscriptionStatus };

/** Opened by the access machine when access is denied: plans, prices, trial state and checkout. */
export function SubscriptionModal() {
  const { ui, api } = useAppActors();
  const opened = useUi((s) => s.context.modals.subscription);
  const offer = useRequest<Record<string, never>>({
    submit: async () => ({ plans: await api.subscription.plans(), status: await api.subscription.status() }) satisfies Offer,
    defaultError: 'Failed to fetch plans',
  });
  const checkout = useRequest<{ planId: string }>({
    submit: ({ planId }) => api.subscription.createCheckout(planId),
    defaultError: 'Failed to start checkout',
    onSuccess: (result) => window.location.assign((result as { url: string }).url),
  });
  const { submit: loadOffer } = offer;
  useEffect(() => {
    if (opened) loadOffer({});
    // loadOffer changes identity every render; the modal loads once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  const data = offer.result as Offer | null;

  return (
    <Modal opened={opened} onClose={() => ui.send({ type: 'modal.close', modal: 'subscription' })} title="Choose a plan" size="lg" centered>
      <Stack>
        <Text>{offerCopy(data?.status, data?.plans.trial_days)}</Text>
        {offer.error && (
          <Alert color="red" variant="light" role="alert">
            {offer.error}
          </Alert>
        )}
        {data ? (
          <PlanCards plans={data.plans.plans} currentPlanId={data.status.status === 'active' ? data.status.plan?.id : null} busyPlanId={checkout.busy ? (checkout.params?.planId ?? null) : null} onChoose={(plan) => checkout.submit({ planId: plan.id })} />
        ) : (
          !offer.error && (
            <Center py="lg" role="status" aria-label="Loading plans">
              <Loader />
            </Center>
          )
        )}
        <Text c="dimmed" size="xs">
          Payments are handled by our billing provider. Cancel any time from Settings; you keep access until the end of the paid period.
        </Text>
      </Stack>
    </Modal>
  );
}
