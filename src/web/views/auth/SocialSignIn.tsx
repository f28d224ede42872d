import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { WalletChoice, walletSignInMachine } from '../../../../machines/walletSignIn';
import { useAppActors, useSession } from '../../app/context';
import { lazyNamed, OnceOpened } from '../../app/lazy';
import { GoogleMark, WalletMark } from './marks';

const noChoices: WalletChoice[] = [];
type WalletSignInActor = ActorRefFrom<typeof walletSignInMachine>;

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
