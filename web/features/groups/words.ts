// Words the group screens share (react-intl, docs/decisions/0260), and a meeting's time as the group keeps it.
import { useCallback } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { DEFAULT_LOCALE } from '../../../common/i18n/locales.ts';
import { withValues } from '../../lib/messages.ts';

export const groupWords = withValues(defineMessages({
  back: { id: 'groups.common.back', defaultMessage: 'Back to groups', description: 'Link from a group\'s page or the new group form back to /groups' },
  askToJoin: { id: 'groups.common.askToJoin', defaultMessage: 'Ask to join', description: 'Button: ask the facilitator of a listed group for a seat' },
  accept: { id: 'groups.common.accept', defaultMessage: 'Accept', description: 'Button: accept an invitation to a group, or a request to join it' },
  decline: { id: 'groups.common.decline', defaultMessage: 'Decline', description: 'Button: decline an invitation to a group, or a request to join it' },
  summary: {
    id: 'groups.common.summary', defaultMessage: 'Facilitated by {name} · {count, number} of {max, plural, one {# member} other {# members}}',
    description: 'Under a group\'s name: its facilitator, how many members it has, of the most it takes',
  },
}));

// A meeting as "Tuesday, November 3 at 7:00 p.m.": English keeps the Canadian form the screens have always shown.
const MEETING: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' };

function readerZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * A meeting's start in the group's own time zone (the schedule is written in it, docs/decisions/0235), in the reader's
 * language; a reader elsewhere also sees the zone's abbreviation ("7:00 p.m. EST", « 19 h 00 HNE »).
 */
export function useMeetingTime(timeZone: string): (iso: string) => string {
  const { locale } = useIntl();
  return useCallback((iso: string) => {
    const elsewhere = readerZone() !== timeZone;
    const format = new Intl.DateTimeFormat(locale === DEFAULT_LOCALE ? 'en-CA' : locale, { ...MEETING, timeZone, ...(elsewhere ? { timeZoneName: 'short' } : {}) });
    return format.format(new Date(iso));
  }, [locale, timeZone]);
}
