// Each node remembers its members' referral counts (the navigation badge, asked on every screen) and the first pages of
// their boxes (docs/decisions/0092). Both change when a referral is sent, answered, offered on, placed or withdrawn,
// which the referral's events already name (events.ts): those members are forgotten here at once and on the other
// nodes through the realtime fan-out. They also change as time passes (an open referral expires): an entry is never
// kept past the earliest expiry it shows. What changes them without an event (an account deleted and its open
// referrals withdrawn, a sender's new name) shows within config.referralCountsCacheMs and config.firstPageCacheMs.
import type { ReferralCounts, ReferralPage } from '../../../common/referrals.ts';
import type { AppContext } from '../../context.ts';
import { createMemberReadsCache, memberReadsChanged, type MemberCache } from '../../lib/member-cache.ts';
import type { PersonalRow } from './suggestions.ts';

// A page is some kilobytes: the most recent readers only.
const MAX_PAGES = 5_000;
// The suggestions' personal part is kept per set of needs, which a member chooses freely: the latest few only.
const MAX_NEEDS_PER_MEMBER = 8;

type Caches = { counts: MemberCache<ReferralCounts>; pages: MemberCache<ReferralPage>; personal: MemberCache<PersonalRow[]> };
type Ctx = Pick<AppContext, 'realtime' | 'config'>;

const byApp = new WeakMap<object, Caches>();

/**
 * The caches of this app instance (tests build several apps in one process). Their fan-out handler is registered with
 * them: a node that has not read yet remembers nothing, so a word it did not hear before could not have mattered.
 */
function cachesOf(ctx: Ctx): Caches {
  let caches = byApp.get(ctx.realtime);
  if (!caches) {
    const created: Caches = {
      counts: createMemberReadsCache(ctx.realtime, ctx.config.referralCountsCacheMs),
      pages: createMemberReadsCache(ctx.realtime, ctx.config.firstPageCacheMs, { maxMembers: MAX_PAGES }),
      // The suggestions' personal part (favourites who are candidates, blocks either way), per set of needs.
      personal: createMemberReadsCache(ctx.realtime, ctx.config.firstPageCacheMs, { maxMembers: MAX_PAGES, maxViewsPerMember: MAX_NEEDS_PER_MEMBER }),
    };
    byApp.set(ctx.realtime, (caches = created));
  }
  return caches;
}

export const countsCacheOf = (ctx: Ctx) => cachesOf(ctx).counts;
export const pagesCacheOf = (ctx: Ctx) => cachesOf(ctx).pages;
export const personalCacheOf = (ctx: Ctx) => cachesOf(ctx).personal;

/**
 * These members' counts or boxes changed, or their favourites or blocks (the suggestions' personal part): every node
 * forgets them (this one before the call returns). A block must hold at once, so both sides of one are named.
 */
export function referralsChanged(ctx: Ctx, userIds: string[]): void {
  memberReadsChanged(ctx.realtime, userIds);
}

/** How long what was read at `now` stays true without a write: until the earliest of these expiries. */
export function keepUntil(now: Date, expiries: (Date | string | null | undefined)[]): number | undefined {
  const times = expiries.filter((e) => e != null).map((e) => new Date(e as Date | string).getTime());
  return times.length ? Math.min(...times) - now.getTime() : undefined;
}
