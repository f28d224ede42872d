import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { WalletChoice, walletSignInMachine } from '../../../../machines/walletSignIn';
import { useAppActors, useSession } from '../../app/context';
import { lazyNamed, OnceOpened } from '../../app/lazy';

const noChoices: WalletChoice[] = [];
type WalletSignInActor = ActorRefFrom<typeof walletSignInMachine>;

export function GoogleMark({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.8 6.1C12.4 13.5 17.7 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4.1 7.1-10.1 7.1-17.5z" />
      <path fill="#FBBC05" d="M10.5 28.7A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.7l-7.8-6.1A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.8l7.9-6.1z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4-13.5-9.6l-7.9 6.1C6.6 42.6 14.6 48 24 48z" />
    </svg>
  );
}

export function WalletMark({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
      <path d="M3 7a2 2 0 0 1 2-2h13v4M3 7v11a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2zM16 14.5h.01" />
    </svg>
  );
}

/** What the wallet flow is waiting for, in words (the buttons' live status). */
const walletSteps = {
  discovering: 'Looking for your wallet…',
  choosing: 'Choose a wallet',
  connecting: 'Approve the connection in your wallet…',
  preparing: 'Preparing the sign-in message…',
  signing: 'Sign the message in your wallet…',
  verifying: 'Checking the signature…',
} as const;
type WalletStep = keyof typeof walletSteps;

/** The wallet picker (a Modal) loads when a user first connects a wallet, not with /login. */
const WalletChoiceModal = lazyNamed(() => import('./WalletChoiceModal'), 'WalletChoiceModal');

/** 'Continue with Google' and 'Connect wallet' on /login and /register; the session machine runs both flows. */
export function SocialSignIn() {
  const { session } = useAppActors();
  const google = useSession((s) => s.matches({ anonymous: 'redirectingToGoogle' }));
  // Sign-In with Ethereum runs in the session's child actor (machines/walletSignIn.ts).
  const wallet = useSession((s) => s.children.wallet as WalletSignInActor | undefined);
  const step = useSelector(wallet, (w) => (w && w.status === 'active' ? (w.value as WalletStep) : null));
  const choices = useSelector(wallet, (w) => w?.context.choices ?? noChoices);
  const walletSigningIn = useSession((s) => s.matches('web3SigningIn'));
  const failure = useSession((s) => (s.matches({ anonymous: 'walletFailed' }) ? (s.context.error?.message ?? null) : null));
  const busy = google || step !== null || walletSigningIn;
  const status = walletSigningIn ? 'Signing you in…' : step ? walletSteps[step] : null;

  return (
    <Stack gap="sm">
      <Divider label="or" labelPosition="center" />
      <Button variant="default" fullWidth leftSection={<GoogleMark />} loading={google} disabled={busy && !google} onClick={() => session.send({ type: 'session.google' })}>
        Continue with Google
      </Button>
      <Button variant="default" fullWidth leftSection={<WalletMark />} loading={step !== null && step !== 'choosing'} disabled={busy && step === null} onClick={() => session.send({ type: 'session.wallet' })}>
        Connect wallet
      </Button>
      <Text size="sm" c="dimmed" ta="center" role="status" aria-live="polite" mih={status ? undefined : 0}>
        {status && step !== 'choosing' ? status : ''}
      </Text>
      {failure && (
        <Alert color="red" variant="light" title="Wallet sign-in failed" role="alert">
          {failure}
        </Alert>
      )}
      <OnceOpened opened={step === 'choosing'}>
        <WalletChoiceModal
          opened={step === 'choosing'}
          choices={choices}
          onChoose={(walletId) => session.send({ type: 'session.walletChosen', walletId })}
          onCancel={() => session.send({ type: 'session.walletCancel' })}
        />
      </OnceOpened>
    </Stack>
  );
}
