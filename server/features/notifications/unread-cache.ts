// Each node remembers its members' unread counts (docs/decisions/0069) and the first page of their list (0092): the bell
// asks on every page, and the count only changes when a notification is stored, withdrawn or read, each of which
// publishes `notification.changed` (server/lib/notify.ts), forgetting those members here at once and on the other nodes
// through Redis (server/lib/caches.ts declares both caches); an entry also ends after config.unreadCountCacheMs, for
// the rare change made without one. The first page also shows the actors as they are named now: a new name shows
// within config.firstPageCacheMs.
import type { AppContext } from '../../context.ts';
import type { MemberCache } from '../../lib/member-cache.ts';

type Ctx = Pick<AppContext, 'caches'>;

/** The unread counts of this app instance. */
export const unreadCacheOf = (ctx: Ctx): MemberCache<number> => ctx.caches.member('unreadCounts');

/** The first pages of the list (the default size, no cursor), kept as the JSON text they are sent as. */
export const firstPageCacheOf = (ctx: Ctx): MemberCache<string> => ctx.caches.member('notificationPages');
