// What the server cannot know (the screen's width, the clock and time zone of the phone) must not be drawn while the
// browser takes over a page the server drew (docs/decisions/0104): the takeover's render has to produce the server's
// markup. useSyncExternalStore gives the server's answer on the server and during the takeover, and the browser's
// right after it; a page the browser draws itself gets the browser's answer from its first render, as before.
import { useCallback, useSyncExternalStore } from 'react';

const never = () => () => {};

/** False on the server and while the browser takes a server-drawn page over; true from then on. */
export const useHydrated = (): boolean => useSyncExternalStore(never, () => true, () => false);

/** Whether a media query matches, read in the first render; false (a phone) on the server and during the takeover. */
export function useMediaMatch(query: string): boolean {
  const subscribe = useCallback((changed: () => void) => {
    const list = window.matchMedia(query);
    list.addEventListener('change', changed);
    return () => list.removeEventListener('change', changed);
  }, [query]);
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}
