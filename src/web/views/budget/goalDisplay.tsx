import { Badge, ThemeIcon } from '@mantine/core';
import type { Goal } from '../../../contract/goals';

/** How each category reads and looks (a line icon, since emoji fonts are not everywhere). */
export const categories: Record<string, { label: string; color: string; icon: string }> = {
  emergency_fund: { label: 'Emergency fund', color: 'red', icon: 'M12 3l7 3v5c0 5-3.5 8.5-7 10-3.5-1.5-7-5-7-10V6zM12 8v5M12 16h.01' },
  vacation: { label: 'Vacation', color: 'cyan', icon: 'M2 16l20-6-2-3-7 2-5-6-2 1 3 6-5 2-2-2-1 1 3 4z' },
  home: { label: 'Home', color: 'orange', icon: 'M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6' },
  car: { label: 'Car', color: 'blue', icon: 'M5 16h14M4 16l2-6h12l2 6v3h-3M4 16v3h3M7 19a1 1 0 1 0 0-2M17 19a1 1 0 1 0 0-2M6 10l1.5-4h9L18 10' },
  education: { label: 'Education', color: 'violet', icon: 'M2 9l10-5 10 5-10 5zM6 11v5c3 2 9 2 12 0v-5M22 9v6' },
  retirement: { label: 'Retirement', color: 'lime', icon: 'M12 21V11M12 11c0-4 3-7 8-7 0 5-3 7-8 7zM12 14c0-3-2-5-6-5 0 4 2 5 6 5z' },
  wedding: { label: 'Wedding', color: 'pink', icon: 'M12 21a6 6 0 1 0 0-12 6 6 0 0 0 0 12zM9 3h6l-3 6z' },
  electronics: { label: 'Electronics', color: 'indigo', icon: 'M4 5h16v11H4zM2 19h20M10 16v3M14 16v3' },
  health: { label: 'Health', color: 'teal', icon: 'M12 20s-8-4.5-8-10a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.5-8 10-8 10z' },
  debt_payoff: { label: 'Debt payoff', color: 'grape', icon: 'M3 6h18v12H3zM3 10h18M7 15h4' },
  investment: { label: 'Investment', color: 'green', icon: 'M3 17l6-6 4 4 8-8M15 7h6v6' },
  other: { label: 'Other', color: 'gray', icon: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM12 12h.01' },
};

export const categoryOf = (category: string) => categories[category] ?? categories.other!;

export const priorities = { low: 'Low', medium: 'Medium', high: 'High' } as const;

export function CategoryIcon({ category, size = 40 }: { category: string; size?: number }) {
  const { color, icon } = categoryOf(category);
  return (
    <ThemeIcon variant="light" color={color} size={size} radius="md" aria-hidden>
      <svg width={size * 0.55} height={size * 0.55} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" focusable="false">
        <path d={icon} />
      </svg>
    </ThemeIcon>
  );
}

const scheduleBadges: Record<Goal['schedule'], { label: string; color: string }> = {
  completed: { label: 'Goal reached', color: 'teal' },
  on_track: { label: 'On track', color: 'green' },
  behind: { label: 'Behind', color: 'orange' },
  overdue: { label: 'Overdue', color: 'red' },
};

export function ScheduleBadge({ schedule }: { schedule: Goal['schedule'] }) {
  const badge = scheduleBadges[schedule];
  return (
    <Badge color={badge.color} variant={schedule === 'completed' ? 'filled' : 'light'}>
      {badge.label}
    </Badge>
  );
}

export const progressColor = (goal: Pick<Goal, 'schedule'>) => scheduleBadges[goal.schedule].color;
