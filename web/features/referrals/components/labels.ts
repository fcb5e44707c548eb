// The words the referral screens show for stored values.
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import type { RecipientState, ReferralStatus, Urgency } from '../../../../common/referrals.ts';
import type { OptionLabels } from '../../../lib/option-labels.ts';

const m = withValues(defineMessages({
  open: { id: 'referrals.status.open', defaultMessage: 'Open', description: 'A referral\'s status: still looking for a therapist.' },
  placed: { id: 'referrals.status.placed', defaultMessage: 'Placed', description: 'A referral\'s status: the client has started with a therapist.' },
  withdrawn: { id: 'referrals.status.withdrawn', defaultMessage: 'Withdrawn', description: 'A referral\'s status: the sender withdrew it.' },
  expired: { id: 'referrals.status.expired', defaultMessage: 'Expired', description: 'A referral\'s status: it closed without a placement.' },
  pending: { id: 'referrals.response.pending', defaultMessage: 'Waiting for an answer', description: 'A recipient\'s answer to a referral: none yet.' },
  accepted: { id: 'referrals.response.accepted', defaultMessage: 'Accepted', description: 'A recipient\'s answer to a referral: they accepted the client.' },
  declined: { id: 'referrals.response.declined', defaultMessage: 'Declined', description: 'A recipient\'s answer to a referral: they declined.' },
  noCapacity: { id: 'referrals.response.noCapacity', defaultMessage: 'No capacity', description: 'A recipient\'s answer to a referral: they have no room for a new client.' },
  placedElsewhere: { id: 'referrals.response.placedElsewhere', defaultMessage: 'Placed elsewhere', description: 'A recipient\'s state: the client was placed with another therapist.' },
  routine: { id: 'referrals.urgency.routine', defaultMessage: 'Routine', description: 'A referral\'s urgency: no hurry.' },
  soon: { id: 'referrals.urgency.soon', defaultMessage: 'Soon', description: 'A referral\'s urgency: within a few weeks.' },
  urgent: { id: 'referrals.urgency.urgent', defaultMessage: 'Urgent', description: 'A referral\'s urgency: as soon as possible.' },
}));

export const STATUS_LABELS: Record<ReferralStatus, MessageDescriptor> = {
  open: m.open, placed: m.placed, withdrawn: m.withdrawn, expired: m.expired,
};

export const RESPONSE_LABELS: Record<RecipientState, MessageDescriptor> = {
  pending: m.pending, accepted: m.accepted, declined: m.declined, 'no capacity': m.noCapacity, 'placed elsewhere': m.placedElsewhere,
};

export const URGENCY_LABELS: Record<Urgency, MessageDescriptor> = { routine: m.routine, soon: m.soon, urgent: m.urgent };

type NeedsLabels = Pick<OptionLabels, 'ageGroup' | 'specialty' | 'sessionFormat' | 'region'>;

/** "Teen · Anxiety, Grief · Online · Ontario": a referral in one line, in the member's language. */
export function needsLine(r: { ageGroup: string; concerns: string[]; sessionFormats: string[]; region: string }, labels: NeedsLabels): string {
  return [labels.ageGroup(r.ageGroup), r.concerns.map(labels.specialty).join(', '), r.sessionFormats.map(labels.sessionFormat).join(', '), labels.region(r.region)]
    .filter(Boolean).join(' · ');
}

/** A calendar date (YYYY-MM-DD) as people read it in the member's language, without a time zone shifting the day. */
export function formatDay(intl: IntlShape, day: string): string {
  const [y, mo, d] = day.split('-').map(Number);
  return intl.formatDate(new Date(y, mo - 1, d), { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Mantine's error red is below 4.5:1 on white: field errors use the darkest red, the typed text stays dark. */
export const FIELD_ERROR_STYLES = {
  error: { color: 'var(--mantine-color-red-9)' },
  input: { color: 'var(--mantine-color-text)' },
};
