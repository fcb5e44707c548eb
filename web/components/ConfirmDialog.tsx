import { Button, Checkbox, Group, Modal, Text } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';

const m = defineMessages({
  close: { id: 'components.dialog.close', defaultMessage: 'Close', description: 'Accessible name of a dialog\'s close (X) button.' },
  cancel: { id: 'components.dialog.cancel', defaultMessage: 'Cancel', description: 'A dialog\'s button that does nothing and closes it.' },
});

export type Question = {
  title: string;
  /** The spec's confirmation text, word for word. */
  message: string;
  confirmLabel: string;
  /** The confirm button's colour: red (the default) for what cannot be undone, the brand's for an ordinary step. */
  tone?: 'danger' | 'default';
  /** A checkbox beside the question, for a second step taken with the same click. */
  choice?: { label: string; initial: boolean };
};

type Props = Question & {
  opened: boolean; chosen: boolean; onChoose: (value: boolean) => void; onConfirm: () => void; onCancel: () => void;
};

/** Asks before an action that cannot be undone. A modal dialog: focus stays inside and returns to the button after. */
export function ConfirmDialog({ opened, title, message, confirmLabel, tone = 'danger', choice, chosen, onChoose, onConfirm, onCancel }: Props) {
  const intl = useIntl();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered closeButtonProps={{ 'aria-label': intl.formatMessage(m.close) }}>
      <Text>{message}</Text>
      {choice && <Checkbox mt="md" label={choice.label} checked={chosen} onChange={(e) => onChoose(e.currentTarget.checked)} />}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>{intl.formatMessage(m.cancel)}</Button>
        <Button color={tone === 'danger' ? 'red.8' : undefined} onClick={onConfirm}>{confirmLabel}</Button>
      </Group>
    </Modal>
  );
}
