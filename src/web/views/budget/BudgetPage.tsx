import { Button, Card, EmptyState, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { isRealMonth } from '../../../contract/fields';
import { localMonth } from '../../format/date';
import { LoadFailed } from '../LoadFailed';
import { PageTitle } from '../PageTitle';
import { GoalCard } from './GoalCard';
import { GoalFormModal } from './GoalFormModal';
import { GoalFundsModal } from './GoalFundsModal';
import { GoalHistoryDrawer } from './GoalHistoryDrawer';
import { GoalsProvider, useGoalList, useGoalsActor, useGoalsMachine } from './goalsActor';
import { GoalsSummaryPanel } from './GoalsSummaryPanel';
import { BudgetProvider, useBudgetMachine } from './budgetActor';
import { MonthBudget } from './MonthBudget';

/**
 * /budget: the savings goals page ([spec:2-guarded-routes]), with the month's category budget below the goals
 * on the same page (`?month=YYYY-MM` opens that month; otherwise this one).
 */
export default function BudgetPage() {
  const goals = useGoalsMachine();
  const [search] = useSearchParams();
  const linked = search.get('month') ?? '';
  const budget = useBudgetMachine(isRealMonth(linked) ? linked : localMonth());
  return (
    <GoalsProvider value={goals}>
      <Stack gap="lg">
        <PageTitle title="Budget" description="Savings goals: put money aside for what matters and see whether you are on track. Below them, the month's budget per category." actions={<NewGoalButton />} />
        <GoalsContent />
        <BudgetProvider value={budget}>
          <MonthBudget />
        </BudgetProvider>
      </Stack>
      <GoalFormModal />
      <GoalFundsModal />
      <GoalHistoryDrawer />
    </GoalsProvider>
  );
}

function NewGoalButton() {
  const actor = useGoalsActor();
  const ready = useGoalList((s) => s.matches({ list: 'loaded' }));
  const empty = useGoalList((s) => s.context.items.length === 0);
  if (!ready || empty) return null;
  return <Button onClick={() => actor.send({ type: 'goal.create' })}>New goal</Button>;
}

function GoalsContent() {
  const actor = useGoalsActor();
  const phase = useGoalList((s) => (s.matches({ list: 'loading' }) ? 'loading' : s.matches({ list: 'failed' }) ? 'failed' : 'ready'));
  const loadError = useGoalList((s) => s.context.loadError?.message ?? null);
  const goals = useGoalList((s) => s.context.items);

  if (phase === 'loading') return <GoalsSkeleton />;
  if (phase === 'failed') {
    return <LoadFailed title="Your goals could not be loaded" message={loadError} onRetry={() => actor.send({ type: 'goals.retry' })} />;
  }
  if (goals.length === 0) {
    return (
      <Card withBorder padding="xl">
        <EmptyState
          variant="light"
          title="No savings goals yet"
          description="A goal turns “someday” into a plan: set a target and a date, and we work out how much to put aside each month."
          icon={<EmptyGoalIcon />}
        >
          <EmptyState.Actions>
            <Button onClick={() => actor.send({ type: 'goal.create' })}>Create your first goal</Button>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    );
  }
  return (
    <Stack gap="lg">
      <GoalsSummaryPanel />
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" role="list" aria-label="Savings goals">
        {goals.map((goal) => (
          <GoalCard key={goal.goal_id} goal={goal} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function GoalsSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading goals">
      <Skeleton height={120} radius="md" />
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={230} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function EmptyGoalIcon() {
  return (
    <svg width={28} height={28} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
      <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM12 12h.01" />
    </svg>
  );
}
