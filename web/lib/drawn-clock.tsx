// Relative times ("5m ago") on a page the server drew (docs/decisions/0104, 0172): the server counts them from its clock
// when it draws, and the browser's takeover counts them from that same instant (sent in the page's state), so the two
// renders write the same text; the browser's own clock takes over right after. Without a drawn instant (the visitors'
// page prerendered at build time, a page the browser draws itself) nothing is written until the browser's clock is read.
import { createContext, useContext, type ReactNode } from 'react';
import { useHydrated } from './hydration.ts';

const DrawnAt = createContext<Date | null>(null);

export function DrawnClockProvider({ drawnAt, children }: { drawnAt?: Date; children: ReactNode }) {
  return <DrawnAt.Provider value={drawnAt ?? null}>{children}</DrawnAt.Provider>;
}

/**
 * The instant relative times count from: the drawn instant on the server and during the takeover (null when there is
 * none: write nothing), `now` or the browser's clock from then on.
 */
export function useRelativeClock(now?: Date): Date | null {
  const hydrated = useHydrated();
  const drawnAt = useContext(DrawnAt);
  return hydrated ? now ?? new Date() : drawnAt;
}
