import { Alert, Badge, Button, Card, Group, Loader, SegmentedControl, Stack, Text, TextInput, Title, type TextInputProps } from '@mantine/core';
import { type FormEvent } from 'react';
import { tokensTexts } from '../../../../machines/tokens';
import { GAS_SPEEDS, type GasSpeed } from '../../../contract/rewards';
import { formatCount } from '../../format/number';
import { useTokens, useTokensActor } from './tokensActor';
import { finu, Panel, points, short } from './parts';

export function Conversion() {
  const actor = useTokensActor();
  const step = useTokens((s) => {
    const c = s.value.conversion;
    return typeof c === 'string' ? c : 'following';
  });
  const balance = useTokens((s) => s.context.overview!.balance);
  if (step === 'idle') {
    return (
      <Card withBorder padding="md" radius="md">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h4">
              Convert to FINU
            </Title>
            <Text size="sm" c="dimmed">
              {balance.points_per_finu} points = 1 FINU; at least {balance.min_conversion_points} points at a time. Sent to your wallet or any address.
            </Text>
          </Stack>
          <Button onClick={() => actor.send({ type: 'convert.open' })} disabled={balance.fin_token_balance < balance.min_conversion_points}>
            Convert to FINU
          </Button>
        </Group>
        {balance.fin_token_balance < balance.min_conversion_points && (
          <Text size="sm" mt="xs">
            Earn {balance.min_conversion_points - balance.fin_token_balance} more points to convert.
          </Text>
        )}
      </Card>
    );
  }
  return (
    <Panel title="Convert to FINU" region>
      {step === 'editing' || step === 'checkingAddress' ? <ConversionForm /> : step === 'confirming' || step === 'submitting' ? <ConversionConfirm /> : <TransferStatus />}
    </Panel>
  );
}

function ConversionForm() {
  const actor = useTokensActor();
  const serverError = useTokens((s) => s.context.conversionError);
  const hasWallet = useTokens((s) => Boolean(s.context.overview?.wallet));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'convert.submit' });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {serverError && (
          <Alert color="red" variant="light" role="alert">
            {serverError}
          </Alert>
        )}
        <DraftField field="points" label="Points to convert" inputMode="numeric" data-autofocus fill={{ label: 'Use all', event: { type: 'convert.useAll' } }} />
        <DraftField field="toAddress" label="Send to address" placeholder="0x…" spellCheck={false} autoComplete="off" fill={hasWallet ? { label: 'My wallet', event: { type: 'convert.useMyWallet' } } : undefined} />
        <SpeedChoice />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => actor.send({ type: 'convert.close' })}>
            Cancel
          </Button>
          <Button type="submit">Review</Button>
        </Group>
      </Stack>
    </form>
  );
}

const speedText = { slow: 'Slow', normal: 'Normal', fast: 'Fast' } as const;

/** Slow, normal or fast: the server sets the network fee from the speed, never above its ceiling per conversion. */
function SpeedChoice() {
  const actor = useTokensActor();
  const speed = useTokens((s) => s.context.draft.speed);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="conversion-speed-label">
        Speed
      </Text>
      <SegmentedControl
        aria-labelledby="conversion-speed-label"
        value={speed}
        onChange={(value) => actor.send({ type: 'convert.speed', speed: value as GasSpeed })}
        data={GAS_SPEEDS.map((value) => ({ value, label: speedText[value] }))}
      />
      <Text size="xs" c="dimmed">
        Finu pays the network fee and sets it from the speed; faster costs the treasury more, never more than its limit per conversion.
      </Text>
    </Stack>
  );
}

/** One field of the conversion draft, and the button that fills it in for the user (all points, my wallet). */
function DraftField({ field, fill, ...input }: { field: 'points' | 'toAddress'; fill?: { label: string; event: { type: 'convert.useAll' } | { type: 'convert.useMyWallet' } } } & Omit<TextInputProps, 'value' | 'onChange' | 'error'>) {
  const actor = useTokensActor();
  const value = useTokens((s) => s.context.draft[field]);
  const error = useTokens((s) => s.context.fieldErrors[field]);
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput {...input} value={value} onChange={(e) => actor.send({ type: 'convert.change', field, value: e.currentTarget.value })} error={error} style={{ flex: 1 }} />
      {fill && (
        <Button variant="default" onClick={() => actor.send(fill.event)}>
          {fill.label}
        </Button>
      )}
    </Group>
  );
}

function ConversionConfirm() {
  const actor = useTokensActor();
  const draft = useTokens((s) => s.context.draft);
  const per = useTokens((s) => s.context.overview!.balance.points_per_finu);
  const submitting = useTokens((s) => s.hasTag('converting'));
  const n = Number(draft.points);
  return (
    <Stack gap="sm">
      <Text>
        Convert <b>{points(n)} points</b> to <b>{finu(n, per)} FINU</b> and send them to
      </Text>
      <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
        {draft.toAddress.trim()}
      </Text>
      <Text size="sm">Speed: {speedText[draft.speed]}</Text>
      <Text size="sm" c="dimmed">
        The points leave your balance now. A transfer on chain cannot be undone; check the address.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => actor.send({ type: 'convert.back' })} disabled={submitting}>
          Back
        </Button>
        <Button onClick={() => actor.send({ type: 'convert.confirm' })} loading={submitting}>
          Confirm conversion
        </Button>
      </Group>
    </Stack>
  );
}

const statusText = { pending: 'Pending: waiting to be sent', submitted: 'Submitted to the network', confirmed: 'Confirmed', failed: 'Failed: points refunded' } as const;
const statusColor = { pending: 'gray', submitted: 'blue', confirmed: 'teal', failed: 'red' } as const;

function TransferStatus() {
  const actor = useTokensActor();
  const transfer = useTokens((s) => s.context.transfer);
  const followError = useTokens((s) => s.context.followError);
  const done = useTokens((s) => s.matches({ conversion: 'done' }));
  if (!transfer) return null;
  return (
    <Stack gap="xs" aria-live="polite">
      <Group gap="xs">
        {!done && <Loader size="xs" aria-hidden />}
        <Badge color={statusColor[transfer.status]} variant="light" size="lg" data-testid="transfer-status">
          {statusText[transfer.status]}
        </Badge>
      </Group>
      <Text size="sm">
        {points(transfer.points)} points → {transfer.amount} FINU to <span style={{ fontFamily: 'monospace' }}>{short(transfer.to_address)}</span>
      </Text>
      {transfer.tx_hash && (
        <Text size="sm">
          Transaction <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{transfer.tx_hash}</span>
        </Text>
      )}
      {transfer.block_number !== null && <Text size="sm">Block {formatCount(transfer.block_number)}</Text>}
      {transfer.status === 'failed' && transfer.error && (
        <Text size="sm" c="red">
          {transfer.error} {tokensTexts.failedTransfer}
        </Text>
      )}
      {followError && (
        <Text size="sm" c="orange">
          {followError}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant={done ? 'filled' : 'default'} onClick={() => actor.send({ type: 'convert.close' })}>
          {done ? 'Done' : 'Hide'}
        </Button>
      </Group>
    </Stack>
  );
}

