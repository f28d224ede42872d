import { Button, Group, Modal, Text } from '@mantine/core';
import { useAppActors, useUi } from '../app/context';

const colors = { danger: 'red', warning: 'yellow', info: 'blue' } as const;

/** The confirmation dialog ([spec:2-confirm-dialog]), driven by the ui machine. */
export function ConfirmationDialog() {
  const { ui } = useAppActors();
  const confirmation = useUi((s) => s.context.confirmation);
  const cancel = () => ui.send({ type: 'confirmation.cancel' });
  return (
    <Modal opened={confirmation !== null} onClose={cancel} title={confirmation?.title} centered>
      {confirmation && (
        <>
          <Text>{confirmation.message}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={cancel}>
              {confirmation.cancelLabel}
            </Button>
            <Button color={colors[confirmation.variant]} onClick={() => ui.send({ type: 'confirmation.confirm' })} data-autofocus>
              {confirmation.confirmLabel}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
