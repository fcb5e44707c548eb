import { Button, Group, Modal, Text } from '@mantine/core';

export type Question = {
  title: string;
  /** The spec's confirmation text, word for word. */
  message: string;
  confirmLabel: string;
};

type Props = Question & { opened: boolean; onConfirm: () => void; onCancel: () => void };

/** Asks before an action that cannot be undone. A modal dialog: focus stays inside and returns to the button after. */
export function ConfirmDialog({ opened, title, message, confirmLabel, onConfirm, onCancel }: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>Cancel</Button>
        <Button color="red.8" onClick={onConfirm}>{confirmLabel}</Button>
      </Group>
    </Modal>
  );
}
