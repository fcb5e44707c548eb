import { lazy, Suspense, createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Question } from './ConfirmDialog.tsx';

// The dialog (a Mantine modal) is fetched when first needed, so no page pays for it up front.
const ConfirmDialog = lazy(() => import('./ConfirmDialog.tsx').then((m) => ({ default: m.ConfirmDialog })));

type Ask = (question: Question) => Promise<boolean>;
/** The answer to a question with a checkbox beside it: whether it was confirmed, and the checkbox as it was then. */
export type ChoiceAnswer = { confirmed: boolean; chosen: boolean };
type AskWithChoice = (question: Question) => Promise<ChoiceAnswer>;

const ConfirmContext = createContext<{ ask: Ask; askWithChoice: AskWithChoice } | null>(null);

/** One confirmation dialog for the whole app, asked through `useConfirm()` (or `useConfirmWithChoice()`). */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  // Kept after closing, so the dialog does not go blank while it fades out; null until the first question.
  const [question, setQuestion] = useState<Question | null>(null);
  const [chosen, setChosen] = useState(false);
  const pending = useRef<((answer: ChoiceAnswer) => void) | null>(null);
  const chosenNow = useRef(false);

  const answer = useCallback((yes: boolean) => {
    pending.current?.({ confirmed: yes, chosen: chosenNow.current });
    pending.current = null;
    setOpened(false);
  }, []);

  const choose = useCallback((value: boolean) => {
    chosenNow.current = value;
    setChosen(value);
  }, []);

  const askWithChoice = useCallback<AskWithChoice>((next) => {
    // A second question before the first was answered: the first counts as declined.
    answer(false);
    setQuestion(next);
    choose(next.choice?.initial ?? false);
    setOpened(true);
    return new Promise<ChoiceAnswer>((resolve) => {
      pending.current = resolve;
    });
  }, [answer, choose]);

  const ask = useCallback<Ask>(async (next) => (await askWithChoice(next)).confirmed, [askWithChoice]);
  const value = useMemo(() => ({ ask, askWithChoice }), [ask, askWithChoice]);

  return (
    <ConfirmContext.Provider value={value}>
      {children}
      {question && (
        <Suspense fallback={null}>
          <ConfirmDialog opened={opened} {...question} chosen={chosen} onChoose={choose}
            onConfirm={() => answer(true)} onCancel={() => answer(false)} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

function useConfirmContext() {
  const value = useContext(ConfirmContext);
  if (!value) throw new Error('useConfirm outside ConfirmProvider');
  return value;
}

/** `if (await confirm({ title, message, confirmLabel })) ...`: true once the person confirms, false if they cancel or close. */
export function useConfirm(): Ask {
  return useConfirmContext().ask;
}

/** The same question, with a checkbox in it when it has a `choice` ("Also set my profile to ..."): `{confirmed, chosen}`. */
export function useConfirmWithChoice(): AskWithChoice {
  return useConfirmContext().askWithChoice;
}
