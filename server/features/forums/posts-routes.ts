import type { App, AppContext } from '../../context.ts';
import { adminOnly, authenticated, requireAdmin, requireUser, requireVerified, verified } from '../../lib/auth.ts';
import { IdParams } from '../../../common/ids.ts';
import {
  BulkDeleteBody, CommentBody, CommentsQuery, CommunityIdParams, CreatePostBody, LikeBody, PostIdParams, PostSearchQuery, PostsQuery,
} from '../../../common/posts.ts';
import { addComment, bulkDeleteComments, commentsJson, deleteComment, likeComment, replyToComment } from './comments.ts';
import { sendJson } from './page-json.ts';
import { searchPosts } from './search.ts';
import { communityPostsJson, createPost, deletePost, feedJson, getPost, likePost } from './posts.ts';

/**
 * Forum posts and their comments (spec section 7). Reading needs a session; writing needs a verified licence;
 * deleting is for the author (whatever their licence status now) or an administrator.
 * Access is checked in preValidation, so a signed-out caller hears 401 before any complaint about the body.
 */
export function postsRoutes(app: App, ctx: AppContext): void {
  // The lists are written as JSON once for all their readers and sent as they are (page-json.ts).
  app.get('/api/forumPosts/feed', { preValidation: authenticated, schema: { querystring: PostsQuery } }, async (request, reply) => {
    const user = requireUser(request);
    return sendJson(request, reply, await feedJson(ctx, user.id, request.query.before));
  });

  app.get('/api/forumPosts/search', { preValidation: authenticated, schema: { querystring: PostSearchQuery } }, async (request) => {
    const user = requireUser(request);
    return searchPosts(ctx, user.id, request.query.query, { before: request.query.before });
  });

  app.get('/api/forumPosts/search/:communityId', { preValidation: authenticated, schema: { params: CommunityIdParams, querystring: PostSearchQuery } }, async (request) => {
    const user = requireUser(request);
    const { query, before } = request.query;
    return searchPosts(ctx, user.id, query, { before, communityId: request.params.communityId });
  });

  app.get('/api/forumPosts/community/:communityId', { preValidation: authenticated, schema: { params: CommunityIdParams, querystring: PostsQuery } }, async (request, reply) => {
    const user = requireUser(request);
    return sendJson(request, reply, await communityPostsJson(ctx, user.id, request.params.communityId, request.query.before));
  });

  app.get('/api/forumPosts/:id', { preValidation: authenticated, schema: { params: IdParams } }, async (request) => {
    const user = requireUser(request);
    return getPost(ctx, user.id, request.params.id);
  });

  app.post('/api/forumPosts', { preValidation: verified, schema: { body: CreatePostBody } }, async (request, reply) => {
    const user = requireVerified(request);
    return reply.code(201).send(await createPost(ctx, user, request.body));
  });

  app.delete('/api/forumPosts/:id', { preValidation: authenticated, schema: { params: IdParams } }, async (request) => {
    const user = requireUser(request);
    await deletePost(ctx, user, request.params.id);
    return { msg: 'Post deleted.' };
  });

  app.post('/api/forumPosts/:id/like', { preValidation: verified, schema: { params: IdParams, body: LikeBody } }, async (request) => {
    const user = requireVerified(request);
    return likePost(ctx, user, request.params.id, request.body?.liked);
  });

  app.get('/api/forumPosts/:postId/comments', { preValidation: authenticated, schema: { params: PostIdParams, querystring: CommentsQuery } }, async (request, reply) => {
    const user = requireUser(request);
    return sendJson(request, reply, await commentsJson(ctx, user.id, request.params.postId, request.query));
  });

  app.post('/api/forumPosts/:postId/comments', { preValidation: verified, schema: { params: PostIdParams, body: CommentBody } }, async (request, reply) => {
    const user = requireVerified(request);
    return reply.code(201).send(await addComment(ctx, user, request.params.postId, request.body.content));
  });

  app.post('/api/forumPosts/comments/:id/reply', { preValidation: verified, schema: { params: IdParams, body: CommentBody } }, async (request, reply) => {
    const user = requireVerified(request);
    return reply.code(201).send(await replyToComment(ctx, user, request.params.id, request.body.content));
  });

  app.post('/api/forumPosts/comments/:id/like', { preValidation: verified, schema: { params: IdParams, body: LikeBody } }, async (request) => {
    const user = requireVerified(request);
    return likeComment(ctx, user, request.params.id, request.body?.liked);
  });

  app.delete('/api/forumPosts/comments/:id', { preValidation: authenticated, schema: { params: IdParams } }, async (request) => {
    const user = requireUser(request);
    await deleteComment(ctx, user, request.params.id);
    return { msg: 'Comment deleted.' };
  });

  app.delete('/api/forumPosts/comments', { preValidation: adminOnly, schema: { body: BulkDeleteBody } }, async (request) => {
    const admin = requireAdmin(request);
    const deleted = await bulkDeleteComments(ctx, admin, request.body.commentIds);
    return { msg: `Deleted ${deleted} comments.`, deleted };
  });
}
