import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { ServiceContext } from '../../context.ts';
import { queryPrepared } from '../../db/prepared.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { isAdmin, type CurrentUser } from '../../lib/auth.ts';
import { POSTS_PAGE_SIZE } from '../../../common/constants.ts';
import { COMMUNITY_NOT_FOUND } from '../../../common/communities.ts';
import {
  JOIN_TO_POST, ONLY_AUTHOR_OR_ADMIN, POST_NOT_FOUND, TITLE_CONTENT_REQUIRED, type Post, type PostsPage,
} from '../../../common/posts.ts';
import { decodeTimeCursor } from './cursor.ts';
import { forumRead, forumWrite } from './forum-reads.ts';
import { pageBytes, pageJsonFor, withJson, type JsonAnswer } from './page-json.ts';
import {
  likedPosts, POST_COLUMNS, postsForViewer, postsWithDetails, setLike, timePage, type PostRow, type SharedPostsPage,
} from './posts-queries.ts';
import { toPost } from './present.ts';
import { findPosts } from './search.ts';
import { postCreated, postLiked } from './notify-events.ts';
import { countsChanged, type NotifyContext } from '../../lib/notify.ts';

/** Writes that notify: the forum's context plus what notifications need (server/lib/notify.ts). */
export type ForumWriteContext = ServiceContext & NotifyContext;

const NEWEST_FIRST = sql`page.created_at DESC, page.id DESC`;
// NULLS LAST spells out the order the (created_at DESC NULLS LAST, id DESC NULLS LAST) indexes are built in:
// plain DESC means NULLS FIRST, and PostgreSQL would then sort the whole table instead of reading the index.
const INDEX_ORDER = sql.raw('p.created_at DESC NULLS LAST, p.id DESC NULLS LAST');
// One row past the page tells whether another page follows.
const PAGE_PLUS_ONE = POSTS_PAGE_SIZE + 1;

/** Keyset condition for newest-first pages; row comparison lets the (created_at desc, id desc) indexes serve it. */
function olderThan(before: string | undefined) {
  const cursor = decodeTimeCursor(before);
  return cursor ? sql`AND (p.created_at, p.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``;
}

/** The SQL of one feed page (exported for the benchmark's EXPLAIN). */
export function feedQuery(before?: string) {
  const page = sql`SELECT ${POST_COLUMNS} FROM posts p WHERE true ${olderThan(before)}
    ORDER BY ${INDEX_ORDER} LIMIT ${PAGE_PLUS_ONE}`;
  return postsWithDetails(page, { orderBy: NEWEST_FIRST });
}

export function communityPostsQuery(communityId: string, before?: string) {
  const page = sql`SELECT ${POST_COLUMNS} FROM posts p WHERE p.community_id = ${communityId} ${olderThan(before)}
    ORDER BY ${INDEX_ORDER} LIMIT ${PAGE_PLUS_ONE}`;
  return postsWithDetails(page, { orderBy: NEWEST_FIRST });
}

const postQuery = (postId: string) => postsWithDetails(sql`SELECT ${POST_COLUMNS} FROM posts p WHERE p.id = ${postId}`, { orderBy: NEWEST_FIRST });

// Pages are the same for every reader, so they are shared (forum-reads.ts), written as JSON once when read and weighed
// by it; each reader then adds only their own likes.
const readPage = async (db: Db, query: SQL) => withJson(await timePage(db, query, POSTS_PAGE_SIZE), 'posts', toPost);
const sharedFeed = (ctx: ServiceContext, before?: string) =>
  forumRead(ctx, `feed|${before ?? ''}`, () => readPage(ctx.db, feedQuery(before)), { size: pageBytes });
const sharedCommunityPosts = (ctx: ServiceContext, communityId: string, before?: string) =>
  forumRead(ctx, `community|${communityId}|${before ?? ''}`, async () => {
    await assertCommunityExists(ctx.db, communityId);
    return readPage(ctx.db, communityPostsQuery(communityId, before));
  }, { size: pageBytes });
const sharedPost = (ctx: ServiceContext, postId: string) => forumRead(ctx, `post|${postId}`, () => readPostRow(ctx.db, postId));

async function readPostRow(db: Db, postId: string): Promise<PostRow> {
  const [row] = await queryPrepared<PostRow>(db, postQuery(postId));
  if (!row) throw notFound(POST_NOT_FOUND);
  return row;
}

/** The feed page as JSON for this reader (see page-json.ts). */
export async function feedJson(ctx: ServiceContext, user: CurrentUser, { before }: { before?: string }): Promise<JsonAnswer> {
  return postsPageJson(ctx.db, await sharedFeed(ctx, before), user.id);
}

export async function communityPostsJson(
  ctx: ServiceContext, user: CurrentUser, { communityId, before }: { communityId: string; before?: string },
): Promise<JsonAnswer> {
  return postsPageJson(ctx.db, await sharedCommunityPosts(ctx, communityId, before), user.id);
}

/** Search everywhere, or in one community (search.ts). */
export async function searchPosts(
  ctx: ServiceContext, user: CurrentUser, { query, before, communityId }: { query: string; before?: string; communityId?: string },
): Promise<PostsPage> {
  return findPosts(ctx, user.id, query, { before, communityId });
}

async function postsPageJson(db: Db, page: SharedPostsPage, viewerId: string): Promise<JsonAnswer> {
  const liked = await likedPosts(db, viewerId, page.rows.map((r) => r.id));
  return pageJsonFor(page, 'posts', viewerId, liked, toPost);
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
    const exists = await queryRows(tx as unknown as Db, sql`SELECT 1 FROM posts WHERE id = ${postId}`);
    if (!exists.length) throw notFound(POST_NOT_FOUND);
    await tx.execute(change);
  });
  return { following: on };
}

export async function createPost(ctx: ForumWriteContext, user: CurrentUser, input: { title: string; content: string; communityId?: string | null }) {
  const title = input.title.trim();
  if (!title || !input.content.trim()) throw badRequest(TITLE_CONTENT_REQUIRED);
  const communityId = input.communityId ?? null;
  const id = await forumWrite(ctx, async (t) => {
    if (communityId) {
      await assertCommunityExists(t, communityId);
      const member = await queryRows(t, sql`SELECT 1 FROM community_members WHERE community_id = ${communityId} AND user_id = ${user.id}`);
      if (!member.length) throw forbidden(JOIN_TO_POST);
    }
    const [post] = await queryRows<{ id: string }>(t, sql`
      INSERT INTO posts (community_id, author_id, title, content) VALUES (${communityId}, ${user.id}, ${title}, ${input.content})
      RETURNING id`);
    // Counters are kept in the same transaction, so lists never need to count rows.
    if (communityId) {
      await t.execute(sql`UPDATE communities SET posts_count = posts_count + 1, last_post_at = now() WHERE id = ${communityId}`);
    }
    return post.id;
  });
  await postCreated(ctx, user.id, id, input.content);
  // After forumWrite, no shared read from before the commit is handed out: this is the post as written.
  return getPost(ctx, user, { id });
}

/** The author or an administrator; the post's comments and likes go with it (foreign keys cascade). */
export async function deletePost(ctx: ForumWriteContext, user: CurrentUser, { id: postId }: { id: string }): Promise<void> {
  const told = await forumWrite(ctx, async (t) => {
    const [post] = await queryRows<{ author_id: string; community_id: string | null }>(t, sql`
      SELECT author_id, community_id FROM posts WHERE id = ${postId} FOR UPDATE`);
    if (!post) throw notFound(POST_NOT_FOUND);
    if (post.author_id !== user.id && !isAdmin(user)) throw forbidden(ONLY_AUTHOR_OR_ADMIN);
    // The post's notifications go with it (foreign key); their members' bells are told after the commit.
    const notified = await queryRows<{ user_id: string }>(t, sql`SELECT DISTINCT user_id FROM notifications WHERE post_id = ${postId}`);
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
  const delta = await forumWrite(ctx, async (t) => {
    const exists = await queryRows(t, sql`SELECT 1 FROM posts WHERE id = ${postId}`);
    if (!exists.length) throw notFound(POST_NOT_FOUND);
    const delta = await setLike(t, 'post_likes', postId, user.id, liked);
    if (delta !== 0) await t.execute(sql`UPDATE posts SET likes_count = greatest(likes_count + ${delta}, 0) WHERE id = ${postId}`);
    return delta;
  });
  if (delta > 0) await postLiked(ctx, user.id, postId);
  return getPost(ctx, user, { id: postId });
}

export async function assertCommunityExists(db: Db, communityId: string): Promise<void> {
  const rows = await queryRows(db, sql`SELECT 1 FROM communities WHERE id = ${communityId}`);
  if (!rows.length) throw notFound(COMMUNITY_NOT_FOUND);
}
