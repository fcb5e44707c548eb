import { useState, type FormEvent } from 'react';
import { ApiError, isRefusal } from './api.ts';

/** Words a failed submit for the form; null shows nothing (the spec has some failures logged only). */
export type Failure = (error: unknown) => string | null;

/** The server's `{msg}`, or the form's own text when the server gave none (it could not be reached). */
export const serverMessageOr = (fallback: string): Failure => (error) =>
  error instanceof ApiError ? error.message : fallback;

/** The form's own text, followed by the server's reason when it refused the request (a taken name, say). */
export const withServerReason = (failure: string): Failure => (error) =>
  isRefusal(error) ? `${failure} ${error.message}` : failure;

type Options = {
  /** Also hears the failure's text: the profile form alerts it, as the spec has it. */
  onFailure?: (text: string) => void;
};

/**
 * Every form's submit cycle: busy while the action runs; on failure `message` holds the server's `{msg}`, or `failure`
 * when it gave none (`failure` may be a function to word it otherwise). `setMessage` shows the form's own texts
 * (a rule the action checks first, a success).
 */
export function useSubmit(failure: string | Failure, { onFailure }: Options = {}) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const describe = typeof failure === 'string' ? serverMessageOr(failure) : failure;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await action();
    } catch (error) {
      const text = describe(error);
      setMessage(text);
      if (text !== null) onFailure?.(text);
    } finally {
      setBusy(false);
    }
  };

  const submit = (action: () => Promise<void>) => (event?: FormEvent) => {
    event?.preventDefault();
    void run(action);
  };
  return { busy, message, setMessage, submit };
}
