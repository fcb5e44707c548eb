// Each node remembers its members' referral counts (the navigation badge, asked on every screen) and the first pages of
// their boxes (docs/decisions/0092). Both change when a referral is sent, answered, offered on, placed or withdrawn,
// which the referral's events already name (events.ts): those members are forgotten here at once and on the other
// nodes through the realtime fan-out. They also change as time passes (an open referral expires): an entry is never
// kept past the earliest expiry it shows. What changes them without an event (an account deleted and its open
// referrals withdrawn, a sender's new name) shows within config.referralCountsCacheMs and config.firstPageCacheMs.
import type { ReferralCounts, ReferralPage } from '../../../common/referrals.ts';
import type { AppContext } from '../../context.ts';
import type { MemberCache } from '../../lib/member-cache.ts';
import type { PersonalRow } from './suggestions.ts';

// The caches are declared, bounded and cleared in server/lib/caches.ts; these name the type of what each holds.
type Ctx = Pick<AppContext, 'caches'>;
export const countsCacheOf = (ctx: Ctx): MemberCache<ReferralCounts> => ctx.caches.member('referralCounts');
export const pagesCacheOf = (ctx: Ctx): MemberCache<ReferralPage> => ctx.caches.member('referralBoxes');
/** The suggestions' personal part (favourites who are candidates, blocks either way), per set of needs. */
export const personalCacheOf = (ctx: Ctx): MemberCache<PersonalRow[]> => ctx.caches.member('referralNetwork');

/** These members' counts or boxes changed: every node forgets them (this one before the call returns). */
export function referralsChanged(ctx: Pick<AppContext, 'caches'>, userIds: string[]): void {
  ctx.caches.publish({ type: 'referral.changed', userIds });
}

/** How long what was read at `now` stays true without a write: until the earliest of these expiries. */
export function keepUntil(now: Date, expiries: (Date | string | null | undefined)[]): number | undefined {
  const times = expiries.filter((e) => e != null).map((e) => new Date(e as Date | string).getTime());
  return times.length ? Math.min(...times) - now.getTime() : undefined;
}
