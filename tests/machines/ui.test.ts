import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type AnyActorRef } from 'xstate';
import { colorSchemeOf, rewardPointsLabel, uiMachine } from '../../machines/ui';
import type { Preferences } from '../../machines/ui';
import type { Toast } from '../../machines/types';

function startUi(input?: Partial<Preferences> & { systemDark?: boolean }) {
  const toasts: Toast[] = [];
  const saved: Preferences[] = [];
  const actor = createActor(
    uiMachine.provide({ actions: { showToast: (_, t) => void toasts.push(t), persistPreferences: (_, p) => void saved.push(p) } }),
    { input },
  ).start();
  return { actor, toasts, saved, ctx: () => actor.getSnapshot().context };
}

/** A stand-in requester that records what the dialog replies. */
function requester() {
  const received: string[] = [];
  const actor = createActor(createMachine({ on: { '*': { actions: ({ event }) => received.push(event.type) } } })).start();
  return { actor: actor as AnyActorRef, received };
}

describe('ui machine', () => {
  it('shows toasts', () => {
    const ui = startUi();
    ui.actor.send({ type: 'toast.show', toast: { kind: 'success', message: 'Goal created successfully!' } });
    expect(ui.toasts).toEqual([{ kind: 'success', message: 'Goal created successfully!' }]);
  });

  it("the confirmation dialog defaults to 'Confirm Action', 'Are you sure you want to proceed?', Confirm and Cancel", () => {
    const ui = startUi();
    ui.actor.send({ type: 'confirmation.open', request: {} });
    expect(ui.ctx().confirmation).toMatchObject({ title: 'Confirm Action', message: 'Are you sure you want to proceed?', confirmLabel: 'Confirm', cancelLabel: 'Cancel', variant: 'info' });
  });

  it.each(['danger', 'warning', 'info'] as const)('the confirmation dialog has a %s variant', (variant) => {
    const ui = startUi();
    ui.actor.send({ type: 'confirmation.open', request: { variant, title: 'Delete goal?' } });
    expect(ui.ctx().confirmation).toMatchObject({ variant, title: 'Delete goal?' });
  });

  it('confirming sends the requester its event and closes the dialog', () => {
    const ui = startUi();
    const r = requester();
    ui.actor.send({ type: 'confirmation.open', request: { replyTo: r.actor, onConfirm: { type: 'goal.deleteConfirmed' }, onCancel: { type: 'goal.deleteCancelled' } } });
    ui.actor.send({ type: 'confirmation.confirm' });
    expect(r.received).toEqual(['goal.deleteConfirmed']);
    expect(ui.ctx().confirmation).toBeNull();
    expect(ui.actor.getSnapshot().matches({ confirmation: 'closed' })).toBe(true);
  });

  it('cancelling tells the requester (when it asked) and closes the dialog without confirming', () => {
    const ui = startUi();
    const r = requester();
    ui.actor.send({ type: 'confirmation.open', request: { replyTo: r.actor, onConfirm: { type: 'yes' }, onCancel: { type: 'no' } } });
    ui.actor.send({ type: 'confirmation.cancel' });
    expect(r.received).toEqual(['no']);
    expect(ui.ctx().confirmation).toBeNull();
  });

  it('a confirmation without a requester still closes on confirm', () => {
    const ui = startUi();
    ui.actor.send({ type: 'confirmation.open', request: {} });
    ui.actor.send({ type: 'confirmation.confirm' });
    expect(ui.actor.getSnapshot().matches({ confirmation: 'closed' })).toBe(true);
  });

  it("the reward dialog defaults to 'You earned points!' and 'Keep it up and earn more by exploring features.'", () => {
    const ui = startUi();
    ui.actor.send({ type: 'reward.show' });
    expect(ui.ctx().reward).toEqual({ title: 'You earned points!', message: 'Keep it up and earn more by exploring features.', points: null });
    ui.actor.send({ type: 'reward.close' });
    expect(ui.ctx().reward).toBeNull();
  });

  it("the reward dialog shows '+N points' when points is a number", () => {
    const ui = startUi();
    ui.actor.send({ type: 'reward.show', points: 50 });
    expect(rewardPointsLabel(ui.ctx().reward!.points)).toBe('+50 points');
    expect(rewardPointsLabel(null)).toBeNull();
  });

  it('theme starts light, toggles, and is remembered', () => {
    const ui = startUi();
    expect(ui.ctx().theme).toBe('light');
    ui.actor.send({ type: 'theme.toggle' });
    expect(ui.ctx().theme).toBe('dark');
    expect(ui.saved.at(-1)).toEqual({ theme: 'dark', sidebarCollapsed: false, showBalances: true, activeTab: 'dashboard' });
  });

  it('hide balances and the sidebar toggle and are remembered; stored preferences come back as input', () => {
    const ui = startUi({ showBalances: false, theme: 'dark' });
    expect(ui.ctx().showBalances).toBe(false);
    ui.actor.send({ type: 'balances.toggle' });
    ui.actor.send({ type: 'sidebar.toggle' });
    expect(ui.saved.at(-1)).toEqual({ theme: 'dark', sidebarCollapsed: true, showBalances: true, activeTab: 'dashboard' });
  });

  it("theme 'system' follows the device and is remembered as 'system'", () => {
    const ui = startUi({ systemDark: true });
    expect(colorSchemeOf(ui.ctx())).toBe('light');
    ui.actor.send({ type: 'theme.set', theme: 'system' });
    expect(colorSchemeOf(ui.ctx())).toBe('dark');
    expect(ui.saved.at(-1)).toMatchObject({ theme: 'system' });
    ui.actor.send({ type: 'theme.systemChanged', dark: false });
    expect(colorSchemeOf(ui.ctx())).toBe('light');
    // The header toggle switches what is on screen to an explicit choice.
    ui.actor.send({ type: 'theme.toggle' });
    expect(ui.ctx().theme).toBe('dark');
  });

  it('the active tab is remembered with the other preferences; invalid stored values are ignored', () => {
    const ui = startUi({ activeTab: 'budget', theme: 'purple' as never, sidebarCollapsed: 'yes' as never });
    expect(ui.ctx()).toMatchObject({ activeTab: 'budget', theme: 'light', sidebarCollapsed: false });
    ui.actor.send({ type: 'tab.select', tab: 'settings' });
    expect(ui.saved.at(-1)).toEqual({ theme: 'light', sidebarCollapsed: false, showBalances: true, activeTab: 'settings' });
  });

  it('modals open and close by name', () => {
    const ui = startUi();
    ui.actor.send({ type: 'modal.open', modal: 'subscription' });
    expect(ui.ctx().modals.subscription).toBe(true);
    ui.actor.send({ type: 'modal.close', modal: 'subscription' });
    expect(ui.ctx().modals.subscription).toBe(false);
  });

  it('app reset (logout) closes every overlay', () => {
    const ui = startUi();
    ui.actor.send({ type: 'reward.show', points: 5 });
    ui.actor.send({ type: 'confirmation.open', request: {} });
    ui.actor.send({ type: 'modal.open', modal: 'addGoal' });
    ui.actor.send({ type: 'app.reset' });
    expect(ui.ctx()).toMatchObject({ reward: null, confirmation: null, modals: { subscription: false, addTransaction: false, addGoal: false, onboardingRequired: false } });
    expect(ui.actor.getSnapshot().matches({ confirmation: 'closed', reward: 'closed' })).toBe(true);
  });
});

describe('one failure-toast rule', () => {
  it('a failure the API client already toasted (empty message) shows no second toast; others show their message', async () => {
    const { failureToast } = await import('../../machines/types');
    const { actor: ui, toasts } = startUi();
    ui.send({ type: 'toast.show', toast: failureToast({ message: 'Server error. Please try again later.', status: 500, handledGlobally: true }) });
    ui.send({ type: 'toast.show', toast: failureToast({ message: 'Goal not found', status: 404 }) });
    ui.send({ type: 'toast.show', toast: failureToast({ message: 'This verification link is invalid', status: 400 }, 'Email verification error: ') });
    expect(toasts.map((t) => t.message)).toEqual(['Goal not found', 'Email verification error: This verification link is invalid']);
  });
});
