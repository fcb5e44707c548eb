import type { App, AppContext } from '../../context.ts';
import { adminOnly, authenticated, currentUser, verified } from '../../lib/auth.ts';
import { IdParams, MessageResponse } from '../../../common/ids.ts';
import {
  BulkDeleteBody, BulkDeleteResponse, CommentBody, CommentLikesSchema, CommentSchema, CommentsPageSchema, CommentsQuery,
  BookmarkState, BookmarksQuery, CommunityIdParams, CreatePostBody, EditPostBody, LikeBody, PostIdParams, PostSchema, PostSearchQuery, PostsPageSchema, PostsQuery,
} from '../../../common/posts.ts';
import { FollowState } from '../../../common/notifications.ts';
import { removeCommentAsAdmin, removePostAsAdmin } from './admin-removals.ts';
import { listBookmarks, setBookmark } from './bookmarks.ts';
import * as comments from './comments.ts';
import { editComment, editPost } from './edits.ts';
import { sendJson } from './page-json.ts';
import * as posts from './posts.ts';
import { reads } from '../../lib/read-routing.ts';
import { formatText, localText } from '../../lib/i18n.ts';
import { SERVER_FORUMS } from '../../lib/texts/forums.ts';

/**
 * Forum posts and their comments (spec section 7). Reading needs a session; writing needs a verified licence;
 * deleting is for the author (whatever their licence status now); editing for the author or an administrator (audited);
 * administrators remove others' posts and comments with their own, audited routes.
 * The feed, a community's posts, the searches and a post's comments are sent as JSON written once for all their readers (page-json.ts):
 * bytes with a JSON content type, which Fastify sends as they are, so their response schema documents them without
 * serialising them again (the tests check the bytes against it).
 */
export function postsRoutes(app: App, ctx: AppContext): void {

  app.get('/api/forumPosts/feed', {
    onRequest: verified, schema: { querystring: PostsQuery, response: { 200: PostsPageSchema } },
  }, async (request, reply) => sendJson(request, reply, await posts.feedJson(await reads(ctx, request), currentUser(request), request.query)));

  app.get('/api/forumPosts/search', {
    onRequest: verified, schema: { querystring: PostSearchQuery, response: { 200: PostsPageSchema } },
  }, async (request, reply) => sendJson(request, reply, await posts.searchPostsJson(await reads(ctx, request), currentUser(request), request.query)));

  app.get('/api/forumPosts/search/:communityId', {
    onRequest: verified, schema: { params: CommunityIdParams, querystring: PostSearchQuery, response: { 200: PostsPageSchema } },
  }, async (request, reply) => sendJson(request, reply,
    await posts.searchPostsJson(await reads(ctx, request), currentUser(request), { ...request.params, ...request.query })));

  app.get('/api/forumPosts/community/:communityId', {
    onRequest: verified, schema: { params: CommunityIdParams, querystring: PostsQuery, response: { 200: PostsPageSchema } },
  }, async (request, reply) => sendJson(request, reply,
    await posts.communityPostsJson(await reads(ctx, request), currentUser(request), { ...request.params, ...request.query })));

  app.get('/api/forumPosts/:id', { onRequest: verified, schema: { params: IdParams, response: { 200: PostSchema } } },
    async (request) => posts.getPost(ctx, currentUser(request), request.params));

  app.post('/api/forumPosts', { onRequest: verified, config: { idempotent: true }, schema: { body: CreatePostBody, response: { 201: PostSchema } } },
    async (request, reply) => reply.code(201).send(await posts.createPost(ctx, currentUser(request), request.body)));

  app.delete('/api/forumPosts/:id', { onRequest: authenticated, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (request) => {
      await posts.deletePost(ctx, currentUser(request), request.params);
      return { msg: 'Post deleted.' };
    });

  app.put('/api/forumPosts/:id', { onRequest: verified, schema: { params: IdParams, body: EditPostBody, response: { 200: PostSchema } } },
    async (request) => editPost(ctx, currentUser(request), { ...request.params, ...request.body }));

  app.delete('/api/admin/forumPosts/:id', { onRequest: adminOnly, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (request) => {
      await removePostAsAdmin(ctx, currentUser(request), request.params);
      return { msg: 'Post removed.' };
    });

  app.put('/api/forumPosts/:id/bookmark', { onRequest: verified, schema: { params: IdParams, response: { 200: BookmarkState } } },
    async (request) => setBookmark(ctx, currentUser(request), { ...request.params, on: true }));

  app.delete('/api/forumPosts/:id/bookmark', { onRequest: verified, schema: { params: IdParams, response: { 200: BookmarkState } } },
    async (request) => setBookmark(ctx, currentUser(request), { ...request.params, on: false }));

  app.get('/api/bookmarks', { onRequest: verified, schema: { querystring: BookmarksQuery, response: { 200: PostsPageSchema } } },
    async (request) => listBookmarks(ctx, currentUser(request), request.query));

  app.post('/api/forumPosts/:id/like', {
    onRequest: verified, schema: { params: IdParams, body: LikeBody, response: { 200: PostSchema } },
  }, async (request) => posts.likePost(ctx, currentUser(request), { ...request.params, ...request.body }));

  app.put('/api/forumPosts/:id/follow', { onRequest: verified, schema: { params: IdParams, response: { 200: FollowState } } },
    async (request) => posts.setFollow(ctx, currentUser(request), { ...request.params, on: true }));

  app.delete('/api/forumPosts/:id/follow', { onRequest: verified, schema: { params: IdParams, response: { 200: FollowState } } },
    async (request) => posts.setFollow(ctx, currentUser(request), { ...request.params, on: false }));

  app.get('/api/forumPosts/:postId/comments', {
    onRequest: verified, schema: { params: PostIdParams, querystring: CommentsQuery, response: { 200: CommentsPageSchema } },
  }, async (request, reply) => sendJson(request, reply,
    await comments.commentsJson(ctx, currentUser(request), { ...request.params, ...request.query })));

  app.post('/api/forumPosts/:postId/comments', {
    onRequest: verified, config: { idempotent: true }, schema: { params: PostIdParams, body: CommentBody, response: { 201: CommentSchema } },
  }, async (request, reply) => reply.code(201).send(
    await comments.addComment(ctx, currentUser(request), { ...request.params, ...request.body })));

  app.post('/api/forumPosts/comments/:id/reply', {
    onRequest: verified, config: { idempotent: true }, schema: { params: IdParams, body: CommentBody, response: { 201: CommentSchema } },
  }, async (request, reply) => reply.code(201).send(
    await comments.replyToComment(ctx, currentUser(request), { ...request.params, ...request.body })));

  app.post('/api/forumPosts/comments/:id/like', {
    onRequest: verified, schema: { params: IdParams, body: LikeBody, response: { 200: CommentLikesSchema } },
  }, async (request) => comments.likeComment(ctx, currentUser(request), { ...request.params, ...request.body }));

  app.delete('/api/forumPosts/comments/:id', {
    onRequest: authenticated, schema: { params: IdParams, response: { 200: MessageResponse } },
  }, async (request) => {
    await comments.deleteComment(ctx, currentUser(request), request.params);
    return { msg: 'Comment deleted.' };
  });

  app.put('/api/forumPosts/comments/:id', {
    onRequest: verified, schema: { params: IdParams, body: CommentBody, response: { 200: CommentSchema } },
  }, async (request) => editComment(ctx, currentUser(request), { ...request.params, ...request.body }));

  app.delete('/api/admin/forumPosts/comments/:id', {
    onRequest: adminOnly, schema: { params: IdParams, response: { 200: MessageResponse } },
  }, async (request) => {
    await removeCommentAsAdmin(ctx, currentUser(request), request.params);
    return { msg: 'Comment removed.' };
  });

  app.delete('/api/forumPosts/comments', {
    onRequest: adminOnly, schema: { body: BulkDeleteBody, response: { 200: BulkDeleteResponse } },
  }, async (request) => {
    const deleted = await comments.bulkDeleteComments(ctx, currentUser(request), request.body);
    return { msg: formatText(localText(SERVER_FORUMS.deletedComments, { count: deleted }), request.locale), deleted };
  });
}
