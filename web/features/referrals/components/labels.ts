// The words the referral screens show for stored values.
import type { RecipientState, ReferralStatus, Urgency } from '../../../../common/referrals.ts';
import { regionName } from '../../../../common/regions.ts';

export const STATUS_LABELS: Record<ReferralStatus, string> = {
  open: 'Open', placed: 'Placed', withdrawn: 'Withdrawn', expired: 'Expired',
};

export const RESPONSE_LABELS: Record<RecipientState, string> = {
  pending: 'Waiting for an answer', accepted: 'Accepted', declined: 'Declined', 'no capacity': 'No capacity',
  'placed elsewhere': 'Placed elsewhere',
};

export const URGENCY_LABELS: Record<Urgency, string> = { routine: 'Routine', soon: 'Soon', urgent: 'Urgent' };

/** "Teen · Anxiety, Grief · Online · Ontario": a referral in one line. */
export function needsLine(r: { ageGroup: string; concerns: string[]; sessionFormats: string[]; region: string }): string {
  return [r.ageGroup, r.concerns.join(', '), r.sessionFormats.join(', '), regionName(r.region)].filter(Boolean).join(' · ');
}

/** A calendar date (YYYY-MM-DD) as people read it, without a time zone shifting the day. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Mantine's error red is below 4.5:1 on white: field errors use the darkest red, the typed text stays dark. */
export const FIELD_ERROR_STYLES = {
  error: { color: 'var(--mantine-color-red-9)' },
  input: { color: 'var(--mantine-color-text)' },
};
