// Each node remembers its members' unread counts (docs/decisions/0069): the bell asks on every page, and the count only
// changes when a notification is stored, withdrawn or read, each of which already reaches every node as the
// notifications fan-out (server/lib/notify.ts). That fan-out forgets the members it names, here at once and on the
// other nodes through Redis; an entry also ends after config.unreadCountCacheMs, for the rare change made without one
// (a moderator's removal).
import type { AppContext } from '../../context.ts';

const MAX_KEYS = 100_000;

type Entry = { count: number; expires: number };
type UnreadCache = {
  read: (userId: string, load: () => Promise<number>) => Promise<number>;
  forget: (userIds: Iterable<string>) => void;
};

const byApp = new WeakMap<object, UnreadCache>();

/** The cache of this app instance (tests build several apps in one process). */
export function unreadCacheOf(ctx: Pick<AppContext, 'realtime' | 'config'>): UnreadCache {
  let cache = byApp.get(ctx.realtime);
  if (!cache) byApp.set(ctx.realtime, (cache = createUnreadCache(ctx.config.unreadCountCacheMs)));
  return cache;
}

function createUnreadCache(ttlMs: number, now = () => performance.now()): UnreadCache {
  const entries = new Map<string, Entry>();
  // The load each member's entry may be filled from: a forget in the meantime makes it stale, and it is not kept.
  const loads = new Map<string, object>();
  return {
    async read(userId, load) {
      const entry = entries.get(userId);
      if (entry && entry.expires > now()) return entry.count;
      if (ttlMs <= 0) return load();
      const ticket = {};
      loads.set(userId, ticket);
      const count = await load();
      if (loads.get(userId) === ticket) {
        loads.delete(userId);
        entries.delete(userId);
        entries.set(userId, { count, expires: now() + ttlMs });
        if (entries.size > MAX_KEYS) entries.delete(entries.keys().next().value as string);
      }
      return count;
    },
    forget(userIds) {
      for (const id of userIds) {
        entries.delete(id);
        loads.delete(id);
      }
    },
  };
}
