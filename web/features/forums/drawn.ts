// /forums drawn by the server: the descriptor is common/drawn-screens.ts; this is its code (docs/decisions/0140).
import type { CommunitiesPage, Community, Recommendation } from '../../../common/communities.ts';
import { FORUM_SIDEBAR_COMMUNITIES } from '../../../common/constants.ts';
import type { PostsPage } from '../../../common/posts.ts';
import type { DrawnScreenCode } from '../../lib/drawn-screen.ts';
import { DEFAULT_POST_ORDER, keys, postListQuery } from './api.ts';

/** @public Read from the screen's module by the drawn-screen registry (web/app/first-data.ts). */
export const drawn: DrawnScreenCode<'/forums'> = {
  seed: {
    '/api/forumPosts/feed': (client, _me, answer) =>
      void client.setQueryData(postListQuery(DEFAULT_POST_ORDER).queryKey, { pages: [answer as PostsPage], pageParams: [undefined] }),
    '/api/communities/joined': (client, _me, answer) => void client.setQueryData(keys.joined, answer as Community[]),
    '/api/communities/recommendations?limit=5': (client, _me, answer) =>
      void client.setQueryData(keys.recommendations, answer as Recommendation[]),
    '/api/communities?page=1&limit=5': (client, _me, answer) =>
      void client.setQueryData(keys.communityList(1, FORUM_SIDEBAR_COMMUNITIES, ''), answer as CommunitiesPage),
  },
  prime: (client) => client.prefetchInfiniteQuery(postListQuery(DEFAULT_POST_ORDER)),
};
