// The top bar's search: the top few of each feature's own search, grouped. Features may not import one
// another, so features/index.ts hands each feature's search service in as a source; their visibility rules come with
// them (the directory's listing and opt-out, which also leaves the searcher out; only published resources), and
// members the searcher blocked are left out here, as the forums collapse them.
import type { Community } from '../../../common/communities.ts';
import type { Resource } from '../../../common/resources.ts';
import { SEARCH_GROUP_SIZE, SEARCH_KINDS, type SearchItem, type SearchKind, type SearchResponse } from '../../../common/search.ts';
import type { TherapistCard } from '../../../common/therapists.ts';
import type { AppContext, ServiceContext } from '../../context.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import type { PostHit } from '../../../common/posts.ts';
import { communityItem, fullSearchHref, postItem, resourceItem, therapistItem } from './present.ts';
import { blockedByViewer } from './queries.ts';
import { batchOf, type RunShaped } from '../../db/batch.ts';

/**
 * A feature's top matches for the words, the same for every searcher (so each feature keeps them a few seconds by
 * words, and forgets them on its own writes): the first `limit` of its full search's first page, without the total.
 */
type Source<T> = (ctx: ServiceContext, q: string, limit: number, run: RunShaped) => Promise<T[]>;
export type SearchSources = {
  therapists: Source<TherapistCard>; posts: Source<PostHit>; communities: Source<Community>; resources: Source<Resource>;
};

// A few more than shown, so leaving out blocked members rarely shortens a group.
const SPARE = 3;

type Found = { item: SearchItem; personId: string | null };

/**
 * Every group, for this searcher: the shared answers with the searcher's own card left out (the directory, searched for
 * no one, reads one more row for it) and, in service.ts below, the members they blocked.
 */
async function found(
  ctx: ServiceContext, user: CurrentUser, q: string, sources: SearchSources, run: RunShaped,
): Promise<Record<SearchKind, Found[]>> {
  const want = SEARCH_GROUP_SIZE + SPARE;
  const [therapists, posts, communities, resources] = await Promise.all([
    sources.therapists(ctx, q, want + 1, run), sources.posts(ctx, q, want, run),
    sources.communities(ctx, q, SEARCH_GROUP_SIZE, run), sources.resources(ctx, q, SEARCH_GROUP_SIZE, run),
  ]);
  return {
    therapists: therapists.filter((t) => t._id !== user.id).slice(0, want).map((t) => ({ item: therapistItem(t), personId: t._id })),
    posts: posts.slice(0, want).map((p) => ({ item: postItem(p), personId: p.author._id })),
    communities: communities.map((c) => ({ item: communityItem(c), personId: null })),
    resources: resources.map((r) => ({ item: resourceItem(r), personId: null })),
  };
}

export async function searchEverything(
  ctx: AppContext, user: CurrentUser, { q }: { q: string }, sources: SearchSources,
): Promise<SearchResponse> {
  // Whom the searcher blocked is read beside the sources (and kept a little, queries.ts), not probed after them. The
  // reads that no cache answers go as one statement (db/batch.ts): a search nobody made before is one round trip.
  const run = batchOf(ctx.db);
  const [groups, blocked] = await Promise.all([found(ctx, user, q, sources, run), blockedByViewer(ctx, user.id, run)]);
  return {
    q,
    groups: SEARCH_KINDS.map((kind) => ({
      kind, href: fullSearchHref[kind](q),
      items: groups[kind].filter((f) => !f.personId || !blocked.has(f.personId)).slice(0, SEARCH_GROUP_SIZE).map((f) => f.item),
    })),
  };
}
