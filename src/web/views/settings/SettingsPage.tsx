import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { SubscriptionStatus } from '../../../contract/subscription';
import { useAppActors } from '../../app/context';
import { useSelector } from '@xstate/react';
import { useSubscriptionActor } from '../subscription/subscriptionActor';
import { formatLongDate } from '../../format/date';
import { formatMoney } from '../../format/money';
import { PageTitle } from '../PageTitle';
import { AppearanceSection } from './AppearanceSection';
import { CategoriesSection } from './CategoriesSection';
import { CurrenciesSection } from './CurrenciesSection';
import { DataSection } from './DataSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { RulesSection } from './RulesSection';
import { RemindersSection } from './RemindersSection';
import { CalendarFeedSection } from './CalendarFeedSection';
import { LogoutEverywhere } from './LogoutEverywhere';
import { SignInMethods } from './SignInMethods';
import { TagsSection } from './TagsSection';

const statusBadge: Record<SubscriptionStatus['status'], { label: string; color: string }> = {
  none: { label: 'No plan', color: 'gray' },
  trialing: { label: 'Free trial', color: 'blue' },
  active: { label: 'Active', color: 'teal' },
  canceled: { label: 'Cancelled', color: 'yellow' },
  expired: { label: 'Expired', color: 'red' },
};

function SubscriptionSection() {
  const { ui } = useAppActors();
  const subscription = useSubscriptionActor({});
  const s = useSelector(subscription, (snap) => snap.context.status);
  const error = useSelector(subscription, (snap) => (snap.matches({ account: 'failed' }) ? (snap.context.error?.message ?? null) : null));
  const cancelling = useSelector(subscription, (snap) => snap.matches({ account: 'cancelling' }));
  const endingTrial = useSelector(subscription, (snap) => snap.matches({ account: 'endingTrial' }));
  const openingPortal = useSelector(subscription, (snap) => snap.matches({ account: 'openingPortal' }) || snap.matches({ account: 'leaving' }));
  const choosePlan = () => ui.send({ type: 'modal.open', modal: 'subscription' });
  const load = () => subscription.send({ type: 'subscription.reload' });

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="subscription-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="subscription-heading">
            Subscription
          </Title>
          {s && <Badge color={statusBadge[s.status].color}>{statusBadge[s.status].label}</Badge>}
        </Group>
        {!s && !error && <Skeleton height={60} />}
        {error && (
          <Alert color="red" variant="light">
            {error}{' '}
            <Anchor component="button" onClick={load}>
              Retry
            </Anchor>
          </Alert>
        )}
        {s && (
          <>
            {s.status === 'trialing' && (
              <Text>
                Your free trial ends on {formatLongDate(s.trial.ends_at)} ({s.trial.days_left} {s.trial.days_left === 1 ? 'day' : 'days'} left). Pick a plan any time; you are only charged once you check out.
              </Text>
            )}
            {s.status === 'active' && s.plan && (
              <Text>
                {s.plan.name} plan, {formatMoney(s.plan.price, s.plan.currency)} per {s.plan.interval}. Renews on {formatLongDate(s.current_period_end)}
                {s.payment_method ? ` with ${s.payment_method}` : ''}.
              </Text>
            )}
            {s.status === 'canceled' && (
              <Text>
                Cancelled: you keep every feature until {formatLongDate(s.current_period_end)}. Resume from the billing portal if you change your mind.
              </Text>
            )}
            {s.status === 'expired' && <Text>Your {s.trial.has_used_trial && !s.current_period_end ? 'free trial' : 'subscription'} has ended. Choose a plan to get every feature back.</Text>}
            {s.status === 'none' && <Text>Your free trial starts by itself the first time you open a feature.</Text>}
            <Group gap="sm">
              {(s.status === 'none' || s.status === 'trialing' || s.status === 'expired') && <Button onClick={choosePlan}>Choose a plan</Button>}
              {(s.status === 'active' || s.status === 'canceled') && (
                <Button variant="default" onClick={() => subscription.send({ type: 'subscription.portal' })} loading={openingPortal}>
                  Manage billing
                </Button>
              )}
              {s.status === 'active' && (
                <Button
                  variant="subtle"
                  color="red"
                  loading={cancelling}
                  onClick={() => subscription.send({ type: 'subscription.cancel' })}
                >
                  Cancel subscription
                </Button>
              )}
              {s.status === 'trialing' && (
                <Button
                  variant="subtle"
                  color="orange"
                  loading={endingTrial}
                  onClick={() => subscription.send({ type: 'subscription.endTrial' })}
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
  return (
    <Stack gap="lg" maw={960}>
      <PageTitle title="Settings" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ProfileSection />
        <AppearanceSection />
      </SimpleGrid>
      <SubscriptionSection />
      <CurrenciesSection />
      {/* Security: sign-in and session sections slot in here, one line each. */}
      <Stack gap="lg" component="section" aria-label="Security">
        <PasswordSection />
        <SignInMethods />
        <LogoutEverywhere />
      </Stack>
      <CategoriesSection />
      <TagsSection />
      <RulesSection />
      <RemindersSection />
      <CalendarFeedSection />
      <DataSection />
    </Stack>
  );
}
