// Each node remembers its members' referral counts (the navigation badge, asked on every screen) and the first pages of
// their boxes (docs/decisions/0092). Both change when a referral is sent, answered, offered on, placed or withdrawn,
// which the referral's events already name (events.ts): those members are forgotten here at once and on the other
// nodes through the realtime fan-out. They also change as time passes (an open referral expires): an entry is never
// kept past the earliest expiry it shows. What changes them without an event (an account deleted and its open
// referrals withdrawn, a sender's new name) shows within config.referralCountsCacheMs and config.firstPageCacheMs.
import type { ReferralCounts, ReferralPage } from '../../../common/referrals.ts';
import type { AppContext } from '../../context.ts';
import { createMemberCache, type MemberCache } from '../../lib/member-cache.ts';

const FORGET = 'referrals:changed';
// A page is some kilobytes: the most recent readers only.
const MAX_PAGES = 5_000;

type Caches = { counts: MemberCache<ReferralCounts>; pages: MemberCache<ReferralPage> };
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
      counts: createMemberCache(ctx.config.referralCountsCacheMs),
      pages: createMemberCache(ctx.config.firstPageCacheMs, { maxMembers: MAX_PAGES }),
    };
    ctx.realtime.onFanOut(FORGET, (payload) => {
      const { userIds } = payload as { userIds: string[] };
      created.counts.forget(userIds);
      created.pages.forget(userIds);
    });
    byApp.set(ctx.realtime, (caches = created));
  }
  return caches;
}

export const countsCacheOf = (ctx: Ctx) => cachesOf(ctx).counts;
export const pagesCacheOf = (ctx: Ctx) => cachesOf(ctx).pages;

/** These members' counts or boxes changed: every node forgets them (this one before the call returns). */
export function referralsChanged(ctx: Ctx, userIds: string[]): void {
  if (userIds.length) ctx.realtime.fanOut(FORGET, { userIds: [...new Set(userIds)] });
}

/** How long what was read at `now` stays true without a write: until the earliest of these expiries. */
export function keepUntil(now: Date, expiries: (Date | string | null | undefined)[]): number | undefined {
  const times = expiries.filter((e) => e != null).map((e) => new Date(e as Date | string).getTime());
  return times.length ? Math.min(...times) - now.getTime() : undefined;
}
