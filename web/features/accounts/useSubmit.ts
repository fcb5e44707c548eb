import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { REDIRECT_DELAY_MS } from '../../../common/constants.ts';
import { ApiError } from '../../lib/api.ts';

/**
 * The account forms' submit cycle: busy while the call runs, the server's `{msg}` on failure
 * (or the screen's own fallback text when the server could not be reached).
 */
export function useSubmit(fallback: string) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const submit = (action: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      await action();
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : fallback);
    } finally {
      setBusy(false);
    }
  };
  return { busy, message, setMessage, submit };
}

/** After a success, go on to `to` once the spec's 2-second delay has passed. */
export function useRedirectAfter(done: boolean, to: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(to), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, to]);
}
