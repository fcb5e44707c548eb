// A value per member, remembered by one node and forgotten by the events that change it (docs/decisions/0069, 0092):
// the unread notification count and the referral counts. The writer's node forgets at once, the others through the
// realtime fan-out; an entry also ends after its time, for the rare change made without a word.

const MAX_KEYS = 100_000;

type Entry<T> = { value: T; expires: number };
/** What a load found, and at most how long it may be kept (never longer than the cache's own time). */
export type Loaded<T> = { value: T; keepMs?: number };

export type MemberCache<T> = {
  read: (userId: string, load: () => Promise<Loaded<T>>) => Promise<T>;
  forget: (userIds: Iterable<string>) => void;
};

export function createMemberCache<T>(ttlMs: number, now = () => performance.now()): MemberCache<T> {
  const entries = new Map<string, Entry<T>>();
  // The load each member's entry may be filled from: a forget in the meantime makes it stale, and it is not kept.
  const loads = new Map<string, object>();
  return {
    async read(userId, load) {
      const entry = entries.get(userId);
      if (entry && entry.expires > now()) return entry.value;
      if (ttlMs <= 0) return (await load()).value;
      const ticket = {};
      loads.set(userId, ticket);
      const { value, keepMs = ttlMs } = await load();
      if (loads.get(userId) === ticket) {
        loads.delete(userId);
        entries.delete(userId);
        if (keepMs > 0) entries.set(userId, { value, expires: now() + Math.min(ttlMs, keepMs) });
        if (entries.size > MAX_KEYS) entries.delete(entries.keys().next().value as string);
      }
      return value;
    },
    forget(userIds) {
      for (const id of userIds) {
        entries.delete(id);
        loads.delete(id);
      }
    },
  };
}
