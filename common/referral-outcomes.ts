// What happened after a referral's hand-off, how responsive a therapist is to referrals, and a member's and the
// platform's referral insights: the shapes shared by the server and the web app (docs/decisions/0240-0242).
import { z } from 'zod';

/** The three outcomes an accepting recipient may record: fixed words, never free text about the client. */
export const REFERRAL_OUTCOMES = ['first session held', 'client did not follow up', 'not a fit, referred on'] as const;
export type ReferralOutcome = (typeof REFERRAL_OUTCOMES)[number];
export const ReferralOutcomeSchema = z.enum(REFERRAL_OUTCOMES, {
  message: 'must be first session held, client did not follow up or not a fit, referred on',
});

export const OUTCOME_LIMITS = {
  /** The outcome is recorded within this many days of accepting. */
  windowDays: 30,
  /** Reminders to the accepting recipient, this many days after accepting, while nothing is recorded. */
  reminderDays: [7, 21],
} as const;

export const OUTCOME_TEXTS = {
  handOff: 'Hand-off in progress',
  onlyAccepting: 'Only a therapist who accepted this referral can record its outcome.',
  notAccepted: 'Accept this referral before recording its outcome.',
  alreadyRecorded: 'The outcome of this referral has already been recorded.',
  windowClosed: `The outcome can only be recorded within ${OUTCOME_LIMITS.windowDays} days of accepting.`,
  withdrawn: 'This referral was withdrawn.',
} as const;

// The outcomes' words on screen are catalogue messages: web/lib/referral-texts.ts.

// ---- responsiveness ----

export const RESPONSIVENESS = {
  windowDays: 90,
  /** Figures are shown once this many referrals count. */
  threshold: 3,
} as const;

/** On a profile or a suggestion when there is enough data; absent otherwise. */
export const ResponsivenessFields = {
  /** Answered before expiry, of the referrals received in the last 90 days whose answer is due (0 to 1). */
  responseRate: z.number().optional(),
  /** Median hours from receiving to the first answer (accept, decline, no capacity, or a board offer); null when none. */
  medianResponseHours: z.number().nullable().optional(),
};

/**
 * The referrals' job leaves both null below three referrals (server/features/referrals/responsiveness.ts): then neither
 * field is sent. Stored as `real`, so rounded here: a rate to two places, hours to one.
 */
export function responsivenessOf(rate: number | null, hours: number | null): { responseRate?: number; medianResponseHours?: number | null } {
  if (rate === null) return {};
  return { responseRate: Math.round(rate * 100) / 100, medianResponseHours: hours === null ? null : Math.round(hours * 10) / 10 };
}

/** "Usually responds within 4 hours", or null when there is no median. */
export function respondsWithinText(hours: number | null | undefined): string | null {
  if (hours === null || hours === undefined) return null;
  if (hours <= 1) return 'Usually responds within an hour';
  if (hours < 24) return `Usually responds within ${Math.ceil(hours)} hours`;
  const days = Math.ceil(hours / 24);
  return days === 1 ? 'Usually responds within a day' : `Usually responds within ${days} days`;
}

/** "Responds to most referrals" (half or more), else "Responds to some referrals"; null when unknown. */
export function respondsToText(rate: number | null | undefined): string | null {
  if (rate === null || rate === undefined) return null;
  if (rate >= 0.9) return 'Responds to almost all referrals';
  return rate >= 0.5 ? 'Responds to most referrals' : 'Responds to some referrals';
}

/** A suggestion's reason: "usually responds within 4 hours". */
export const respondsReason = (hours: number) => (respondsWithinText(hours) ?? '').replace(/^Usually/, 'usually');

/** A member's own figures and what they were computed from. */
export const MyResponsiveness = z.object({
  responseRate: z.number().nullable(),
  medianResponseHours: z.number().nullable(),
  /** Referrals received in the window whose answer was due (answered, or unanswered at expiry). */
  counted: z.number(),
  answered: z.number(),
  windowDays: z.number(),
  threshold: z.number(),
  /** When the job last computed them; null before its first run. */
  computedAt: z.string().nullable(),
});
export type MyResponsiveness = z.infer<typeof MyResponsiveness>;
