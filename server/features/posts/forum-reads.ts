import { createSharedReads } from '../../lib/shared-reads.ts';

/**
 * The forum's shared reads (docs/decisions/0022): pages of posts, comments, communities and search results, kept for
 * FORUM_CACHE_MS after they are read. Every forum write through this node forgets them all, so a writer always reads
 * their own change (the balancer keeps a user on one node); writes through other nodes show within FORUM_CACHE_MS.
 */
export const forumReads = createSharedReads();
