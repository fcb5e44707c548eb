// The screen's first list in the query cache before the app's first render (issue #18). The boot script has already
// asked for it (first-requests.ts); putting its answer in the cache here lets the first render draw the list itself,
// instead of drawing the screen empty, painting, and drawing it again when the answer arrives a moment later.
import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '../../common/accounts.ts';
import type { CommunitiesPage, Community, Recommendation } from '../../common/communities.ts';
import { FORUM_SIDEBAR_COMMUNITIES } from '../../common/constants.ts';
import type { Conversation } from '../../common/chat.ts';
import type { PostsPage } from '../../common/posts.ts';
import type { DirectoryResponse } from '../../common/therapists.ts';
import { waitingPaths } from '../lib/prefetch.ts';

// By the path the boot script asked for (first-requests.ts, which the app may not import: the boot script would then
// wait for a shared chunk; first-data.test.ts checks the paths are the same). Each is the screen's own query for its
// plain address: the same key, so the screen finds the answer, and the same path, so api() takes the boot script's
// answer instead of asking again (first-data.test.ts checks both).
export const FIRST_DATA: Record<string, (client: QueryClient, me: Me) => Promise<void>> = {
  '/api/forumPosts/feed': async (client) => {
    const { postListQuery, DEFAULT_POST_ORDER } = await import('../features/forums/ForumsPage.tsx');
    await client.prefetchInfiniteQuery(postListQuery(DEFAULT_POST_ORDER));
  },
  '/api/users': async (client) => {
    const { directoryQuery, EMPTY_FILTERS } = await import('../features/therapists/TherapistsPage.tsx');
    await client.prefetchQuery(directoryQuery(EMPTY_FILTERS));
  },
  '/api/conversations?limit=100': async (client, me) => {
    const { conversationsQuery } = await import('../features/chat/ChatPage.tsx');
    await client.prefetchInfiniteQuery(conversationsQuery(me._id));
  },
};

/** Puts the first list the boot script asked for (if any) into `client`, from its answer. */
export async function primeFirstData(client: QueryClient, me: Me): Promise<void> {
  await Promise.all(waitingPaths().map((path) => FIRST_DATA[path]?.(client, me)));
}

/**
 * The same lists, from answers the server already has (docs/decisions/0104): its render of a member's screen puts the
 * API's answer for `path` into the cache under the screen's own key, in the shape the screen's query would have made of
 * it. No request and no query function runs (the chat list's would emit delivery receipts on a socket).
 */
export const SEED_FIRST_DATA: Record<string, (client: QueryClient, me: Me, answer: unknown) => Promise<void>> = {
  '/api/forumPosts/feed': async (client, _me, answer) => {
    const { postListQuery, DEFAULT_POST_ORDER } = await import('../features/forums/ForumsPage.tsx');
    client.setQueryData(postListQuery(DEFAULT_POST_ORDER).queryKey, { pages: [answer as PostsPage], pageParams: [undefined] });
  },
  '/api/users': async (client, _me, answer) => {
    const { directoryQuery, EMPTY_FILTERS } = await import('../features/therapists/TherapistsPage.tsx');
    client.setQueryData(directoryQuery(EMPTY_FILTERS).queryKey, answer as DirectoryResponse);
  },
  '/api/conversations?limit=100': async (client, me, answer) => {
    const { conversationsQuery, conversationPage } = await import('../features/chat/ChatPage.tsx');
    client.setQueryData(conversationsQuery(me._id).queryKey, { pages: [conversationPage(answer as Conversation[])], pageParams: [undefined] });
  },
};

/**
 * What else a drawn screen shows besides its first list, by the screen's address then the API path its own query asks
 * (the same paths, so first-data.test.ts can check them against the hooks): the forums' three side columns. Drawn
 * "Loading..." instead, they filled in after the takeover and pushed the posts 400 px down the phone's screen, under a
 * finger aimed at a title.
 */
export const SIDE_DATA: Record<string, Record<string, (client: QueryClient, me: Me, answer: unknown) => Promise<void>>> = {
  '/forums': {
    '/api/communities/joined': async (client, _me, answer) => {
      const { forumKeys } = await import('../features/forums/ForumsPage.tsx');
      client.setQueryData(forumKeys.joined, answer as Community[]);
    },
    [`/api/communities/recommendations?limit=${FORUM_SIDEBAR_COMMUNITIES}`]: async (client, _me, answer) => {
      const { forumKeys } = await import('../features/forums/ForumsPage.tsx');
      client.setQueryData(forumKeys.recommendations, answer as Recommendation[]);
    },
    [`/api/communities?page=1&limit=${FORUM_SIDEBAR_COMMUNITIES}`]: async (client, _me, answer) => {
      const { forumKeys } = await import('../features/forums/ForumsPage.tsx');
      client.setQueryData(forumKeys.communityList(1, FORUM_SIDEBAR_COMMUNITIES, ''), answer as CommunitiesPage);
    },
  },
};

/**
 * What a screen's first list does when it is loaded in the browser but not when the server drew it, done once the
 * browser has taken the page over, by the screen's address: the chat list's delivery receipts (without them the
 * sender's tick stayed "sent" until the list was next fetched).
 */
export const AFTER_TAKEOVER: Record<string, (client: QueryClient, me: Me) => Promise<void>> = {
  '/chat': async (client, me) => {
    const { acknowledgeDelivered, conversationsQuery } = await import('../features/chat/ChatPage.tsx');
    const data = client.getQueryData(conversationsQuery(me._id).queryKey);
    for (const page of data?.pages ?? []) acknowledgeDelivered(page.conversations, me._id);
  },
};
