import { Button, Group, Modal, Text } from '@mantine/core';

type Props = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before an action that cannot be undone (deleting or declining a resource). */
export function ConfirmDialog({ opened, title, message, confirmLabel, busy, onConfirm, onCancel }: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>Cancel</Button>
        <Button color="red.8" loading={busy} onClick={onConfirm}>{confirmLabel}</Button>
      </Group>
    </Modal>
  );
}
