// Each node remembers its members' referral counts (the navigation badge, asked on every screen; docs/decisions/0092).
// The counts change when a referral is sent, answered, placed or withdrawn, which the referral's events already name
// (events.ts): those members are forgotten here at once and on the other nodes through the realtime fan-out. They also
// change as time passes (an open referral expires): an entry is never kept past the earliest expiry it counted. What
// changes them without an event (an account deleted, its open referrals withdrawn) shows within
// config.referralCountsCacheMs.
import type { AppContext } from '../../context.ts';
import { createMemberCache, type MemberCache } from '../../lib/member-cache.ts';

export type Counts = { receivedOpen: number; sentOpen: number };

const FORGET_COUNTS = 'referrals:counts';

const byApp = new WeakMap<object, MemberCache<Counts>>();

/**
 * The cache of this app instance (tests build several apps in one process). Its fan-out handler is registered with it:
 * a node that has not read a count yet remembers none, so a word it did not hear before could not have mattered.
 */
export function countsCacheOf(ctx: Pick<AppContext, 'realtime' | 'config'>): MemberCache<Counts> {
  let cache = byApp.get(ctx.realtime);
  if (!cache) {
    const created = createMemberCache<Counts>(ctx.config.referralCountsCacheMs);
    ctx.realtime.onFanOut(FORGET_COUNTS, (payload) => created.forget((payload as { userIds: string[] }).userIds));
    byApp.set(ctx.realtime, (cache = created));
  }
  return cache;
}

/** These members' counts changed: every node forgets them (this one before the call returns). */
export function countsChanged(ctx: Pick<AppContext, 'realtime' | 'config'>, userIds: string[]): void {
  if (!userIds.length) return;
  ctx.realtime.fanOut(FORGET_COUNTS, { userIds: [...new Set(userIds)] });
}
