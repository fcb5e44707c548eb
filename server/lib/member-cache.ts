// A value per member, remembered by one node and forgotten by the events that change it (docs/decisions/0069, 0092):
// the unread notification count, the referral counts, and the first pages of the notification list and referral boxes.
// The writer's node forgets at once, the others through the realtime fan-out; an entry also ends after its time, for
// the rare change made without a word.

import type { Realtime } from './realtime.ts';

type Entry<T> = { value: T; expires: number };
/** What a load found, and at most how long it may be kept (never longer than the cache's own time). */
export type Loaded<T> = { value: T; keepMs?: number };

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

/**
 * The fan-out that forgets members' referral reads (counts, first pages) and the referral suggestions' personal part
 * (favourites, blocks) on every node. Shared, because other features change what it covers: a block, a favourite.
 * (The name is older than the suggestions; nodes of two versions still understand each other.)
 */
export const MEMBER_READS_CHANGED = 'referrals:changed';

/** These members' per-member reads changed: every node forgets them (this one before the call returns). */
export function memberReadsChanged(realtime: Pick<Realtime, 'fanOut'>, userIds: string[]): void {
  if (userIds.length) realtime.fanOut(MEMBER_READS_CHANGED, { userIds: [...new Set(userIds)] });
}

/** A member cache that forgets the members named by memberReadsChanged, on this node and, through it, on every node. */
export function createMemberReadsCache<T>(
  realtime: Pick<Realtime, 'onFanOut'>, ttlMs: number, opts: Parameters<typeof createMemberCache>[1] = {},
): MemberCache<T> {
  const cache = createMemberCache<T>(ttlMs, opts);
  realtime.onFanOut(MEMBER_READS_CHANGED, (payload) => cache.forget((payload as { userIds: string[] }).userIds));
  return cache;
}
