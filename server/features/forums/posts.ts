import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { ServiceContext } from '../../context.ts';
import { queryPrepared } from '../../db/prepared.ts';
import type { RunShaped } from '../../db/batch.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { notifications, posts } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { COMMUNITY_NOT_FOUND } from '../../../common/communities.ts';
import {
  JOIN_TO_POST, ONLY_AUTHOR_DELETES, POST_NOT_FOUND, TITLE_CONTENT_REQUIRED, type Post, type PostHit,
} from '../../../common/posts.ts';
import { forumRead, forumWrite } from './forum-reads.ts';
import { pageBytes, pageJsonFor, withJson, type JsonAnswer } from './page-json.ts';
import {
  POST_COLUMNS, postsForViewer, postsWithDetails, readerMarks, setLike, type PostRow, type SharedPostsPage,
} from './posts-queries.ts';
import { newestQuery, sortedPage, sortKey, type SortChoice } from './post-sorts.ts';
import { toPost } from './present.ts';
import { findPostsJson, findPostTitles } from './search.ts';
import { forumEvents } from './events.ts';
import { keepAnswerWithin } from '../../lib/idempotency.ts';
import { recordEvents } from '../../lib/outbox.ts';
import { countsChanged, type NotifyContext } from '../../lib/notify.ts';
import { withCurrentNames } from '../../lib/mention-names.ts';
import { guardForumText } from '../../lib/forum-privacy.ts';
import { postText } from '../../../common/privacy-check.ts';

/** Writes that notify: the forum's context plus what notifications need (server/lib/notify.ts). */
export type ForumWriteContext = ServiceContext & NotifyContext;

const NEWEST_FIRST = sql`page.created_at DESC, page.id DESC`;

/** The SQL of one feed page, newest first (exported for the benchmark's EXPLAIN). */
export const feedQuery = (before?: string) => newestQuery(null, before, false);

const postQuery = (postId: string) => postsWithDetails(sql`SELECT ${POST_COLUMNS} FROM posts p WHERE p.id = ${postId}`, { orderBy: NEWEST_FIRST });

// Pages are the same for every reader, so they are shared (forum-reads.ts), written as JSON once when read and weighed
// by it; each reader then adds only their own likes and bookmarks.
const readPage = async (page: Promise<SharedPostsPage>) => withJson(await page, 'posts', toPost);
const sharedFeed = (ctx: ServiceContext, before: string | undefined, choice: SortChoice) =>
  forumRead(ctx, `feed|${sortKey(choice)}|${before ?? ''}`, () => readPage(sortedPage(ctx.db, null, before, choice)), { size: pageBytes });
const sharedCommunityPosts = (ctx: ServiceContext, communityId: string, before: string | undefined, choice: SortChoice) =>
  forumRead(ctx, `community|${communityId}|${sortKey(choice)}|${before ?? ''}`, async () => {
    await assertCommunityExists(ctx.db, communityId);
    return readPage(sortedPage(ctx.db, communityId, before, choice));
  }, { size: pageBytes });
const sharedPost = (ctx: ServiceContext, postId: string) => forumRead(ctx, `post|${postId}`, () => readPostRow(ctx.db, postId));

async function readPostRow(db: Db, postId: string): Promise<PostRow> {
  const [row] = await queryPrepared<PostRow>(db, postQuery(postId));
  if (!row) throw notFound(POST_NOT_FOUND);
  return row;
}

type PageRequest = SortChoice & { before?: string };

/** The feed page in the chosen order as JSON for this reader (see page-json.ts). */
export async function feedJson(ctx: ServiceContext, user: CurrentUser, { before, ...choice }: PageRequest): Promise<JsonAnswer> {
  return postsPageJson(ctx.db, await sharedFeed(ctx, before, choice), user.id);
}

export async function communityPostsJson(
  ctx: ServiceContext, user: CurrentUser, { communityId, before, ...choice }: PageRequest & { communityId: string },
): Promise<JsonAnswer> {
  return postsPageJson(ctx.db, await sharedCommunityPosts(ctx, communityId, before, choice), user.id);
}

/** Search everywhere, or in one community (search.ts), as the JSON to send (page-json.ts). */
export async function searchPostsJson(
  ctx: ServiceContext, user: CurrentUser, { query, before, communityId }: { query: string; before?: string; communityId?: string },
): Promise<JsonAnswer> {
  return findPostsJson(ctx, user.id, query, { before, communityId });
}

/** The top bar's posts: the first `limit` of the search's first page, titles only (search.ts). */
export async function searchPostTitles(ctx: ServiceContext, query: string, limit: number, run?: RunShaped): Promise<PostHit[]> {
  return (await findPostTitles(ctx, query, limit, run)).map((r) => ({
    _id: r.id, title: r.title, author: { _id: r.author_id, name: r.author_name },
    community: r.community_id ? { _id: r.community_id, name: r.community_name ?? '' } : null,
  }));
}

async function postsPageJson(db: Db, page: SharedPostsPage, viewerId: string): Promise<JsonAnswer> {
  const { liked, saved } = await readerMarks(db, viewerId, page.rows.map((r) => r.id));
  return pageJsonFor(page, 'posts', viewerId, liked, toPost, saved);
}

/** One post as the reader sees it, with whether they follow it (the shared row plus two probes of primary keys). */
export async function getPost(ctx: ServiceContext, user: CurrentUser, { id }: { id: string }): Promise<Post> {
  const [post] = await postsForViewer(ctx.db, [await sharedPost(ctx, id)], user.id);
  const follows = await queryRows(ctx.db, sql`SELECT 1 FROM post_follows WHERE post_id = ${id} AND user_id = ${user.id}`);
  return { ...post, following: follows.length > 0 };
}

/** Follow (`on`) or unfollow a post: a new comment in it then notifies the member (or no longer does). */
export async function setFollow(ctx: ServiceContext, user: CurrentUser, { id: postId, on }: { id: string; on: boolean }): Promise<{ following: boolean }> {
  const change = on
    ? sql`INSERT INTO post_follows (post_id, user_id) SELECT id, ${user.id}::uuid FROM posts WHERE id = ${postId} ON CONFLICT DO NOTHING`
    : sql`DELETE FROM post_follows WHERE post_id = ${postId} AND user_id = ${user.id}`;
  await ctx.db.transaction(async (tx) => {
    const exists = await queryRows(tx, sql`SELECT 1 FROM posts WHERE id = ${postId}`);
    if (!exists.length) throw notFound(POST_NOT_FOUND);
    await tx.execute(change);
  });
  return { following: on };
}

export async function createPost(
  ctx: ForumWriteContext, user: CurrentUser, input: { title: string; content: string; communityId?: string | null; confirmDeidentified?: boolean },
) {
  const title = input.title.trim();
  if (!title || !input.content.trim()) throw badRequest(TITLE_CONTENT_REQUIRED);
  await guardForumText(ctx, { text: postText(input.title, input.content), subject: 'post', confirmed: input.confirmDeidentified ?? false });
  const communityId = input.communityId ?? null;
  const { answer, events } = await forumWrite(ctx, async (t) => {
    if (communityId) {
      await assertCommunityExists(t, communityId);
      const member = await queryRows(t, sql`SELECT 1 FROM community_members WHERE community_id = ${communityId} AND user_id = ${user.id}`);
      if (!member.length) throw forbidden(JOIN_TO_POST);
    }
    const content = await withCurrentNames(t, input.content);
    const [post] = await queryRows<SqlRow<typeof posts, 'id'>>(t, sql`
      INSERT INTO posts (community_id, author_id, title, content) VALUES (${communityId}, ${user.id}, ${await withCurrentNames(t, title)}, ${content})
      RETURNING id`);
    // Counters are kept in the same transaction, so lists never need to count rows.
    if (communityId) {
      await t.execute(sql`UPDATE communities SET posts_count = posts_count + 1, last_post_at = now() WHERE id = ${communityId}`);
    }
    const events = await recordEvents(ctx, t, [forumEvents.postAdded({ actorId: user.id, postId: post.id })]);
    // The post as written, read in its transaction (never a shared read) and kept as an Idempotency-Key's answer. Its
    // author follows it: the event recorded above does that.
    const [written] = await postsForViewer(t, [await readPostRow(t, post.id)], user.id);
    const answer: Post = { ...written, following: true };
    await keepAnswerWithin(t, answer);
    return { answer, events };
  });
  await events.deliver();
  return answer;
}

/**
 * The author only (the spec); administrators remove with their own, audited action (admin-removals.ts). The post's
 * comments, likes and bookmarks go with it (foreign keys cascade).
 */
export async function deletePost(ctx: ForumWriteContext, user: CurrentUser, { id: postId }: { id: string }): Promise<void> {
  const told = await forumWrite(ctx, async (t) => {
    const [post] = await queryRows<SqlRow<typeof posts, 'author_id' | 'community_id'>>(t, sql`
      SELECT author_id, community_id FROM posts WHERE id = ${postId} FOR UPDATE`);
    if (!post) throw notFound(POST_NOT_FOUND);
    if (post.author_id !== user.id) throw forbidden(ONLY_AUTHOR_DELETES);
    // The post's notifications go with it (foreign key); their members' bells are told after the commit.
    const notified = await queryRows<SqlRow<typeof notifications, 'user_id'>>(t, sql`SELECT DISTINCT user_id FROM notifications WHERE post_id = ${postId}`);
    await t.execute(sql`DELETE FROM posts WHERE id = ${postId}`);
    if (post.community_id) {
      await t.execute(sql`UPDATE communities SET posts_count = greatest(posts_count - 1, 0),
        last_post_at = (SELECT max(created_at) FROM posts WHERE community_id = ${post.community_id})
        WHERE id = ${post.community_id}`);
    }
    return notified.map((n) => n.user_id);
  });
  countsChanged(ctx, told);
}

/** Toggles (or, with `liked`, sets) the reader's like and returns the updated post. */
export async function likePost(ctx: ForumWriteContext, user: CurrentUser, { id: postId, liked }: { id: string; liked?: boolean }): Promise<Post> {
  const events = await forumWrite(ctx, async (t) => {
    const exists = await queryRows(t, sql`SELECT 1 FROM posts WHERE id = ${postId}`);
    if (!exists.length) throw notFound(POST_NOT_FOUND);
    const delta = await setLike(t, 'post_likes', postId, user.id, liked);
    if (delta !== 0) await t.execute(sql`UPDATE posts SET likes_count = greatest(likes_count + ${delta}, 0) WHERE id = ${postId}`);
    return recordEvents(ctx, t, delta > 0 ? [forumEvents.postLike({ actorId: user.id, postId })] : []);
  });
  await events.deliver();
  return getPost(ctx, user, { id: postId });
}

async function assertCommunityExists(db: Db, communityId: string): Promise<void> {
  const rows = await queryRows(db, sql`SELECT 1 FROM communities WHERE id = ${communityId}`);
  if (!rows.length) throw notFound(COMMUNITY_NOT_FOUND);
}
