import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import type { SubscriptionStatus } from '../../../contract/subscription';
import type { AnyActorRef } from 'xstate';
import type { ConfirmationRequest } from '../../../../machines/ui';
import { useAppActors } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { formatMoney } from '../../format/money';
import { AppearanceSection } from './AppearanceSection';
import { DataSection } from './DataSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { LogoutEverywhere } from './LogoutEverywhere';
import { SignInMethods } from './SignInMethods';

const longDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' }) : '');

const statusBadge: Record<SubscriptionStatus['status'], { label: string; color: string }> = {
  none: { label: 'No plan', color: 'gray' },
  trialing: { label: 'Free trial', color: 'blue' },
  active: { label: 'Active', color: 'teal' },
  canceled: { label: 'Cancelled', color: 'yellow' },
  expired: { label: 'Expired', color: 'red' },
};

function SubscriptionSection() {
  const { api, ui, session } = useAppActors();
  const status = useRequest<Record<string, never>>({ submit: () => api.subscription.status(), defaultError: 'Failed to fetch subscription status' });
  const reload = () => {
    status.submit({});
    session.send({ type: 'session.refreshProfile' });
  };
  const cancel = useRequest<Record<string, never>>({ submit: () => api.subscription.cancel(), defaultError: 'Failed to cancel subscription', successToast: 'Subscription cancelled. You keep access until the end of the period.', onSuccess: reload });
  const endTrial = useRequest<Record<string, never>>({ submit: () => api.subscription.endTrialNow(), defaultError: 'Failed to end the trial', successToast: 'Your trial has ended.', onSuccess: reload });
  const portal = useRequest<Record<string, never>>({ submit: () => api.subscription.portal(), defaultError: 'Failed to open the billing portal', onSuccess: (r) => window.location.assign((r as { url: string }).url) });
  const { submit: load } = status;
  useEffect(() => {
    load({});
    // Loads once when the section mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const s = status.result as SubscriptionStatus | null;
  const choosePlan = () => ui.send({ type: 'modal.open', modal: 'subscription' });
  // The confirmation dialog submits the given request machine when the user confirms.
  const confirmThen = (replyTo: AnyActorRef, request: Omit<ConfirmationRequest, 'replyTo' | 'onConfirm'>) =>
    ui.send({ type: 'confirmation.open', request: { ...request, replyTo, onConfirm: { type: 'request.submit', params: {} } } });

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="subscription-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="subscription-heading">
            Subscription
          </Title>
          {s && <Badge color={statusBadge[s.status].color}>{statusBadge[s.status].label}</Badge>}
        </Group>
        {!s && !status.error && <Skeleton height={60} />}
        {status.error && (
          <Alert color="red" variant="light">
            {status.error}{' '}
            <Anchor component="button" onClick={() => load({})}>
              Retry
            </Anchor>
          </Alert>
        )}
        {s && (
          <>
            {s.status === 'trialing' && (
              <Text>
                Your free trial ends on {longDate(s.trial.ends_at)} ({s.trial.days_left} {s.trial.days_left === 1 ? 'day' : 'days'} left). Pick a plan any time; you are only charged once you check out.
              </Text>
            )}
            {s.status === 'active' && s.plan && (
              <Text>
                {s.plan.name} plan, {formatMoney(s.plan.price, s.plan.currency)} per {s.plan.interval}. Renews on {longDate(s.current_period_end)}
                {s.payment_method ? ` with ${s.payment_method}` : ''}.
              </Text>
            )}
            {s.status === 'canceled' && (
              <Text>
                Cancelled: you keep every feature until {longDate(s.current_period_end)}. Resume from the billing portal if you change your mind.
              </Text>
            )}
            {s.status === 'expired' && <Text>Your {s.trial.has_used_trial && !s.current_period_end ? 'free trial' : 'subscription'} has ended. Choose a plan to get every feature back.</Text>}
            {s.status === 'none' && <Text>Your free trial starts by itself the first time you open a feature.</Text>}
            <Group gap="sm">
              {(s.status === 'none' || s.status === 'trialing' || s.status === 'expired') && <Button onClick={choosePlan}>Choose a plan</Button>}
              {(s.status === 'active' || s.status === 'canceled') && (
                <Button variant="default" onClick={() => portal.submit({})} loading={portal.busy}>
                  Manage billing
                </Button>
              )}
              {s.status === 'active' && (
                <Button
                  variant="subtle"
                  color="red"
                  loading={cancel.busy}
                  onClick={() =>
                    confirmThen(cancel.actorRef, {
                      variant: 'danger',
                      title: 'Cancel subscription?',
                      message: `You keep access until ${longDate(s.current_period_end)}. After that, the dashboard, transactions, goals and rewards close until you subscribe again.`,
                      confirmLabel: 'Cancel subscription',
                      cancelLabel: 'Keep subscription',
                    })
                  }
                >
                  Cancel subscription
                </Button>
              )}
              {s.status === 'trialing' && (
                <Button
                  variant="subtle"
                  color="orange"
                  loading={endTrial.busy}
                  onClick={() =>
                    confirmThen(endTrial.actorRef, {
                      variant: 'warning',
                      title: 'End the free trial now?',
                      message: 'For trying out what happens after the trial: features close until you choose a plan. The trial cannot be restarted.',
                      confirmLabel: 'End trial now',
                    })
                  }
                >
                  End trial now
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

export default function SettingsPage() {
  useEffect(() => {
    document.title = 'Settings · Finu';
  }, []);
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>Settings</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ProfileSection />
        <AppearanceSection />
      </SimpleGrid>
      <SubscriptionSection />
      {/* Security: sign-in and session sections slot in here, one line each. */}
      <Stack gap="lg" component="section" aria-label="Security">
        <PasswordSection />
        <SignInMethods />
        <LogoutEverywhere />
      </Stack>
      <DataSection />
    </Stack>
  );
}
