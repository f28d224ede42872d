import { Avatar, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import type { WalletChoice } from '../../../../machines/walletSignIn';
import { useAppActors } from '../../app/context';
import { WalletMark } from './SocialSignIn';

/** 'Choose a wallet' when the browser has several; the session machine waits for the choice. */
export function WalletChoiceModal({ opened, choices }: { opened: boolean; choices: WalletChoice[] }) {
  const { session } = useAppActors();
  return (
    <Modal opened={opened} onClose={() => session.send({ type: 'session.walletCancel' })} title="Choose a wallet" centered>
      <Stack gap="xs">
        {choices.map((choice) => (
          <UnstyledButton
            key={choice.id}
            onClick={() => session.send({ type: 'session.walletChosen', walletId: choice.id })}
            p="sm"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Group gap="sm">
              <Avatar src={choice.icon} size="sm" radius="sm" alt="">
                <WalletMark size={14} />
              </Avatar>
              <Text fw={500}>{choice.name}</Text>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </Modal>
  );
}
