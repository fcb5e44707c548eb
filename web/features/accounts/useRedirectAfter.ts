import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { REDIRECT_DELAY_MS } from '../../../common/constants.ts';

/** After a success, go on to `to` once the spec's 2-second delay has passed. */
export function useRedirectAfter(done: boolean, to: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(to), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, to]);
}
