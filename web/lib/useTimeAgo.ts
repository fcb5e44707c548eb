// timeAgo (./time.ts) in the reader's language: the same compact steps ("just now", "12s ago", "5m ago"), worded by
// the catalogue. Intl.RelativeTimeFormat's narrow style is not used: its French ("-5 min") reads as a subtraction.
import { useCallback } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';

type Count = { count: number };
const m = defineMessages<{ justNow: NoMessageValues; seconds: Count; minutes: Count; hours: Count; days: Count; months: Count; years: Count }>({
  justNow: { id: 'time.ago.justNow', defaultMessage: 'just now', description: 'A moment less than 5 seconds ago.' },
  seconds: { id: 'time.ago.seconds', defaultMessage: '{count, plural, one {#s ago} other {#s ago}}', description: 'Compact: some seconds ago (5 to 59).' },
  minutes: { id: 'time.ago.minutes', defaultMessage: '{count, plural, one {#m ago} other {#m ago}}', description: 'Compact: some minutes ago.' },
  hours: { id: 'time.ago.hours', defaultMessage: '{count, plural, one {#h ago} other {#h ago}}', description: 'Compact: some hours ago.' },
  days: { id: 'time.ago.days', defaultMessage: '{count, plural, one {#d ago} other {#d ago}}', description: 'Compact: some days ago (under 30).' },
  months: { id: 'time.ago.months', defaultMessage: '{count, plural, one {#mo ago} other {#mo ago}}', description: 'Compact: some months ago (30-day months).' },
  years: { id: 'time.ago.years', defaultMessage: '{count, plural, one {#y ago} other {#y ago}}', description: 'Compact: some years ago.' },
});

const JUST_NOW_SECONDS = 5;

/** A function wording how long ago `date` was, from `now`, in the app's language. */
export function useTimeAgo(): (date: string | Date, now?: Date) => string {
  const { formatMessage } = useIntl();
  return useCallback((date: string | Date, now: Date = new Date()) => {
    const seconds = Math.max(0, Math.floor((now.getTime() - new Date(date).getTime()) / 1000));
    if (seconds < JUST_NOW_SECONDS) return formatMessage(m.justNow);
    if (seconds < 60) return formatMessage(m.seconds, { count: seconds });
    const minutes = Math.floor(seconds / 60);
    if (minutes < 60) return formatMessage(m.minutes, { count: minutes });
    const hours = Math.floor(minutes / 60);
    if (hours < 24) return formatMessage(m.hours, { count: hours });
    const days = Math.floor(hours / 24);
    if (days < 30) return formatMessage(m.days, { count: days });
    const months = Math.floor(days / 30);
    if (months < 12) return formatMessage(m.months, { count: months });
    return formatMessage(m.years, { count: Math.floor(days / 365) });
  }, [formatMessage]);
}
