import { Alert, Anchor, Badge, Button, Group, Modal, Paper, PasswordInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { signInMethodsMachine } from '../../../../machines/signInMethods';
import type { ConfirmationRequest } from '../../../../machines/ui';
import type { WalletChoice, walletSignInMachine } from '../../../../machines/walletSignIn';
import type { SignInMethod } from '../../../contract/identities';
import type { AppActors } from '../../app/actors';
import { browserWalletSignIn } from '../../app/walletSignIn';
import { formatDate } from '../../format/date';
import { askToConfirm, toastVia, usePageMachine } from '../../hooks/pageActor';
import { GoogleMark, WalletMark } from '../auth/marks';
import { WalletChoiceModal } from '../auth/WalletChoiceModal';

const noChoices: WalletChoice[] = [];
const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

function KeyMark() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
      <path d="M15 7a4 4 0 1 1-3.9 5H9v2H7v2H4v-3l6.1-6.1A4 4 0 0 1 15 7zM16 9h.01" />
    </svg>
  );
}

/**
 * 'Confirm it's you': asked when the server wants the owner again (428) before a sign-in method
 * changes. An account without a password is told how to get a fresh sign-in instead.
 */
function ConfirmPasswordModal(props: { opened: boolean; hasPassword: boolean; checking: boolean; error: string | null; onConfirm: (password: string) => void; onCancel: () => void }) {
  const [password, setPassword] = useState('');
  const close = () => {
    setPassword('');
    props.onCancel();
  };
  return (
    <Modal opened={props.opened} onClose={close} title="Confirm it’s you" centered>
      {props.hasPassword ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            props.onConfirm(password);
            setPassword('');
          }}
        >
          <Stack gap="sm">
            <Text size="sm">Changing how you sign in needs your password (a sign-in in the last 5 minutes counts too).</Text>
            <PasswordInput label="Password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={props.error ?? undefined} data-autofocus required />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={props.checking} disabled={!password}>
                Confirm
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="sm">
          <Text size="sm">This account has no password. Log out and sign in again with Google or your wallet, then make this change within 5 minutes.</Text>
          <Group justify="flex-end">
            <Button onClick={close}>Close</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** The signInMethods machine with the app's effects. */
/** The machine with its effects; `unlinkQuestion` is what the danger confirmation asks about a method. */
const signInMethodsWith = (unlinkQuestion: (m: SignInMethod) => Pick<ConfirmationRequest, 'title' | 'message' | 'confirmLabel'>) => ({ api, ui }: AppActors) =>
  signInMethodsMachine.provide({
    actors: {
      load: fromPromise(() => api.web3.signInMethods()),
      prepareGoogleLink: fromPromise(() => api.web3.linkGoogle()),
      walletSignIn: browserWalletSignIn(api),
      unlink: fromPromise(({ input: i }) => api.web3.unlink(i.identityId)),
      completeGoogleLink: fromPromise(({ input: i }) => api.web3.completeGoogleLink(i.code)),
      reauthenticate: fromPromise(({ input: i }) => api.web3.reauthenticate(i.password)),
    },
    actions: {
      notify: toastVia(ui),
      leaveFor: (_, { url }) => window.location.assign(url),
      requestUnlinkConfirmation: ({ self }, { method }) =>
        askToConfirm(ui, self, { variant: 'danger', ...unlinkQuestion(method), onConfirm: { type: 'unlink.confirm' }, onCancel: { type: 'unlink.dismiss' } }),
    },
  });

const methodLabel = (m: { kind: 'google' | 'wallet'; email: string | null; label: string }) => (m.kind === 'google' ? `Google${m.email ? ` · ${m.email}` : ''}` : `Wallet ${shortAddress(m.label)}`);

const reviewWith = signInMethodsWith((m) => ({ title: `Remove ${methodLabel(m)}?`, message: 'It will no longer sign in to your account.', confirmLabel: 'Remove' }));
const settingsWith = signInMethodsWith((m) => {
  const what = m.kind === 'google' ? 'this Google account' : `wallet ${shortAddress(m.label)}`;
  return { title: `Unlink ${what}?`, message: `You will no longer be able to sign in with ${what}. You can link it again later.`, confirmLabel: 'Unlink' };
});

/**
 * The linked Google account and wallets, each with Remove: shown where the owner secures the account
 * (after a password change, before "log out everywhere"), since those keep signing in until removed.
 * Nothing when none is linked.
 */
export function LinkedMethodsReview({ intro }: { intro: string }) {
  const actorRef = usePageMachine(reviewWith, {});
  const snapshot = useSelector(actorRef, (s) => s);
  const methods = snapshot.context.methods;
  if (!methods || methods.methods.length === 0) return null;
  const count = methods.methods.length + (methods.password ? 1 : 0);
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Other ways to sign in">
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Other ways to sign in
        </Text>
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {methods.methods.map((m) => (
            <Group component="li" key={m.identity_id} justify="space-between" wrap="nowrap">
              <Text size="sm" truncate style={{ minWidth: 0, flex: 1 }}>
                {methodLabel(m)}
              </Text>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                style={{ flexShrink: 0 }}
                disabled={count <= 1 || snapshot.hasTag('busy')}
                loading={snapshot.context.removing === m.identity_id}
                aria-label={`Remove ${methodLabel(m)}`}
                onClick={() => actorRef.send({ type: 'methods.unlink', identityId: m.identity_id })}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      </Stack>
      <ConfirmPasswordModal
        opened={snapshot.matches('confirming')}
        hasPassword={methods.password}
        checking={snapshot.matches({ confirming: 'checking' })}
        error={snapshot.context.confirmError?.message ?? null}
        onConfirm={(password) => actorRef.send({ type: 'methods.confirmPassword', password })}
        onCancel={() => actorRef.send({ type: 'methods.confirmCancel' })}
      />
    </Paper>
  );
}

/**
 * Settings › Sign-in methods: password, Google and wallets linked to this account; link or unlink.
 * Self-contained (its own machine), so SettingsPage includes it with one line.
 */
export function SignInMethods() {
  const [params, setParams] = useSearchParams();
  // The link flow's outcome arrives once in the URL; the machine toasts it on start.
  const [input] = useState(() => ({ linked: params.get('linked'), linkError: params.get('link_error'), linkCode: params.get('link_code') }));
  const actorRef = usePageMachine(settingsWith, input);
  const snapshot = useSelector(actorRef, (s) => s);
  const send = actorRef.send;
  // The link code stays in the URL until the machine has finished with it: changing the location re-renders the
  // routed page, and a page started again mid-way would have lost the answer (and its toast).
  const completing = snapshot.matches('completingGoogleLink');
  useEffect(() => {
    if (completing) return;
    if (!params.has('linked') && !params.has('link_error') && !params.has('link_code')) return;
    const next = new URLSearchParams(params);
    next.delete('linked');
    next.delete('link_error');
    next.delete('link_code');
    setParams(next, { replace: true });
  }, [params, setParams, completing]);

  const methods = snapshot.context.methods;
  const busy = snapshot.hasTag('busy');
  const linkingWallet = snapshot.matches('linkingWallet');
  // The wallet signing flow runs in the machine's child actor (machines/walletSignIn.ts).
  const wallet = snapshot.children.wallet as ActorRefFrom<typeof walletSignInMachine> | undefined;
  const choosing = useSelector(wallet, (w) => w?.status === 'active' && w.value === 'choosing') ?? false;
  const choices = useSelector(wallet, (w) => w?.context.choices ?? noChoices);
  const count = methods ? methods.methods.length + (methods.password ? 1 : 0) : 0;
  const hasGoogle = methods?.methods.some((m) => m.kind === 'google') ?? false;

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="sign-in-methods-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="sign-in-methods-heading">
          Sign-in methods
        </Title>
        <Text size="sm" c="dimmed">
          Ways you can sign in to this account. Keep at least one.
        </Text>
        {(snapshot.matches('loading') || snapshot.matches('completingGoogleLink')) && <Skeleton height={96} />}
        {snapshot.matches('failed') && (
          <Alert color="red" variant="light">
            {snapshot.context.error?.message}{' '}
            <Anchor component="button" onClick={() => send({ type: 'methods.reload' })}>
              Retry
            </Anchor>
          </Alert>
        )}
        {methods && (
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Sign-in methods">
            <Group component="li" justify="space-between" py="xs" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <KeyMark />
                <div>
                  <Text fw={500}>Email and password</Text>
                  <Text size="sm" c="dimmed">
                    {methods.password ? methods.email : methods.email ? 'No password yet: use “Forgot password?” on the login page to set one.' : 'No email on this account.'}
                  </Text>
                </div>
              </Group>
              <Badge variant="light" color={methods.password ? 'teal' : 'gray'} style={{ flexShrink: 0 }}>
                {methods.password ? 'On' : 'Off'}
              </Badge>
            </Group>
            {methods.methods.map((m) => {
              const only = count <= 1;
              return (
                <Group component="li" key={m.identity_id} justify="space-between" py="xs" wrap="nowrap" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    {m.kind === 'google' ? <GoogleMark /> : <WalletMark />}
                    <div style={{ minWidth: 0 }}>
                      <Text fw={500} truncate title={m.kind === 'wallet' ? m.label : undefined}>
                        {m.kind === 'google' ? `Google${m.email ? ` · ${m.email}` : ''}` : `Wallet ${shortAddress(m.label)}`}
                      </Text>
                      <Text size="sm" c="dimmed">
                        Linked {formatDate(m.created_at)}
                        {only ? ' · your only way to sign in' : ''}
                      </Text>
                    </div>
                  </Group>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    style={{ flexShrink: 0 }}
                    disabled={only || busy}
                    loading={snapshot.context.removing === m.identity_id}
                    onClick={() => send({ type: 'methods.unlink', identityId: m.identity_id })}
                    aria-label={`Unlink ${m.kind === 'google' ? 'Google' : `wallet ${m.label}`}`}
                  >
                    Unlink
                  </Button>
                </Group>
              );
            })}
          </Stack>
        )}
        {methods && (
          <Group gap="sm">
            {methods.google_available && !hasGoogle && (
              <Button variant="default" leftSection={<GoogleMark />} loading={snapshot.matches('linkingGoogle') || snapshot.matches('leaving')} disabled={busy} onClick={() => send({ type: 'methods.linkGoogle' })}>
                Link Google
              </Button>
            )}
            <Button variant="default" leftSection={<WalletMark />} loading={linkingWallet && !choosing} disabled={busy && !linkingWallet} onClick={() => send({ type: 'methods.linkWallet' })}>
              Link wallet
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmPasswordModal
        opened={snapshot.matches('confirming')}
        hasPassword={methods?.password ?? true}
        checking={snapshot.matches({ confirming: 'checking' })}
        error={snapshot.context.confirmError?.message ?? null}
        onConfirm={(password) => send({ type: 'methods.confirmPassword', password })}
        onCancel={() => send({ type: 'methods.confirmCancel' })}
      />
      <WalletChoiceModal
        opened={choosing}
        choices={choices}
        onChoose={(walletId) => send({ type: 'methods.walletChosen', walletId })}
        onCancel={() => send({ type: 'methods.walletCancel' })}
      />
    </Paper>
  );
}
