// Referral words several parts of the app show (the referral screens, the shared charts, suggestion and profile lines),
// as catalogue messages (docs/decisions/0260). Their English is what common/referral-outcomes.ts says on the server.
import { defineMessages, type IntlShape } from 'react-intl';
import { withValues } from './messages.ts';
import type { ReferralOutcome } from '../../common/referral-outcomes.ts';

const m = withValues(defineMessages({
  firstSession: { id: 'lib.referrals.outcome.firstSession', defaultMessage: 'First session held', description: 'A referral outcome: the client met the accepting therapist for a first session. A button and a chart label.' },
  noFollowUp: { id: 'lib.referrals.outcome.noFollowUp', defaultMessage: 'Client did not follow up', description: 'A referral outcome: the client never contacted the accepting therapist. A button and a chart label.' },
  referredOn: { id: 'lib.referrals.outcome.referredOn', defaultMessage: 'Not a fit, referred on', description: 'A referral outcome: the therapist was not a fit and sent the client elsewhere. A button and a chart label.' },
  handOff: { id: 'lib.referrals.outcome.handOff', defaultMessage: 'Hand-off in progress', description: 'A referral accepted but whose outcome is not recorded yet.' },
  withinHours: { id: 'lib.referrals.respondsWithinHours', defaultMessage: 'Usually responds within {hours, plural, one {an hour} other {# hours}}', description: 'A therapist\'s median time to answer a referral, under a day (hours rounded up; 1 means an hour or less).' },
  withinDays: { id: 'lib.referrals.respondsWithinDays', defaultMessage: 'Usually responds within {days, plural, one {a day} other {# days}}', description: 'A therapist\'s median time to answer a referral, a day or more (days rounded up).' },
  almostAll: { id: 'lib.referrals.respondsToAlmostAll', defaultMessage: 'Responds to almost all referrals', description: 'A therapist answers 90% or more of the referrals they receive.' },
  most: { id: 'lib.referrals.respondsToMost', defaultMessage: 'Responds to most referrals', description: 'A therapist answers half or more of the referrals they receive.' },
  some: { id: 'lib.referrals.respondsToSome', defaultMessage: 'Responds to some referrals', description: 'A therapist answers fewer than half of the referrals they receive.' },
}));

export const OUTCOME_MESSAGES = {
  'first session held': m.firstSession,
  'client did not follow up': m.noFollowUp,
  'not a fit, referred on': m.referredOn,
} satisfies Record<ReferralOutcome, unknown>;

export const HAND_OFF_MESSAGE = m.handOff;

/** "Usually responds within 4 hours", or null when there is no median (as respondsWithinText in common words it). */
export function respondsWithin(intl: IntlShape, hours: number | null | undefined): string | null {
  if (hours === null || hours === undefined) return null;
  if (hours < 24) return intl.formatMessage(m.withinHours, { hours: hours <= 1 ? 1 : Math.ceil(hours) });
  return intl.formatMessage(m.withinDays, { days: Math.ceil(hours / 24) });
}

/** "Responds to most referrals" (half or more), else "Responds to some referrals"; null when unknown. */
export function respondsTo(intl: IntlShape, rate: number | null | undefined): string | null {
  if (rate === null || rate === undefined) return null;
  if (rate >= 0.9) return intl.formatMessage(m.almostAll);
  return intl.formatMessage(rate >= 0.5 ? m.most : m.some);
}
