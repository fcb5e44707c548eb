// GET /api/referrals/insights (a member's own) and GET /api/admin/referrals/insights (the platform's counts): the query
// and answer shapes (docs/decisions/0242).
import { z } from 'zod';
import { MyResponsiveness, REFERRAL_OUTCOMES } from './referral-outcomes.ts';

export const INSIGHTS_LIMITS = { maxDays: 731, topColleagues: 5, defaultMonths: 12 } as const;

const DateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'must be a real date');

/** Both optional: `to` defaults to today, `from` to the first day of the month eleven months before `to`. */
export const InsightsQuery = z.object({ from: DateOnly.optional(), to: DateOnly.optional() });
export type InsightsQuery = z.infer<typeof InsightsQuery>;

export const INSIGHTS_TEXTS = {
  badRange: 'The start date must not be after the end date.',
  tooLong: `The period can be at most ${INSIGHTS_LIMITS.maxDays} days.`,
} as const;

const Month = z.object({ month: z.string(), sent: z.number(), received: z.number(), accepted: z.number(), placed: z.number() });
export type InsightsMonth = z.infer<typeof Month>;
const Outcomes = z.object(Object.fromEntries(REFERRAL_OUTCOMES.map((o) => [o, z.number()])) as Record<(typeof REFERRAL_OUTCOMES)[number], z.ZodNumber>);
export type OutcomeCounts = z.infer<typeof Outcomes>;
const Colleague = z.object({ _id: z.string(), name: z.string(), avatar: z.string().nullable(), count: z.number() });
export type InsightsColleague = z.infer<typeof Colleague>;

const Totals = z.object({
  sent: z.number(),
  received: z.number(),
  /** Sent: how many of mine at least one colleague accepted; received: how many I accepted. */
  acceptedSent: z.number(),
  acceptedReceived: z.number(),
  /** Of the ones sent, how many were placed. */
  placed: z.number(),
  /** Median hours from sending to placement, over the referrals placed; null when none. */
  medianHoursToPlacement: z.number().nullable(),
});

export const MyInsights = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(Month),
  totals: Totals,
  /** Outcomes recorded on the referrals I sent, and those I recorded on the ones I accepted: counts only. */
  outcomesSent: Outcomes,
  outcomesReceived: Outcomes,
  referredTo: z.array(Colleague),
  receivedFrom: z.array(Colleague),
  responsiveness: MyResponsiveness,
});
export type MyInsights = z.infer<typeof MyInsights>;

/** Administrators: counts and trends, never a referral or a member. */
export const PlatformInsights = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(Month),
  totals: Totals,
  outcomes: Outcomes,
});
export type PlatformInsights = z.infer<typeof PlatformInsights>;
