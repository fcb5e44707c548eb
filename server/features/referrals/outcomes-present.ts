// The parts of a referral's presentation that the hand-off's outcome and the recipient's responsiveness add
// (docs/decisions/0240, 0241): kept apart from present.ts so that file stays about the referral itself.
import {
  OUTCOME_LIMITS, respondsReason, responsivenessOf, type ReferralOutcome,
} from '../../../common/referral-outcomes.ts';
import type { Recipient, ReferralStatus, Suggestion } from '../../../common/referrals.ts';
import type { RecipientJson } from './queries.ts';

const DAY_MS = 86_400_000;

/** The outcome as recorded, and, while none is and the hand-off goes on, the last moment one can be. */
export function outcomeOf(r: RecipientJson, status: ReferralStatus): Pick<Recipient, 'outcome' | 'outcomeAt' | 'outcomeDueBy'> {
  const handOff = r.response === 'accepted' && !r.outcome && status !== 'withdrawn' && r.respondedAt;
  return {
    outcome: (r.outcome as ReferralOutcome | null) ?? null,
    outcomeAt: r.outcomeAt ? new Date(r.outcomeAt).toISOString() : null,
    outcomeDueBy: handOff ? new Date(new Date(r.respondedAt as string).getTime() + OUTCOME_LIMITS.windowDays * DAY_MS).toISOString() : null,
  };
}

/** A suggestion's figures (none below three referrals), and "usually responds within 4 hours" among its reasons. */
export function responsivenessFieldsOf(
  row: { response_rate: number | null; median_response_hours: number | null }, reasons: string[],
): Pick<Suggestion, 'reasons' | 'responseRate' | 'medianResponseHours'> {
  const figures = responsivenessOf(row.response_rate, row.median_response_hours);
  const hours = figures.medianResponseHours;
  return { reasons: hours === null || hours === undefined ? reasons : [...reasons, respondsReason(hours)], ...figures };
}
