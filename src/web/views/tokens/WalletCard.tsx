import { Button, CopyButton, Group, PasswordInput, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { walletTexts } from '../../../../machines/wallet';
import { useTokens, useWallet, useWalletActor } from './tokensActor';
import { Panel, Unavailable } from './parts';

export function WalletCard() {
  const wallet = useTokens((s) => s.context.overview?.wallet ?? null);
  return (
    <Panel title="Your wallet">
      {!wallet ? (
        <Unavailable>Your wallet is not available right now.</Unavailable>
      ) : (
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap">
            <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid="wallet-address">
              {wallet.address}
            </Text>
            <CopyButton value={wallet.address}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="light" onClick={copy} aria-label="Copy wallet address">
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            A wallet Finu keeps for you (custodial), encrypted at rest. Download a backup to use it in any Ethereum wallet.
          </Text>
          <SignMessage />
          <Backup />
        </Stack>
      )}
    </Panel>
  );
}

function SignMessage() {
  const actor = useWalletActor();
  const [message, setMessage] = useState('');
  const signing = useWallet((s) => s.hasTag('signing'));
  const signed = useWallet((s) => s.context.signed);
  const verified = useWallet((s) => s.context.verified);
  const error = useWallet((s) => s.context.signError?.message ?? null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (message.trim()) actor.send({ type: 'wallet.sign', message });
      }}
    >
      <Stack gap={6}>
        <Textarea label="Sign a message" autosize minRows={1} maxRows={4} value={message} onChange={(e) => setMessage(e.currentTarget.value)} error={error} maxLength={2000} />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={signing} disabled={!message.trim()}>
            Sign
          </Button>
        </Group>
        {signed && (
          <Stack gap={2}>
            <Text size="xs" c={verified ? 'teal' : 'red'}>
              {verified ? 'Signature verified for this wallet' : 'Signature does not match this wallet'}
            </Text>
            <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="signature">
              {signed.signature}
            </Text>
          </Stack>
        )}
      </Stack>
    </form>
  );
}

function Backup() {
  const actor = useWalletActor();
  const [password, setPassword] = useState('');
  const [accountPassword, setAccountPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const busy = useWallet((s) => s.hasTag('backingUp'));
  const error = useWallet((s) => s.context.backupError?.message ?? null);
  const tooShort = password.length < 8;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!tooShort) actor.send({ type: 'wallet.backup', password, accountPassword: accountPassword || undefined });
      }}
    >
      <Stack gap={6}>
        <PasswordInput label="Backup password" description="Encrypts the backup file; you need it to restore the wallet." value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={(touched && tooShort ? walletTexts.passwordShort : null) ?? error} autoComplete="new-password" />
        <PasswordInput
          label="Your Finu password"
          description="Proves it is you; not needed within 5 minutes of signing in."
          value={accountPassword}
          onChange={(e) => setAccountPassword(e.currentTarget.value)}
          autoComplete="current-password"
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={busy}>
            Download encrypted backup
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

