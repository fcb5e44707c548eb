import { useHydrated } from '../lib/hydration.ts';
import { timeAgo } from '../lib/time.ts';

/**
 * "5m ago", from the browser's clock: nothing on the server and while the browser takes its page over (the two clocks
 * would not give the same text), the time right after (docs/decisions/0104). Only this text is drawn again.
 */
export function TimeAgo({ date, now }: { date: string; now?: Date }) {
  return useHydrated() ? timeAgo(date, now) : null;
}
