// Fetchers, query keys and hooks of the forums: communities, posts and comments.
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { CommunitiesPage, Community, CreateCommunityInput, Recommendation } from '../../../common/communities.ts';
import { FORUM_SIDEBAR_COMMUNITIES } from '../../../common/constants.ts';
import type { Comment, CommentsPage, CreatePostInput, EditPostInput, Post, PostSort, PostsPage, TopPeriod } from '../../../common/posts.ts';
import type { FollowState, MentionSuggestions } from '../../../common/notifications.ts';
import { api, query } from '../../lib/api.ts';

// The composers show at most this many members to mention.
const MENTION_SUGGESTIONS = 6;

// 'communities' is shared with the dashboard's joined list, so joining refreshes it too.
export const keys = {
  communities: ['communities'] as const,
  communityList: (page: number, limit: number, q: string) => ['communities', 'list', page, limit, q] as const,
  community: (id: string) => ['communities', 'one', id] as const,
  joined: ['communities', 'joined'] as const,
  recommendations: ['communities', 'recommendations'] as const,
  posts: ['forumPosts'] as const,
  postList: (scope: PostScope) => ['forumPosts', 'list', scope] as const,
  post: (id: string) => ['forumPosts', 'one', id] as const,
  comments: (postId: string) => ['forumPosts', 'comments', postId] as const,
  // Under 'forumPosts', 'list' so that storePost updates a saved post there too.
  bookmarks: ['forumPosts', 'list', 'bookmarks'] as const,
};

/**
 * Which posts a list shows: every post, one community's, or the results of a search (in one community or all);
 * `sort` and `period` order the first two (a search is ranked by relevance).
 */
export type PostScope = { communityId?: string; search?: string; sort?: PostSort; period?: TopPeriod };

/** A list's order when the address names none: the newest first ("Latest"), and a week for "Top". */
export const DEFAULT_POST_ORDER: { sort: PostSort; period: TopPeriod } = { sort: 'latest', period: 'week' };

// ---- communities ----

export function useCommunities(page: number, limit: number, q = '') {
  return useQuery({
    queryKey: keys.communityList(page, limit, q),
    queryFn: () => api<CommunitiesPage>(q
      ? `/api/communities/search${query({ query: q, page, limit })}`
      : `/api/communities${query({ page, limit })}`),
    placeholderData: (previous) => previous,
  });
}

/** `enabled` false for an address whose id cannot exist, so the page says "not found" without asking. */
export const useCommunity = (id: string, enabled = true) =>
  useQuery({ queryKey: keys.community(id), queryFn: () => api<Community>(`/api/communities/${id}`), enabled });

export const useJoinedCommunities = () =>
  useQuery({ queryKey: keys.joined, queryFn: () => api<Community[]>('/api/communities/joined') });

export const useRecommendations = () => useQuery({
  queryKey: keys.recommendations,
  queryFn: () => api<Recommendation[]>(`/api/communities/recommendations?limit=${FORUM_SIDEBAR_COMMUNITIES}`),
});

export function useMembership() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, join }: { id: string; join: boolean }) =>
      api<Community>(`/api/communities/${id}/${join ? 'join' : 'unjoin'}`, { method: join ? 'POST' : 'DELETE' }),
    onSuccess: (community) => {
      client.setQueryData(keys.community(community._id), community);
      void client.invalidateQueries({ queryKey: keys.communities });
    },
  });
}

export function useCreateCommunity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCommunityInput) => api<Community>('/api/communities', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.communities }),
  });
}

export function useDeleteCommunity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ msg: string }>(`/api/communities/${id}`, { method: 'DELETE' }),
    onSuccess: () => Promise.all([
      client.invalidateQueries({ queryKey: keys.communities }),
      client.invalidateQueries({ queryKey: keys.posts }),
    ]),
  });
}

// ---- posts ----

export function postListUrl(scope: PostScope, before?: string): string {
  const search = scope.search?.trim();
  if (search) {
    const base = scope.communityId ? `/api/forumPosts/search/${scope.communityId}` : '/api/forumPosts/search';
    return `${base}${query({ query: search, before })}`;
  }
  const base = scope.communityId ? `/api/forumPosts/community/${scope.communityId}` : '/api/forumPosts/feed';
  const sort = scope.sort && scope.sort !== 'latest' ? scope.sort : undefined;
  return `${base}${query({ sort, period: sort === 'top' ? scope.period : undefined, before })}`;
}

/** Pages of 20 posts, each page asking for the posts before the previous page's cursor. */
export const postListQuery = (scope: PostScope) => infiniteQueryOptions({
  queryKey: keys.postList(scope),
  queryFn: ({ pageParam, signal }) => api<PostsPage>(postListUrl(scope, pageParam), { signal }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export const usePostList = (scope: PostScope) => useInfiniteQuery(postListQuery(scope));

export const usePost = (id: string, enabled = true) =>
  useQuery({ queryKey: keys.post(id), queryFn: () => api<Post>(`/api/forumPosts/${id}`), retry: false, enabled });

export function useCreatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePostInput) => api<Post>('/api/forumPosts', { method: 'POST', body, idempotent: true }),
    onSuccess: () => Promise.all([
      client.invalidateQueries({ queryKey: keys.posts }),
      client.invalidateQueries({ queryKey: keys.communities }),
    ]),
  });
}

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ msg: string }>(`/api/forumPosts/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: keys.post(id) });
      void client.invalidateQueries({ queryKey: keys.posts });
      void client.invalidateQueries({ queryKey: keys.communities });
    },
  });
}

export function useEditPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: EditPostInput & { id: string }) => api<Post>(`/api/forumPosts/${id}`, { method: 'PUT', body }),
    onSuccess: (post) => storePost(client, post),
  });
}

/** "Remove as administrator": its own audited route; the post stays, under the removal note. */
export function useAdminRemovePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ msg: string }>(`/api/admin/forumPosts/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => Promise.all([
      client.invalidateQueries({ queryKey: keys.post(id) }),
      client.invalidateQueries({ queryKey: ['forumPosts', 'list'] }),
    ]),
  });
}

/** Save or unsave a post; every copy of it says so at once, and the bookmarks list reloads. */
export function useBookmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ post, bookmarked }: { post: Post; bookmarked: boolean }) =>
      api<{ bookmarked: boolean }>(`/api/forumPosts/${post._id}/bookmark`, { method: bookmarked ? 'PUT' : 'DELETE' }),
    onSuccess: ({ bookmarked }, { post }) => {
      storePost(client, { ...post, bookmarked });
      void client.invalidateQueries({ queryKey: keys.bookmarks });
    },
    onError: (error) => console.error('Failed to change bookmark', error),
  });
}

export function useBookmarks() {
  return useInfiniteQuery({
    queryKey: keys.bookmarks,
    queryFn: ({ pageParam, signal }) => api<PostsPage>(`/api/bookmarks${query({ before: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Replaces one post wherever it is cached: its own page and every list that shows it. */
function storePost(client: QueryClient, post: Post) {
  // Only the post's own read says whether the reader follows it (a like's answer does not): that is kept.
  client.setQueryData<Post>(keys.post(post._id), (old) => ({ ...post, following: post.following ?? old?.following }));
  client.setQueriesData<InfiniteData<PostsPage>>({ queryKey: ['forumPosts', 'list'] }, (data) => data && {
    ...data,
    // Search results keep their highlight; everything else comes from the server's fresh copy.
    pages: data.pages.map((page) => ({
      ...page,
      posts: page.posts.map((p) => (p._id === post._id ? { ...post, highlight: p.highlight } : p)),
    })),
  });
}

export function useLikePost() {
  const client = useQueryClient();
  return useMutation({
    // The wanted state is sent, so a double click cannot undo itself.
    mutationFn: ({ id, liked }: { id: string; liked: boolean }) => api<Post>(`/api/forumPosts/${id}/like`, { method: 'POST', body: { liked } }),
    onSuccess: (post) => storePost(client, post),
    onError: (error) => console.error('Failed to like post', error),
  });
}

// ---- comments ----

export function useComments(postId: string) {
  return useInfiniteQuery({
    queryKey: keys.comments(postId),
    queryFn: ({ pageParam, signal }) => api<CommentsPage>(`/api/forumPosts/${postId}/comments${query({ after: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The spec: after a comment, reply or delete the comments reload; the post's count changes with them. */
function refreshThread(client: QueryClient, postId: string) {
  void client.invalidateQueries({ queryKey: keys.comments(postId) });
  void client.invalidateQueries({ queryKey: keys.post(postId) });
  void client.invalidateQueries({ queryKey: ['forumPosts', 'list'] });
}

/** A comment's words, and whether the writer confirmed nothing in them identifies a client. */
type Written = { content: string; confirmDeidentified?: boolean };

export function useCommentActions(postId: string) {
  const client = useQueryClient();
  const refresh = () => refreshThread(client, postId);
  const logged = (what: string) => (error: unknown) => console.error(what, error);
  return {
    add: useMutation({
      mutationFn: (body: Written) => api<Comment>(`/api/forumPosts/${postId}/comments`, { method: 'POST', body, idempotent: true }),
      onSuccess: refresh,
    }),
    reply: useMutation({
      mutationFn: ({ parentId, ...body }: { parentId: string } & Written) =>
        api<Comment>(`/api/forumPosts/comments/${parentId}/reply`, { method: 'POST', body, idempotent: true }),
      onSuccess: refresh,
      onError: logged('Failed to reply'),
    }),
    like: useMutation({
      mutationFn: ({ id, liked }: { id: string; liked: boolean }) =>
        api<string[]>(`/api/forumPosts/comments/${id}/like`, { method: 'POST', body: { liked } }),
      onSuccess: () => client.invalidateQueries({ queryKey: keys.comments(postId) }),
      onError: logged('Failed to like comment'),
    }),
    remove: useMutation({
      mutationFn: (id: string) => api<{ msg: string }>(`/api/forumPosts/comments/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
      onError: logged('Failed to delete comment'),
    }),
    edit: useMutation({
      mutationFn: ({ id, ...body }: { id: string } & Written) =>
        api<Comment>(`/api/forumPosts/comments/${id}`, { method: 'PUT', body }),
      onSuccess: () => client.invalidateQueries({ queryKey: keys.comments(postId) }),
    }),
    adminRemove: useMutation({
      mutationFn: (id: string) => api<{ msg: string }>(`/api/admin/forumPosts/comments/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
      onError: logged('Failed to remove comment'),
    }),
    removeMany: useMutation({
      mutationFn: (commentIds: string[]) => api<{ msg: string }>('/api/forumPosts/comments', { method: 'DELETE', body: { commentIds } }),
      onSuccess: refresh,
      onError: logged('Failed to delete comments'),
    }),
  };
}

// ---- mentions ----

/** Verified members whose name starts with what was typed after "@" (the composers' suggestions). */
export function useMentionSuggestions(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['mentions', q] as const,
    queryFn: ({ signal }) => api<MentionSuggestions>(`/api/users/mentions${query({ q, limit: MENTION_SUGGESTIONS })}`, { signal }),
    enabled,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}

// ---- following a post ----

export function useFollowPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, following }: { postId: string; following: boolean }) =>
      api<FollowState>(`/api/forumPosts/${postId}/follow`, { method: following ? 'PUT' : 'DELETE' }),
    onSuccess: ({ following }, { postId }) =>
      client.setQueryData<Post>(keys.post(postId), (post) => (post ? { ...post, following } : post)),
    onError: (error) => console.error('Failed to change following', error),
  });
}
