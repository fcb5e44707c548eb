// A value per member, remembered by one node and forgotten by the events that change it (docs/decisions/0069, 0092):
// which caches there are, and which events forget them on every node, is declared in server/lib/caches.ts. An entry
// also ends after its time, for the rare change made without an event.

type Entry<T> = { value: T; expires: number };
/** What a load found, and at most how long it may be kept (never longer than the cache's own time). */
type Loaded<T> = { value: T; keepMs?: number };

export type MemberCache<T> = {
  /** The member's value (of one `view` of theirs, e.g. a box), from memory or from `load`. */
  read: (userId: string, load: () => Promise<Loaded<T>>, view?: string) => Promise<T>;
  /** Every view of these members. */
  forget: (userIds: Iterable<string>) => void;
};

export function createMemberCache<T>(
  ttlMs: number, opts: { maxMembers?: number; maxViewsPerMember?: number; now?: () => number } = {},
): MemberCache<T> {
  // Views a member can multiply (a set of needs per request) are bounded too: the oldest goes first.
  const { maxMembers = 100_000, maxViewsPerMember = Infinity, now = () => performance.now() } = opts;
  // Oldest member first (a Map keeps insertion order): the first to go when the cache is full.
  const members = new Map<string, Map<string, Entry<T>>>();
  // The load each member's view may be filled from: a forget in the meantime makes it stale, and it is not kept.
  const loads = new Map<string, Map<string, object>>();
  return {
    async read(userId, load, view = '') {
      const entry = members.get(userId)?.get(view);
      if (entry && entry.expires > now()) return entry.value;
      if (ttlMs <= 0) return (await load()).value;
      const ticket = {};
      let pending = loads.get(userId);
      if (!pending) loads.set(userId, (pending = new Map()));
      pending.set(view, ticket);
      const { value, keepMs = ttlMs } = await load();
      if (loads.get(userId)?.get(view) === ticket) {
        pending.delete(view);
        if (!pending.size) loads.delete(userId);
        const views = members.get(userId) ?? new Map<string, Entry<T>>();
        members.delete(userId);
        if (keepMs > 0) views.set(view, { value, expires: now() + Math.min(ttlMs, keepMs) });
        if (views.size > maxViewsPerMember) views.delete(views.keys().next().value as string);
        if (views.size) members.set(userId, views);
        if (members.size > maxMembers) members.delete(members.keys().next().value as string);
      }
      return value;
    },
    forget(userIds) {
      for (const id of userIds) {
        members.delete(id);
        loads.delete(id);
      }
    },
  };
}
