import { Button, Checkbox, Group, NumberInput, Paper, Radio, Select, SimpleGrid, Stack, Stepper, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { SUPPORTED_CURRENCIES } from '../../../contract/money';
import { helpTopics, mainGoals } from '../../../contract/onboarding';
import { incomeProblem, stepAnswered, wizardSteps, type OnboardingDraft } from '../../../../machines/onboarding';
import { useAppActors, useOnboarding } from '../../app/context';
import { usePageTitle } from '../../hooks/usePageTitle';
import { onboardingIntro } from './intro';

const goalLabels: Record<(typeof mainGoals)[number], { label: string; hint: string }> = {
  build_emergency_fund: { label: 'Build an emergency fund', hint: 'A cushion of three to six months of spending' },
  pay_off_debt: { label: 'Pay off debt', hint: 'Cards, loans, buy-now-pay-later' },
  save_for_purchase: { label: 'Save for something big', hint: 'A trip, a car, a home' },
  grow_savings: { label: 'Grow my savings', hint: 'Put more aside every month' },
  spend_less: { label: 'Spend less', hint: 'Find what to cut without pain' },
  understand_spending: { label: 'Understand where my money goes', hint: 'See it all in one place' },
};

const helpLabels: Record<(typeof helpTopics)[number], string> = {
  budgeting: 'Budgeting',
  saving: 'Saving',
  debt: 'Debt',
  investing_basics: 'Investing basics',
  spending_insights: 'Spending insights',
  goals: 'Savings goals',
  subscriptions: 'Subscriptions and recurring bills',
};

const stepTitles: Record<(typeof wizardSteps)[number], string> = {
  currency: 'Currency',
  income: 'Income',
  goal: 'Main goal',
  help: 'Coaching',
};

/** Settings and Help wait for the wizard; the account essentials do not. */
export const accountHint = 'Your account is always in the menu under your name at the top right: change your password, sign-in methods, download or delete your data, contact support. Finished or not.';

/** The onboarding wizard; its steps and answers live in the onboarding machine. */
export default function OnboardingPage() {
  const { onboarding } = useAppActors();
  const step = useOnboarding((s) => s.context.step);
  const draft = useOnboarding((s) => s.context.draft);
  const busy = useOnboarding((s) => s.hasTag('busy'));
  const skipping = useOnboarding((s) => s.matches('skipping'));
  // A finished user revisiting the answers can save or cancel, never skip (which would un-complete them).
  const canSkip = useOnboarding((s) => s.can({ type: 'onboarding.skip' }) || s.matches('skipping'));
  const canContinue = stepAnswered(step, draft);
  const last = step === wizardSteps.length - 1;
  const answer = (answers: OnboardingDraft) => onboarding.send({ type: 'onboarding.answer', answers });
  // A finished user revisiting the answers from Settings reviews them; a first-timer is welcomed.
  const intro = onboardingIntro(useOnboarding((s) => s.context.completed));

  usePageTitle(intro.title);
  useEffect(() => {
    onboarding.send({ type: 'onboarding.restart' });
  }, [onboarding]);

  return (
    <Stack maw={720} mx="auto" gap="lg">
      <div>
        <Title order={1}>{intro.heading}</Title>
        <Text c="dimmed">{intro.lead}</Text>
        <Text size="sm" c="dimmed" mt="xs">
          {accountHint}
        </Text>
      </div>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <form
          aria-label="Onboarding"
          onSubmit={(e) => {
            e.preventDefault();
            onboarding.send(last ? { type: 'onboarding.complete' } : { type: 'onboarding.next' });
          }}
        >
          <Stepper active={step} size="sm" allowNextStepsSelect={false} onStepClick={(i) => i < step && onboarding.send({ type: 'onboarding.back' })}>
            <Stepper.Step label={stepTitles.currency}>
              <Select
                mt="md"
                label="Which currency do you use day to day?"
                description="This is your base currency: totals, budgets and the coach add everything up in it, and amounts in other currencies are converted at the rate of their day."
                data={SUPPORTED_CURRENCIES}
                searchable
                value={draft.currency ?? null}
                onChange={(v) => answer({ currency: v ?? undefined })}
                allowDeselect={false}
                required
              />
            </Stepper.Step>
            <Stepper.Step label={stepTitles.income}>
              <NumberInput
                mt="md"
                label="About how much comes in each month, after tax?"
                description="A rough figure is fine: it helps the coach judge what is affordable."
                clampBehavior="none"
                thousandSeparator=","
                decimalScale={2}
                prefix={draft.currency ? `${draft.currency} ` : undefined}
                error={incomeProblem(draft.monthly_income)}
                value={draft.monthly_income ?? ''}
                onChange={(v) => answer({ monthly_income: typeof v === 'number' ? v : undefined })}
                required
              />
            </Stepper.Step>
            <Stepper.Step label={stepTitles.goal}>
              <Radio.Group mt="md" label="What matters most right now?" value={draft.main_goal ?? null} onChange={(v) => answer({ main_goal: v })} required>
                <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                  {mainGoals.map((g) => (
                    <Radio key={g} value={g} label={goalLabels[g].label} description={goalLabels[g].hint} />
                  ))}
                </SimpleGrid>
              </Radio.Group>
            </Stepper.Step>
            <Stepper.Step label={stepTitles.help}>
              <Checkbox.Group mt="md" label="What would you like help with?" description="Pick any; the coach will bring these up first." value={draft.help_with ?? []} onChange={(v) => answer({ help_with: v })}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                  {helpTopics.map((t) => (
                    <Checkbox key={t} value={t} label={helpLabels[t]} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            </Stepper.Step>
          </Stepper>
          <Group justify="space-between" mt="xl">
            {canSkip ? (
              <Button variant="subtle" color="gray" onClick={() => onboarding.send({ type: 'onboarding.skip' })} loading={skipping} disabled={busy && !skipping}>
                Skip for now
              </Button>
            ) : (
              <Button variant="subtle" color="gray" onClick={() => onboarding.send({ type: 'onboarding.cancel' })} disabled={busy}>
                Cancel
              </Button>
            )}
            <Group gap="sm">
              {step > 0 && (
                <Button variant="default" onClick={() => onboarding.send({ type: 'onboarding.back' })} disabled={busy}>
                  Back
                </Button>
              )}
              <Button type="submit" disabled={!canContinue} loading={busy && !skipping}>
                {last ? 'Finish' : 'Continue'}
              </Button>
            </Group>
          </Group>
        </form>
      </Paper>
    </Stack>
  );
}
