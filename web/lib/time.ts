// Relative times in one compact style everywhere (spec: seconds, m, h, d, mo, y ago): "just now", "12s ago", "5m ago",
// worded by the catalogue in the reader's language ("il y a 5 min"). Intl.RelativeTimeFormat is not used: its narrow
// French ("-5 min") reads as a subtraction, and its data may differ between the server's and the browser's versions,
// while a page the server drew must read the same when the browser takes it over.
import { useCallback } from 'react';
import { defineMessages, useIntl, type IntlShape, type NoMessageValues } from 'react-intl';

type Count = { count: number };
const m = defineMessages<{ justNow: NoMessageValues; second: Count; minute: Count; hour: Count; day: Count; month: Count; year: Count }>({
  justNow: { id: 'time.ago.justNow', defaultMessage: 'just now', description: 'A moment less than 5 seconds ago.' },
  second: { id: 'time.ago.seconds', defaultMessage: '{count, plural, one {#s ago} other {#s ago}}', description: 'Compact: some seconds ago (5 to 59).' },
  minute: { id: 'time.ago.minutes', defaultMessage: '{count, plural, one {#m ago} other {#m ago}}', description: 'Compact: some minutes ago.' },
  hour: { id: 'time.ago.hours', defaultMessage: '{count, plural, one {#h ago} other {#h ago}}', description: 'Compact: some hours ago.' },
  day: { id: 'time.ago.days', defaultMessage: '{count, plural, one {#d ago} other {#d ago}}', description: 'Compact: some days ago (under 30).' },
  month: { id: 'time.ago.months', defaultMessage: '{count, plural, one {#mo ago} other {#mo ago}}', description: 'Compact: some months ago (30-day months).' },
  year: { id: 'time.ago.years', defaultMessage: '{count, plural, one {#y ago} other {#y ago}}', description: 'Compact: some years ago.' },
});

const JUST_NOW_SECONDS = 5;

type Unit = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

/** How long ago `date` was, in its largest whole unit; null for "just now" (a clock a little ahead counts as now). */
export function elapsed(date: string | Date, now: Date): { count: number; unit: Unit } | null {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(date).getTime()) / 1000));
  if (seconds < JUST_NOW_SECONDS) return null;
  if (seconds < 60) return { count: seconds, unit: 'second' };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { count: minutes, unit: 'minute' };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { count: hours, unit: 'hour' };
  const days = Math.floor(hours / 24);
  if (days < 30) return { count: days, unit: 'day' };
  const months = Math.floor(days / 30);
  if (months < 12) return { count: months, unit: 'month' };
  return { count: Math.floor(days / 365), unit: 'year' };
}

/** "5m ago" in the language of `intl`. */
export function timeAgo(intl: Pick<IntlShape, 'formatMessage'>, date: string | Date, now: Date = new Date()): string {
  const span = elapsed(date, now);
  return span ? intl.formatMessage(m[span.unit], { count: span.count }) : intl.formatMessage(m.justNow);
}

/** timeAgo bound to the app's language, for components that have no `intl` at hand. */
export function useTimeAgo(): (date: string | Date, now?: Date) => string {
  const intl = useIntl();
  return useCallback((date: string | Date, now?: Date) => timeAgo(intl, date, now), [intl]);
}
