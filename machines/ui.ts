import { assign, sendTo, setup, type AnyActorRef, type AnyEventObject } from 'xstate';
import type { Toast } from './types';

export type ConfirmationVariant = 'danger' | 'warning' | 'info';
/** The user's choice; 'system' follows the device's light or dark setting. */
export type Theme = 'light' | 'dark' | 'system';
export type ColorScheme = 'light' | 'dark';
export type ModalName = 'subscription' | 'addTransaction' | 'addGoal' | 'onboardingRequired';

export interface ConfirmationRequest {
  title?: string;
  message?: string;
  variant?: ConfirmationVariant;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Who asked, and the event it gets when the user confirms. */
  replyTo?: AnyActorRef;
  onConfirm?: AnyEventObject;
  onCancel?: AnyEventObject;
}

export interface Confirmation {
  title: string;
  message: string;
  variant: ConfirmationVariant;
  confirmLabel: string;
  cancelLabel: string;
  replyTo: AnyActorRef | null;
  onConfirm: AnyEventObject | null;
  onCancel: AnyEventObject | null;
}

export interface Reward {
  title: string;
  message: string;
  points: number | null;
}

export interface Preferences {
  theme: Theme;
  sidebarCollapsed: boolean;
  showBalances: boolean;
  activeTab: string;
}

export interface UiContext extends Preferences {
  /** What the device prefers (prefers-color-scheme), for theme 'system'. */
  systemDark: boolean;
  confirmation: Confirmation | null;
  reward: Reward | null;
  modals: Record<ModalName, boolean>;
}

export type UiEvent =
  | { type: 'toast.show'; toast: Toast }
  | { type: 'confirmation.open'; request: ConfirmationRequest }
  | { type: 'confirmation.confirm' }
  | { type: 'confirmation.cancel' }
  | { type: 'reward.show'; points?: number | null; title?: string; message?: string }
  | { type: 'reward.close' }
  | { type: 'theme.toggle' }
  | { type: 'theme.set'; theme: Theme }
  | { type: 'theme.systemChanged'; dark: boolean }
  | { type: 'sidebar.toggle' }
  | { type: 'balances.toggle' }
  | { type: 'tab.select'; tab: string }
  | { type: 'modal.open'; modal: ModalName }
  | { type: 'modal.close'; modal: ModalName }
  | { type: 'app.reset' };

/** The global overlays' defaults ([spec:2-reward-dialog], [spec:2-confirm-dialog], [spec:2-onboarding-modal]). */
export const uiTexts = {
  confirmationTitle: 'Confirm Action',
  confirmationMessage: 'Are you sure you want to proceed?',
  confirm: 'Confirm',
  cancel: 'Cancel',
  rewardHeading: 'Congratulations!',
  rewardTitle: 'You earned points!',
  rewardMessage: 'Keep it up and earn more by exploring features.',
  rewardButton: 'Awesome!',
  onboardingTitle: 'Complete Onboarding',
  onboardingSkippedMessage: 'You previously skipped onboarding. Please complete it to access transactions and budgeting features.',
  onboardingMessage: 'Please complete onboarding to access this feature.',
  maybeLater: 'Maybe Later',
  goToOnboarding: 'Go to Onboarding',
  completeNow: 'Complete Now',
} as const;

export const rewardPointsLabel = (points: number | null) => (typeof points === 'number' ? `+${points} points` : null);

const closedModals: Record<ModalName, boolean> = { subscription: false, addTransaction: false, addGoal: false, onboardingRequired: false };

const preferencesOf = (c: Preferences): Preferences => ({ theme: c.theme, sidebarCollapsed: c.sidebarCollapsed, showBalances: c.showBalances, activeTab: c.activeTab });

/** [spec:3-client-state]: theme light by default. */
export const defaultPreferences: Preferences = { theme: 'light', sidebarCollapsed: false, showBalances: true, activeTab: 'dashboard' };

/** The colour scheme on screen: the chosen theme, or the device's for 'system'. */
export const colorSchemeOf = (c: Pick<UiContext, 'theme' | 'systemDark'>): ColorScheme => (c.theme === 'system' ? (c.systemDark ? 'dark' : 'light') : c.theme);

const THEMES: readonly Theme[] = ['light', 'dark', 'system'];
/** Stored preferences may come from an older version or a hand edit: keep only valid values. */
function validPreferences(input: Partial<Preferences> | undefined): Partial<Preferences> {
  const out: Partial<Preferences> = {};
  if (input?.theme && THEMES.includes(input.theme)) out.theme = input.theme;
  if (typeof input?.sidebarCollapsed === 'boolean') out.sidebarCollapsed = input.sidebarCollapsed;
  if (typeof input?.showBalances === 'boolean') out.showBalances = input.showBalances;
  if (typeof input?.activeTab === 'string' && input.activeTab) out.activeTab = input.activeTab;
  return out;
}

export const uiMachine = setup({
  types: {
    context: {} as UiContext,
    events: {} as UiEvent,
    input: {} as (Partial<Preferences> & { systemDark?: boolean }) | undefined,
  },
  actions: {
    /** Shows a toast (Mantine notifications, top right, 3 s). */
    showToast: (_, _toast: Toast) => {},
    /** Remembers theme, sidebar, balance visibility and the active tab. */
    persistPreferences: (_, _prefs: Preferences) => {},
  },
  guards: {
    toastHasMessage: ({ event }) => event.type === 'toast.show' && Boolean(event.toast.message),
    hasConfirmReply: ({ context }) => Boolean(context.confirmation?.replyTo && context.confirmation.onConfirm),
    hasCancelReply: ({ context }) => Boolean(context.confirmation?.replyTo && context.confirmation.onCancel),
  },
}).createMachine({
  id: 'ui',
  description: 'App-wide interface state: toasts, the confirmation and reward dialogs, modals, theme, sidebar and balance visibility.',
  context: ({ input }) => ({
    ...defaultPreferences,
    ...validPreferences(input),
    systemDark: input?.systemDark ?? false,
    confirmation: null,
    reward: null,
    modals: { ...closedModals },
  }),
  type: 'parallel',
  on: {
    'toast.show': {
      description: 'Shows a toast at the top right for 3 seconds; an empty message means the API client already told the user, so nothing shows.',
      guard: 'toastHasMessage',
      actions: { type: 'showToast', params: ({ event }) => event.toast },
    },
    'theme.toggle': { description: 'Switches to the opposite of what is on screen (an explicit light or dark).', actions: [assign({ theme: ({ context }) => (colorSchemeOf(context) === 'light' ? 'dark' : 'light') }), { type: 'persistPreferences', params: ({ context }: { context: UiContext }) => preferencesOf(context) }] },
    'theme.set': { description: 'Settings: light, dark or system; remembered on this device.', actions: [assign({ theme: ({ event }) => event.theme }), { type: 'persistPreferences', params: ({ context }: { context: UiContext }) => preferencesOf(context) }] },
    'sidebar.toggle': { description: 'Collapses or expands the sidebar; remembered on this device.', actions: [assign({ sidebarCollapsed: ({ context }) => !context.sidebarCollapsed }), { type: 'persistPreferences', params: ({ context }: { context: UiContext }) => preferencesOf(context) }] },
    'balances.toggle': { description: 'Hide balances masks every amount across the app.', actions: [assign({ showBalances: ({ context }) => !context.showBalances }), { type: 'persistPreferences', params: ({ context }: { context: UiContext }) => preferencesOf(context) }] },
    'theme.systemChanged': { description: 'The device switched between light and dark (matters for theme "system").', actions: assign({ systemDark: ({ event }) => event.dark }) },
    'tab.select': { description: 'Remembers the tab the user last opened.', actions: [assign({ activeTab: ({ event }) => event.tab }), { type: 'persistPreferences', params: ({ context }: { context: UiContext }) => preferencesOf(context) }] },
    'modal.open': { description: 'Opens a modal (subscription plans, add transaction, add goal, complete onboarding).', actions: assign({ modals: ({ context, event }) => ({ ...context.modals, [event.modal]: true }) }) },
    'modal.close': { description: 'Closes that modal.', actions: assign({ modals: ({ context, event }) => ({ ...context.modals, [event.modal]: false }) }) },
    'app.reset': {
      description: 'Logout resets app state (preferences stay with the device).',
      target: ['.confirmation.closed', '.reward.closed'],
      actions: [assign({ confirmation: null, reward: null, modals: { ...closedModals }, activeTab: 'dashboard' }), { type: 'persistPreferences', params: ({ context }: { context: UiContext }) => preferencesOf(context) }],
    },
  },
  states: {
    confirmation: {
      description: 'The confirmation dialog: defaults title "Confirm Action", message "Are you sure you want to proceed?", Confirm and Cancel.',
      initial: 'closed',
      states: {
        closed: {
          description: 'No confirmation is asked.',
          on: {
            'confirmation.open': {
              description: 'A flow asks the user to confirm (e.g. delete, unlink, cancel the subscription): the dialog opens with its texts or the defaults.',
              target: 'open',
              actions: assign({
                confirmation: ({ event }) => ({
                  title: event.request.title ?? uiTexts.confirmationTitle,
                  message: event.request.message ?? uiTexts.confirmationMessage,
                  variant: event.request.variant ?? 'info',
                  confirmLabel: event.request.confirmLabel ?? uiTexts.confirm,
                  cancelLabel: event.request.cancelLabel ?? uiTexts.cancel,
                  replyTo: event.request.replyTo ?? null,
                  onConfirm: event.request.onConfirm ?? null,
                  onCancel: event.request.onCancel ?? null,
                }),
              }),
            },
          },
        },
        open: {
          description: 'The dialog waits for Confirm or Cancel.',
          on: {
            'confirmation.confirm': [
              {
                description: 'Confirm sends the requester its confirm event.',
                guard: 'hasConfirmReply',
                target: 'closed',
                actions: [sendTo(({ context }) => context.confirmation!.replyTo!, ({ context }) => context.confirmation!.onConfirm!), assign({ confirmation: null })],
              },
              { description: 'Confirm with nobody waiting for the answer: the dialog closes.', target: 'closed', actions: assign({ confirmation: null }) },
            ],
            'confirmation.cancel': [
              {
                description: 'Cancel (or closing the dialog) sends the requester its cancel event.',
                guard: 'hasCancelReply',
                target: 'closed',
                actions: [sendTo(({ context }) => context.confirmation!.replyTo!, ({ context }) => context.confirmation!.onCancel!), assign({ confirmation: null })],
              },
              { description: 'Cancel (or closing the dialog): nothing happens.', target: 'closed', actions: assign({ confirmation: null }) },
            ],
          },
        },
      },
    },
    reward: {
      description: 'The reward dialog: "Congratulations!", "You earned points!", "+N points", "Awesome!".',
      initial: 'closed',
      states: {
        closed: {
          description: 'No reward is shown.',
          on: {
            'reward.show': {
              description: "The API granted points: the dialog shows them, with 'You earned points!' and 'Keep it up and earn more by exploring features.' unless the reward has its own words.",
              target: 'open',
              actions: assign({
                reward: ({ event }) => ({
                  title: event.title ?? uiTexts.rewardTitle,
                  message: event.message ?? uiTexts.rewardMessage,
                  points: typeof event.points === 'number' ? event.points : null,
                }),
              }),
            },
          },
        },
        open: {
          description: "The reward dialog is on screen until 'Awesome!'.",
          on: { 'reward.close': { description: "'Awesome!' (or closing the dialog).", target: 'closed', actions: assign({ reward: null }) } },
        },
      },
    },
  },
});
