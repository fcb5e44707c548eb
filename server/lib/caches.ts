// Every cache of a node, declared once (docs/decisions/0143-caches-declared-in-one-place.md), in the manner of
// Mattermost's local cache layer: its name, what it is keyed by, how long an entry lives, its bounds, and the domain
// events that clear it. Services never forget a cache by hand: they publish what happened (`referral.changed`,
// `block.changed`, `forum.written`...), and `CLEARED_BY` below decides which caches that clears, on this node at once
// and on every other node through the realtime fan-out (Redis).
import type { Config } from '../config.ts';
import { createMemberCache, type MemberCache } from './member-cache.ts';
import { createReadCache, type ReadCache } from './read-cache.ts';
import type { Realtime } from './realtime.ts';
import { createSessionCache, type SessionCache } from './session-cache.ts';

/** What happened, in the words of the domain; `userIds` are the members whose own reads it changes. */
export type CacheEvent =
  /** A referral was sent, answered, offered on, placed, withdrawn or expired: the badges and boxes of those named. */
  | { type: 'referral.changed'; userIds: string[] }
  /** A member added or removed a favourite (their network leads their referral suggestions). */
  | { type: 'favourite.changed'; userIds: string[] }
  /** A block or unblock: both sides are named, so that it holds at once for either. */
  | { type: 'block.changed'; userIds: string[] }
  /** Notifications stored, regrouped, withdrawn or read: those members' bells and lists. */
  | { type: 'notification.changed'; userIds: string[] }
  /** Anything written in the forums: posts, comments, likes, communities and their members. */
  | { type: 'forum.written' }
  /** A community created or deleted (the recommendations' activity table). */
  | { type: 'community.changed' }
  /** A resource published, removed or deleted. */
  | { type: 'resource.changed' }
  /** Who the directory lists changed (a member hid themselves, a licence lapsed). */
  | { type: 'directory.changed' }
  /** A member's shown name changed: pages that show it, and their sessions (which carry it). */
  | { type: 'member.renamed'; userId: string }
  /** A member's account was erased: every shared page that could show them or their content. */
  | { type: 'member.deleted'; userId: string }
  /** One session ended (sign-out, revoked). */
  | { type: 'session.ended'; sessionId: string }
  /** A member changed an account preference their sessions carry (the language). */
  | { type: 'member.preferences.changed'; userId: string }
  /** A member's access changed either way (suspended, approved, lapsed, password or two-factor changed). */
  | { type: 'member.access.changed'; userId: string }
  /** A member added or lost a push device (subscribed, removed, forgotten by its push service, taken by another member). */
  | { type: 'push.devices.changed'; userIds: string[] }
  /** An administrator saved a platform setting (server/lib/platform-settings.ts). */
  | { type: 'settings.changed' }
  /** Files' rows deleted (a message unsent, a group deleted, the files job's purge of whatever went by cascade). */
  | { type: 'files.deleted'; fileIds: string[] };
export type CacheEventType = CacheEvent['type'];

/** The realtime fan-out name every cache event travels by between nodes. */
export const CACHE_EVENT_FANOUT = 'caches:event';

type Declared = {
  /** What one entry is kept under. */
  key: string;
  /** How long an entry lives (0: not kept). */
  ttlMs: (config: Config) => number;
  clearedBy: readonly CacheEventType[];
};
/** Bounded by members (the oldest goes first), and by views per member where a member can multiply them. */
type MemberDeclared = Declared & { kind: 'member'; maxMembers: number; maxViewsPerMember?: number };
/**
 * A namespace of the shared read cache, bounded with all the others by READ_CACHE_MAX_KEYS and READ_CACHE_MAX_MB (least
 * recently used first); `prefix` is what an event forgets.
 */
type SharedDeclared = Declared & { kind: 'shared'; prefix: string };
type SessionsDeclared = Declared & { kind: 'sessions'; maxKeys: number };
/** Bounded by the bytes of its values and by keys (the least recently used go first). */
type BytesDeclared = Declared & { kind: 'bytes'; maxBytes: (config: Config) => number; maxKeys: number };

// A page is some kilobytes: the most recent readers only.
const MAX_PAGES = 5_000;

/** The per-member caches: each node's own, forgotten for the members an event names. */
export const MEMBER_CACHES = {
  referralCounts: {
    kind: 'member', key: 'member', ttlMs: (c) => c.referralCountsCacheMs, maxMembers: 100_000,
    clearedBy: ['referral.changed'],
  },
  referralBoxes: {
    kind: 'member', key: 'member, box and status filter (first page only)', ttlMs: (c) => c.firstPageCacheMs,
    maxMembers: MAX_PAGES, clearedBy: ['referral.changed'],
  },
  // The referral suggestions' personal part: favourites who are candidates, and blocks either way.
  referralNetwork: {
    kind: 'member', key: 'member and set of needs', ttlMs: (c) => c.firstPageCacheMs, maxMembers: MAX_PAGES, maxViewsPerMember: 8,
    clearedBy: ['favourite.changed', 'block.changed'],
  },
  // Whom a member blocked, for the top bar's search.
  searchBlocked: {
    kind: 'member', key: 'member', ttlMs: (c) => c.firstPageCacheMs, maxMembers: 20_000,
    clearedBy: ['block.changed'],
  },
  unreadCounts: {
    kind: 'member', key: 'member', ttlMs: (c) => c.unreadCountCacheMs, maxMembers: 100_000,
    clearedBy: ['notification.changed'],
  },
  // Kept as the JSON text it is sent as.
  notificationPages: {
    kind: 'member', key: 'member (first page, default size)', ttlMs: (c) => c.firstPageCacheMs, maxMembers: MAX_PAGES,
    clearedBy: ['notification.changed'],
  },
  // Whether the member has a push device: a chat message to (or a read by) a member without one costs no statement.
  pushDevices: {
    kind: 'member', key: 'member', ttlMs: (c) => c.push.devicesCacheMs, maxMembers: 100_000,
    clearedBy: ['push.devices.changed'],
  },
} as const satisfies Record<string, MemberDeclared>;

/**
 * The namespaces of the shared read cache (`ctx.cache`, decision 0040): answers the same for every reader. Several
 * declarations may share a namespace (`prefix`: what an event forgets) and differ in lifetime; the features read their
 * lifetime from here (`lifetimeOf`).
 */
export const SHARED_CACHES = {
  forumPages: {
    kind: 'shared', prefix: 'forums:', key: 'feed, community posts, a post, comment windows, community lists',
    ttlMs: (c) => c.forumCacheMs, clearedBy: ['forum.written', 'member.renamed', 'member.deleted'],
  },
  forumSearches: {
    kind: 'shared', prefix: 'forums:', key: 'words and options: post searches, their titles, the top bar\'s communities',
    ttlMs: (c) => c.searchCacheMs, clearedBy: ['forum.written', 'member.renamed', 'member.deleted'],
  },
  communityActivity: {
    kind: 'shared', prefix: 'community-activity', key: 'one key: every community\'s tags and recent posts',
    ttlMs: (c) => c.communityActivityCacheMs, clearedBy: ['community.changed'],
  },
  directory: {
    kind: 'shared', prefix: 'therapists:', key: 'featured, listed and accepting totals',
    ttlMs: (c) => c.directoryCacheMs, clearedBy: ['directory.changed', 'member.renamed', 'member.deleted'],
  },
  directorySearches: {
    kind: 'shared', prefix: 'therapists:', key: 'filter set (and the viewer, when excluded); the top bar\'s names',
    ttlMs: (c) => c.searchCacheMs, clearedBy: ['directory.changed', 'member.renamed', 'member.deleted'],
  },
  // Counting every approved resource on each public page view costs more than the page itself at 50,000 rows (a
  // public page itself is shared only while its read runs).
  resources: {
    kind: 'shared', prefix: 'resources:', key: 'published totals per category',
    ttlMs: (c) => c.totalsCacheMs, clearedBy: ['resource.changed', 'member.deleted'],
  },
  resourceSearches: {
    kind: 'shared', prefix: 'resources:', key: 'limit and words: the top bar\'s resources',
    ttlMs: (c) => c.searchCacheMs, clearedBy: ['resource.changed', 'member.deleted'],
  },
  referralSuggestions: {
    kind: 'shared', prefix: 'referrals:suggestions:', key: 'set of needs (the ranking shared by every reader)',
    ttlMs: (c) => c.searchCacheMs, clearedBy: [],
  },
  referralStats: {
    kind: 'shared', prefix: 'referrals:stats', key: 'one key: the administrators\' counts',
    ttlMs: (c) => c.totalsCacheMs, clearedBy: [],
  },
  searchEstimates: {
    kind: 'shared', prefix: 'search-', key: 'text: planner estimates and words\' lexemes (they change with ANALYZE)',
    ttlMs: (c) => c.searchEstimatesCacheMs, clearedBy: [],
  },
  // Read on request paths (sign-in policy, retention's job, forum privacy); an administrator's change clears it everywhere.
  platformSettings: {
    kind: 'shared', prefix: 'platform-settings:', key: 'setting name',
    ttlMs: () => 60_000, clearedBy: ['settings.changed'],
  },
  activityFirstPage: {
    kind: 'shared', prefix: 'activity:', key: 'the first page and cursor pages of the activity feed, shared only while their read runs',
    ttlMs: () => 0, clearedBy: [],
  },
} as const satisfies Record<string, SharedDeclared>;

/** Who a token belongs to (decision 0069): only reads are answered from it. */
export const SESSION_CACHE = {
  kind: 'sessions', key: 'token hash', ttlMs: (c) => c.session.cacheMs ?? 0, maxKeys: 50_000,
  clearedBy: ['session.ended', 'member.access.changed', 'member.renamed', 'member.preferences.changed'],
} as const satisfies SessionsDeclared;

/**
 * Images' 320 px WebP thumbnails, decrypted (decision 0375): the same bytes for every reader, and never changed while
 * the file exists. Who may read one is asked of the database on every request before this is read, so an entry only
 * saves the store's read and the decryption; the event lets the plaintext of a deleted file go at once.
 */
export const THUMBNAIL_CACHE = {
  kind: 'bytes', key: 'file id', ttlMs: (c) => c.files.thumbnailCache.ttlMs, maxBytes: (c) => c.files.thumbnailCache.maxBytes,
  maxKeys: 20_000, clearedBy: ['files.deleted'],
} as const satisfies BytesDeclared;

export type MemberCacheName = keyof typeof MEMBER_CACHES;
export type SharedCacheName = keyof typeof SHARED_CACHES;

const thumbnailKey = (fileId: string) => `thumb:${fileId}`;

/** How long entries of a shared namespace live, by the registry's declaration. */
export const lifetimeOf = (config: Config, name: SharedCacheName): number => SHARED_CACHES[name].ttlMs(config);

export type Caches = ReturnType<typeof createCaches>;

/**
 * This node's caches, built from the declarations. `connect` joins the node's realtime: from then on `publish` clears
 * what an event names here at once and on every other node.
 */
export function createCaches(config: Config) {
  const shared: ReadCache = createReadCache(config.readCache);
  const sessions: SessionCache = createSessionCache({ ttlMs: SESSION_CACHE.ttlMs(config), maxKeys: SESSION_CACHE.maxKeys });
  const thumbnails: ReadCache = createReadCache({ maxKeys: THUMBNAIL_CACHE.maxKeys, maxBytes: THUMBNAIL_CACHE.maxBytes(config) });
  const members = Object.fromEntries(Object.entries(MEMBER_CACHES).map(([name, d]: [string, MemberDeclared]) => [
    name, createMemberCache<unknown>(d.ttlMs(config), { maxMembers: d.maxMembers, maxViewsPerMember: d.maxViewsPerMember }),
  ])) as Record<MemberCacheName, MemberCache<unknown>>;
  let realtime: Pick<Realtime, 'fanOut'> | undefined;
  // When each shared prefix (and each member cache, as `member:<name>`) was last cleared here, for read routing.
  const clearedAt = new Map<string, number>();

  const clearHere = (event: CacheEvent): void => {
    const at = performance.now();
    for (const [name, d] of Object.entries(MEMBER_CACHES) as [MemberCacheName, MemberDeclared][]) {
      if (d.clearedBy.includes(event.type) && 'userIds' in event) {
        members[name].forget(event.userIds);
        clearedAt.set(`member:${name}`, at);
      }
    }
    const prefixes = new Set((Object.values(SHARED_CACHES) as SharedDeclared[]).filter((d) => d.clearedBy.includes(event.type)).map((d) => d.prefix));
    for (const prefix of prefixes) {
      shared.forget(prefix);
      clearedAt.set(prefix, at);
    }
    if ((SESSION_CACHE.clearedBy as readonly CacheEventType[]).includes(event.type)) {
      if ('sessionId' in event) sessions.forgetSession(event.sessionId);
      if ('userId' in event) sessions.forgetUser(event.userId);
    }
    if ((THUMBNAIL_CACHE.clearedBy as readonly CacheEventType[]).includes(event.type) && 'fileIds' in event) {
      for (const id of event.fileIds) thumbnails.forget(thumbnailKey(id));
    }
  };

  return {
    /** The shared read cache (`ctx.cache`). */
    shared,
    sessions,
    /** Decrypted thumbnails by file id (`thumbnailKey`), read only after the reader's access was checked. */
    thumbnails: {
      read: (fileId: string, load: () => Promise<Buffer>) =>
        thumbnails.read(thumbnailKey(fileId), load, { ttlMs: THUMBNAIL_CACHE.ttlMs(config), size: (bytes) => bytes.length }),
      /** Whether this node holds a file's thumbnail now (for tests of its freshness). */
      has: (fileId: string) => thumbnails.has(thumbnailKey(fileId)),
    },
    /** A per-member cache by its declared name; the feature that reads it knows its values' type. */
    member: <T>(name: MemberCacheName) => members[name] as MemberCache<T>,
    /** Listens to the other nodes' events: call once, when the node's realtime exists. */
    connect(node: Pick<Realtime, 'fanOut' | 'onFanOut'>): void {
      realtime = node;
      node.onFanOut(CACHE_EVENT_FANOUT, (payload) => clearHere(payload as CacheEvent));
    },
    /** Clears what the event changed, on this node before returning and on every other node through the fan-out. */
    publish(event: CacheEvent): void {
      if ('userIds' in event && event.userIds.length === 0) return;
      if ('fileIds' in event && event.fileIds.length === 0) return;
      if (!realtime) throw new Error('caches.publish before caches.connect');
      const payload = 'userIds' in event ? { ...event, userIds: [...new Set(event.userIds)] } : event;
      realtime.fanOut(CACHE_EVENT_FANOUT, payload);
    },
    /**
     * When an event last cleared the shared key `key` here (or, for `member:<name>`, that member cache), as
     * performance.now(): read routing fills such a key from the primary for a while after (decision 0215).
     */
    lastClearedAt(key: string): number {
      let last = Number.NEGATIVE_INFINITY;
      for (const [prefix, at] of clearedAt) if (key.startsWith(prefix) && at > last) last = at;
      return last;
    },
    /** The app is closing. */
    close(): void {
      shared.close();
      thumbnails.close();
    },
  };
}
