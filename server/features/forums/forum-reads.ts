import type { Db } from '../../db/client.ts';
import { createSharedReads } from '../../lib/shared-reads.ts';

/**
 * The forum's shared reads (docs/decisions/0022): pages of posts, comments, communities and search results, kept for
 * FORUM_CACHE_MS after they are read. Every forum write through this node forgets them all, so a writer always reads
 * their own change (the balancer keeps a user on one node); writes through other nodes show within FORUM_CACHE_MS.
 */
export const forumReads = createSharedReads();

/**
 * A forum write: its transaction, then this node's kept pages forgotten. A shared read anyone joins from then on began
 * after the commit, so the writer's next read, shared or not, sees the change.
 */
export async function forumWrite<T>(db: Db, work: (t: Db) => Promise<T>): Promise<T> {
  const result = await db.transaction((tx) => work(tx as unknown as Db));
  forumReads.forget(db);
  return result;
}
