import { lazy, Suspense, createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import type { Question } from './ConfirmDialog.tsx';

// The dialog (a Mantine modal) is fetched when first needed, so no page pays for it up front.
const ConfirmDialog = lazy(() => import('./ConfirmDialog.tsx').then((m) => ({ default: m.ConfirmDialog })));

type Ask = (question: Question) => Promise<boolean>;

const ConfirmContext = createContext<Ask | null>(null);

/** One confirmation dialog for the whole app, asked through `useConfirm()`. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  // Kept after closing, so the dialog does not go blank while it fades out; null until the first question.
  const [question, setQuestion] = useState<Question | null>(null);
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
      {question && (
        <Suspense fallback={null}>
          <ConfirmDialog opened={opened} {...question} onConfirm={() => answer(true)} onCancel={() => answer(false)} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

/** `if (await confirm({ title, message, confirmLabel })) ...`: true once the person confirms, false if they cancel or close. */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm outside ConfirmProvider');
  return ask;
}
