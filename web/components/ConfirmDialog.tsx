import { Button, Group, Modal, Text } from '@mantine/core';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

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

type Ask = (question: Question) => Promise<boolean>;

const ConfirmContext = createContext<Ask | null>(null);

/** One confirmation dialog for the whole app, asked through `useConfirm()`. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  // Kept after closing, so the dialog does not go blank while it fades out.
  const [question, setQuestion] = useState<Question>({ title: '', message: '', confirmLabel: '' });
  const pending = useRef<((yes: boolean) => void) | null>(null);

  const answer = useCallback((yes: boolean) => {
    pending.current?.(yes);
    pending.current = null;
    setOpened(false);
  }, []);

  const ask = useCallback<Ask>((next) => {
    // A second question before the first was answered: the first counts as declined.
    answer(false);
    setQuestion(next);
    setOpened(true);
    return new Promise<boolean>((resolve) => {
      pending.current = resolve;
    });
  }, [answer]);

  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <ConfirmDialog opened={opened} {...question} onConfirm={() => answer(true)} onCancel={() => answer(false)} />
    </ConfirmContext.Provider>
  );
}

/** `if (await confirm({ title, message, confirmLabel })) ...`: true once the person confirms, false if they cancel or close. */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm outside ConfirmProvider');
  return ask;
}
