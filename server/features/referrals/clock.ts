// Referral expiry depends on time passing: the service reads the app's clock (Deps.now), which tests control.
import { REFERRAL_LIMITS } from '../../../common/referrals.ts';
import type { AppContext } from '../../context.ts';

const DAY_MS = 86_400_000;

/** The current time, to the millisecond (the precision of the list cursors). */
export const nowOf = (ctx: Pick<AppContext, 'now'>): Date => ctx.now?.() ?? new Date();

/** Today's date in UTC, YYYY-MM-DD: a neededBy before it is in the past. */
export const todayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** An open referral expires at the end of its neededBy day (UTC), or 30 days after it was sent without one. */
export function expiryOf(sentAt: Date, neededBy: string | null | undefined): Date {
  if (neededBy) return new Date(Date.parse(`${neededBy}T00:00:00.000Z`) + DAY_MS);
  return new Date(sentAt.getTime() + REFERRAL_LIMITS.expiryDays * DAY_MS);
}
