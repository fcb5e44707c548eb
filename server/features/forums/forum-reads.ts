import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../context.ts';
import type { ReadOptions } from '../../lib/read-cache.ts';

/**
 * The forum's shared reads in the app's read cache (docs/decisions/0040): pages of posts, comments, communities and
 * search results, kept for FORUM_CACHE_MS after their read ends (searches for their own time). Every forum write
 * through this node forgets them all, so a writer always reads their own change (the balancer keeps a user on one
 * node); writes through other nodes show within FORUM_CACHE_MS.
 */
const FORUM_PAGES = 'forums:';

export function forumRead<T>(
  ctx: ServiceContext, key: string, load: () => Promise<T>, opts: Partial<ReadOptions<T>> = {},
): Promise<T> {
  return ctx.cache.read(FORUM_PAGES + key, load, { ttlMs: ctx.config.forumCacheMs, ...opts });
}

/**
 * A forum write: its transaction, then this node's kept pages forgotten. A shared read anyone joins from then on began
 * after the commit, so the writer's next read, shared or not, sees the change.
 */
export async function forumWrite<T>(ctx: ServiceContext, work: (t: Db) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction((tx) => work(tx));
  ctx.cache.forget(FORUM_PAGES);
  return result;
}
