import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../context.ts';
import { lifetimeOf } from '../../lib/caches.ts';
import type { ReadOptions } from '../../lib/read-cache.ts';

/**
 * The forum's shared reads in the app's read cache (docs/decisions/0040): pages of posts, comments, communities and
 * search results, kept for FORUM_CACHE_MS after their read ends (searches for their own time). Every forum write
 * forgets them all, on this node at once and on the others as soon as the fan-out reaches them (server/lib/caches.ts).
 */
const FORUM_PAGES = 'forums:';

export function forumRead<T>(
  ctx: ServiceContext, key: string, load: () => Promise<T>, opts: Partial<ReadOptions<T>> = {},
): Promise<T> {
  return ctx.cache.read(FORUM_PAGES + key, load, { ttlMs: lifetimeOf(ctx.config, 'forumPages'), ...opts });
}

/**
 * A forum write: its transaction, then the kept pages forgotten (`forum.written`: on this node at once, on the others
 * through the fan-out). A shared read anyone joins here from then on began after the commit, so the writer's next read,
 * shared or not, sees the change.
 */
export async function forumWrite<T>(ctx: ServiceContext, work: (t: Db) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction((tx) => work(tx));
  ctx.caches.publish({ type: 'forum.written' });
  return result;
}
