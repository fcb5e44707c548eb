// The top bar's search (issue #17): the top few of each feature's own search, grouped. Features may not import one
// another, so features/index.ts hands each feature's search service in as a source; their visibility rules come with
// them (the directory's listing and opt-out, which also leaves the searcher out; only published resources), and
// members the searcher blocked are left out here, as the forums collapse them.
import type { CommunitiesPage } from '../../../common/communities.ts';
import type { PostsPage } from '../../../common/posts.ts';
import type { ResourcePage } from '../../../common/resources.ts';
import { SEARCH_GROUP_SIZE, SEARCH_KINDS, type SearchItem, type SearchKind, type SearchResponse } from '../../../common/search.ts';
import type { DirectoryResponse } from '../../../common/therapists.ts';
import type { ServiceContext } from '../../context.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { communityItem, fullSearchHref, GROUP_LABELS, postItem, resourceItem, therapistItem } from './present.ts';
import { blockedAmong } from './queries.ts';

type Source<T> = (ctx: ServiceContext, user: CurrentUser, q: string, limit: number) => Promise<T>;
export type SearchSources = {
  therapists: Source<DirectoryResponse>; posts: Source<PostsPage>; communities: Source<CommunitiesPage>; resources: Source<ResourcePage>;
};

// A few more than shown, so leaving out blocked members rarely shortens a group.
const SPARE = 3;

type Found = { item: SearchItem; personId: string | null };

async function found(ctx: ServiceContext, user: CurrentUser, q: string, sources: SearchSources): Promise<Record<SearchKind, Found[]>> {
  const want = SEARCH_GROUP_SIZE + SPARE;
  const [therapists, posts, communities, resources] = await Promise.all([
    sources.therapists(ctx, user, q, want), sources.posts(ctx, user, q, want),
    sources.communities(ctx, user, q, SEARCH_GROUP_SIZE), sources.resources(ctx, user, q, SEARCH_GROUP_SIZE),
  ]);
  return {
    therapists: therapists.users.map((t) => ({ item: therapistItem(t), personId: t._id })),
    posts: posts.posts.slice(0, want).map((p) => ({ item: postItem(p), personId: p.author._id })),
    communities: communities.communities.map((c) => ({ item: communityItem(c), personId: null })),
    resources: resources.resources.map((r) => ({ item: resourceItem(r), personId: null })),
  };
}

export async function searchEverything(
  ctx: ServiceContext, user: CurrentUser, { q }: { q: string }, sources: SearchSources,
): Promise<SearchResponse> {
  const groups = await found(ctx, user, q, sources);
  const people = SEARCH_KINDS.flatMap((kind) => groups[kind].flatMap((f) => (f.personId ? [f.personId] : [])));
  const blocked = await blockedAmong(ctx.db, user.id, [...new Set(people)]);
  return {
    q,
    groups: SEARCH_KINDS.map((kind) => ({
      kind, label: GROUP_LABELS[kind], href: fullSearchHref[kind](q),
      items: groups[kind].filter((f) => !f.personId || !blocked.has(f.personId)).slice(0, SEARCH_GROUP_SIZE).map((f) => f.item),
    })),
  };
}
