// Each node remembers its members' unread counts (docs/decisions/0069) and the first page of their list (0092): the bell asks on every page, and the count only
// changes when a notification is stored, withdrawn or read, each of which already reaches every node as the
// notifications fan-out (server/lib/notify.ts). That fan-out forgets the members it names, here at once and on the
// other nodes through Redis; an entry also ends after config.unreadCountCacheMs, for the rare change made without one
// (a moderator's removal). The first page also shows the actors as they are named now: a new name shows within
// config.firstPageCacheMs.
import type { AppContext } from '../../context.ts';
import { createMemberCache, type MemberCache } from '../../lib/member-cache.ts';

type UnreadCache = MemberCache<number>;

const byApp = new WeakMap<object, UnreadCache>();
// A page is kept as the JSON text it is sent as.
const pagesByApp = new WeakMap<object, MemberCache<string>>();
// A page is some kilobytes: the most recent readers only.
const MAX_PAGES = 5_000;

/** The cache of this app instance (tests build several apps in one process). */
export function unreadCacheOf(ctx: Pick<AppContext, 'realtime' | 'config'>): UnreadCache {
  let cache = byApp.get(ctx.realtime);
  if (!cache) byApp.set(ctx.realtime, (cache = createMemberCache<number>(ctx.config.unreadCountCacheMs)));
  return cache;
}

/** The first pages of the list (the default size, no cursor) of this app instance. */
export function firstPageCacheOf(ctx: Pick<AppContext, 'realtime' | 'config'>): MemberCache<string> {
  let cache = pagesByApp.get(ctx.realtime);
  if (!cache) pagesByApp.set(ctx.realtime, (cache = createMemberCache<string>(ctx.config.firstPageCacheMs, { maxMembers: MAX_PAGES })));
  return cache;
}
