import { useIntl } from 'react-intl';
import { useRelativeClock } from '../lib/drawn-clock.tsx';
import { timeAgo } from '../lib/time.ts';

/**
 * "5m ago" ("il y a 5 min" in French): on a page the server drew, counted from the instant it was drawn, on the
 * server and while the browser takes the page over (the same text both times), then from the browser's clock
 * (docs/decisions/0104, 0172).
 */
export function TimeAgo({ date, now }: { date: string; now?: Date }) {
  const clock = useRelativeClock(now);
  const intl = useIntl();
  return clock ? timeAgo(intl, date, clock) : null;
}
