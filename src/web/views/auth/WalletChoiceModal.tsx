import { Avatar, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import type { WalletChoice } from '../../../../machines/walletSignIn';
import { WalletMark } from './marks';

/**
 * 'Choose a wallet' when the browser has several: signing in (the session machine) and linking a wallet in
 * Settings (the sign-in methods machine) both wait for the choice.
 */
export function WalletChoiceModal({ opened, choices, onChoose, onCancel }: { opened: boolean; choices: WalletChoice[]; onChoose: (walletId: string) => void; onCancel: () => void }) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Choose a wallet" centered>
      <Stack gap="xs">
        {choices.map((choice) => (
          <UnstyledButton
            key={choice.id}
            onClick={() => onChoose(choice.id)}
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
