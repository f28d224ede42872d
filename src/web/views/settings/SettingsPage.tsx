import { Alert, Anchor, Badge, Button, Group, Paper, PasswordInput, Select, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { SubscriptionStatus } from '../../../contract/subscription';
import type { AnyActorRef } from 'xstate';
import type { SessionUser } from '../../../../machines/types';
import type { ConfirmationRequest } from '../../../../machines/ui';
import { useAppActors, useSession, useUi } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { formatMoney } from '../../format/money';
import { formValues } from '../auth/AuthLayout';
import { LogoutEverywhere } from './LogoutEverywhere';
import { SignInMethods } from './SignInMethods';

const currencies = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'JPY', 'INR', 'SEK', 'NOK', 'DKK', 'PLN', 'BRL', 'MXN', 'ZAR', 'SGD', 'NZD'];
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

function ProfileSection() {
  const { api, session } = useAppActors();
  const fullName = useSession((s) => s.context.user?.full_name ?? '');
  const currency = useSession((s) => s.context.user?.currency ?? 'USD');
  const email = useSession((s) => s.context.user?.email ?? '');
  const update = useRequest<{ full_name: string | null; currency: string }>({
    submit: (body) => api.auth.updateProfile(body),
    defaultError: 'Failed to update profile',
    successToast: 'Profile updated',
    onSuccess: (profile) => session.send({ type: 'session.profileUpdated', user: profile as SessionUser }),
  });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-heading">
      <form
        aria-label="Profile"
        onSubmit={(e) => {
          const v = formValues(e);
          update.submit({ full_name: v.full_name?.trim() || null, currency: v.currency ?? currency });
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg" id="profile-heading">
            Profile
          </Title>
          <TextInput label="Email" value={email} readOnly />
          <TextInput name="full_name" label="Name" defaultValue={fullName} key={fullName} autoComplete="name" />
          <Select name="currency" label="Currency" data={currencies} defaultValue={currency} key={currency} searchable allowDeselect={false} />
          <Group justify="space-between">
            <Anchor component={Link} to="/onboarding?force=true" size="sm">
              Revisit onboarding answers
            </Anchor>
            <Button type="submit" loading={update.busy}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PasswordSection() {
  const { api, session } = useAppActors();
  const change = useRequest<{ current_password: string; new_password: string }>({
    submit: (body) => api.auth.changePassword(body),
    defaultError: 'Failed to change password',
    successToast: 'Password changed. Other devices have been signed out.',
    onSuccess: (result) => session.send({ type: 'session.tokenRenewed', token: (result as { access_token: string }).access_token }),
  });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="password-heading">
      <form
        aria-label="Change password"
        onSubmit={(e) => {
          const form = e.currentTarget;
          const v = formValues(e);
          change.submit({ current_password: v.current_password ?? '', new_password: v.new_password ?? '' });
          form.reset();
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg" id="password-heading">
            Password
          </Title>
          <PasswordInput name="current_password" label="Current password" autoComplete="current-password" required />
          <PasswordInput name="new_password" label="New password" autoComplete="new-password" description="At least 8 characters" required />
          <Group justify="flex-end">
            <Button type="submit" loading={change.busy}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PreferencesSection() {
  const { ui } = useAppActors();
  const theme = useUi((s) => s.context.theme);
  const showBalances = useUi((s) => s.context.showBalances);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="prefs-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="prefs-heading">
          Display
        </Title>
        <Switch label="Dark theme" checked={theme === 'dark'} onChange={() => ui.send({ type: 'theme.toggle' })} />
        <Switch label="Hide balances" description="Masks every amount, for when someone is looking over your shoulder." checked={!showBalances} onChange={() => ui.send({ type: 'balances.toggle' })} />
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
      <SubscriptionSection />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ProfileSection />
        <PasswordSection />
      </SimpleGrid>
      <SignInMethods />
      <PreferencesSection />
      <LogoutEverywhere />
    </Stack>
  );
}
