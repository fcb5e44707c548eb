import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { isAdmin, type CurrentUser } from '../../lib/auth.ts';
import { recordAudit } from '../../lib/audit.ts';
import {
  CANNOT_REPLY_TO_DELETED, COMMENT_NOT_FOUND, COMMENT_REQUIRED, LIKES_LIST_CAP, ONLY_AUTHOR_OR_ADMIN, POST_NOT_FOUND, type Comment,
} from '../../../common/posts.ts';
import { decodeTimeCursor } from './cursor.ts';
import { forumReads, forumWrite } from './forum-reads.ts';
import { pageJsonFor, type JsonAnswer, type SharedPage } from './page-json.ts';
import { cursorTime, isoTime, likedComments, setLike, timePage } from './posts-queries.ts';
import { toComment } from './present.ts';

export type CommentRow = {
  id: string; post_id: string; parent_id: string | null; content: string; deleted: boolean;
  created_at: string; cursor_at: string; author_id: string; author_name: string; author_avatar: string | null;
  recent_likes: string[]; likes_count: number;
};

// Nothing in a comment row depends on who reads it: readers of a page share one read, then add their own likes.
const commentsQuery = (where: ReturnType<typeof sql>, limit: number) => sql`
  SELECT c.id, c.post_id, c.parent_id, c.content, c.deleted,
    ${isoTime(sql`c.created_at`)} AS created_at, ${cursorTime(sql`c.created_at`)} AS cursor_at,
    u.id AS author_id, u.name AS author_name, u.avatar AS author_avatar,
    ARRAY(SELECT l.user_id::text FROM comment_likes l WHERE l.comment_id = c.id LIMIT ${LIKES_LIST_CAP}) AS recent_likes,
    (SELECT count(*)::int FROM comment_likes l WHERE l.comment_id = c.id) AS likes_count
  FROM comments c
  -- LIMIT 1 keeps this a lookup by primary key per comment: as a plain join the planner hashes the whole users table.
  JOIN LATERAL (SELECT u.id, u.name, u.avatar FROM users u WHERE u.id = c.author_id LIMIT 1) u ON true
  WHERE ${where}
  ORDER BY c.created_at, c.id
  LIMIT ${limit}`;

async function assertPostExists(db: Db, postId: string): Promise<void> {
  const rows = await queryRows(db, sql`SELECT 1 FROM posts WHERE id = ${postId}`);
  if (!rows.length) throw notFound(POST_NOT_FOUND);
}

type SharedComments = SharedPage<CommentRow>;
type PageKey = { postId: string; after?: string; limit: number };

async function readCommentsPage(db: Db, key: PageKey): Promise<SharedComments> {
  await assertPostExists(db, key.postId);
  return timePage<CommentRow>(db, commentsPageQuery(key.postId, key), key.limit);
}

const sharedCommentsPage = (db: Db, k: PageKey) =>
  forumReads.read(db, `comments|${k.postId}|${k.after ?? ''}|${k.limit}`, () => readCommentsPage(db, k));

async function commentForViewer(db: Db, row: CommentRow, viewerId: string): Promise<Comment> {
  const liked = await likedComments(db, viewerId, row.post_id);
  return toComment(row, viewerId, liked.has(row.id));
}

/**
 * Flat and oldest first, served by the (post_id, created_at, id) index. A reply is always newer than its
 * parent, so each page only adds to the tree the client has already built. JSON for this reader (see page-json.ts).
 */
export async function commentsJson(
  ctx: AppContext, user: CurrentUser, { postId, after, limit }: { postId: string; after?: string; limit: number },
): Promise<JsonAnswer> {
  const page = await sharedCommentsPage(ctx.db, { postId, after, limit });
  const liked = await likedComments(ctx.db, user.id, postId);
  return pageJsonFor(page, 'comments', user.id, liked, toComment);
}

/** The SQL of one page of a post's comments (exported for the benchmark's EXPLAIN). */
export function commentsPageQuery(postId: string, opts: { after?: string; limit: number }) {
  const cursor = decodeTimeCursor(opts.after, 'after');
  const where = cursor
    ? sql`c.post_id = ${postId} AND (c.created_at, c.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql`c.post_id = ${postId}`;
  return commentsQuery(where, opts.limit + 1);
}

/** One comment as it is after the caller's own write (a fresh read, never a shared one). */
async function getComment(db: Db, viewerId: string, commentId: string): Promise<Comment> {
  const [row] = await queryRows<CommentRow>(db, commentsQuery(sql`c.id = ${commentId}`, 1));
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return commentForViewer(db, row, viewerId);
}

function requiredContent(content: string): string {
  if (!content.trim()) throw badRequest(COMMENT_REQUIRED);
  return content;
}

export async function addComment(ctx: AppContext, user: CurrentUser, { postId, content }: { postId: string; content: string }): Promise<Comment> {
  const { db } = ctx;
  const text = requiredContent(content);
  const id = await forumWrite(db, async (t) => {
    await assertPostExists(t, postId);
    return insertComment(t, { postId, parentId: null, authorId: user.id, content: text });
  });
  return getComment(db, user.id, id);
}

/** `id` is the comment replied to. */
export async function replyToComment(ctx: AppContext, user: CurrentUser, { id: parentId, content }: { id: string; content: string }): Promise<Comment> {
  const { db } = ctx;
  const text = requiredContent(content);
  const id = await forumWrite(db, async (t) => {
    const [parent] = await queryRows<{ post_id: string; deleted: boolean }>(t, sql`
      SELECT post_id, deleted FROM comments WHERE id = ${parentId}`);
    if (!parent) throw notFound(COMMENT_NOT_FOUND);
    if (parent.deleted) throw badRequest(CANNOT_REPLY_TO_DELETED);
    return insertComment(t, { postId: parent.post_id, parentId, authorId: user.id, content: text });
  });
  return getComment(db, user.id, id);
}

async function insertComment(db: Db, c: { postId: string; parentId: string | null; authorId: string; content: string }) {
  const [row] = await queryRows<{ id: string }>(db, sql`
    INSERT INTO comments (post_id, parent_id, author_id, content) VALUES (${c.postId}, ${c.parentId}, ${c.authorId}, ${c.content})
    RETURNING id`);
  await db.execute(sql`UPDATE posts SET comments_count = comments_count + 1 WHERE id = ${c.postId}`);
  return row.id;
}

/** Toggles (or, with `liked`, sets) the reader's like; returns the likes list (the reader first, capped). */
export async function likeComment(ctx: AppContext, user: CurrentUser, { id: commentId, liked }: { id: string; liked?: boolean }): Promise<string[]> {
  const { db } = ctx;
  await forumWrite(db, async (t) => {
    const [comment] = await queryRows<{ deleted: boolean }>(t, sql`SELECT deleted FROM comments WHERE id = ${commentId}`);
    if (!comment || comment.deleted) throw notFound(COMMENT_NOT_FOUND);
    await setLike(t, 'comment_likes', commentId, user.id, liked);
  });
  return (await getComment(db, user.id, commentId)).likes;
}

export async function deleteComment(ctx: AppContext, user: CurrentUser, { id: commentId }: { id: string }): Promise<void> {
  await forumWrite(ctx.db, async (t) => {
    // FOR UPDATE waits for replies being written under this comment, so the has-replies check below sees them.
    const [comment] = await queryRows<{ author_id: string; deleted: boolean }>(t, sql`
      SELECT author_id, deleted FROM comments WHERE id = ${commentId} FOR UPDATE`);
    if (!comment || comment.deleted) throw notFound(COMMENT_NOT_FOUND);
    if (comment.author_id !== user.id && !isAdmin(user)) throw forbidden(ONLY_AUTHOR_OR_ADMIN);
    await removeComments(t, [commentId]);
  });
}

/** Administrators only (checked by the route); all or nothing, and recorded in the audit log. */
export async function bulkDeleteComments(ctx: AppContext, admin: CurrentUser, { commentIds }: { commentIds: string[] }): Promise<number> {
  const ids = [...new Set(commentIds)];
  const removed = await forumWrite(ctx.db, async (t) => {
    const locked = await queryRows<{ id: string; post_id: string }>(t, sql`
      SELECT id, post_id FROM comments WHERE id = ANY(${sql.param(ids)}::uuid[]) AND NOT deleted ORDER BY id FOR UPDATE`);
    if (!locked.length) throw notFound(COMMENT_NOT_FOUND);
    const removed = await removeComments(t, locked.map((c) => c.id));
    const postIds = [...new Set(locked.map((c) => c.post_id))];
    await recordAudit(t, {
      actorId: admin.id, action: 'comments.bulk_delete', targetType: 'post', targetId: postIds.join(','),
      detail: { commentIds: locked.map((c) => c.id), count: removed },
    });
    return removed;
  });
  return removed;
}

/**
 * The tree rule: every listed comment is marked deleted (its text wiped), then deleted comments without
 * replies are removed, level by level, so a '[deleted]' parent whose last reply went disappears too.
 * Returns how many comments stopped being visible.
 */
async function removeComments(db: Db, ids: string[]): Promise<number> {
  const marked = await queryRows<{ post_id: string; n: number }>(db, sql`
    WITH marked AS (
      UPDATE comments SET deleted = true, content = '' WHERE id = ANY(${sql.param(ids)}::uuid[]) AND NOT deleted RETURNING post_id)
    SELECT post_id, count(*)::int AS n FROM marked GROUP BY post_id`);
  for (const { post_id, n } of marked) {
    await db.execute(sql`UPDATE posts SET comments_count = greatest(comments_count - ${n}, 0) WHERE id = ${post_id}`);
  }
  const postIds = marked.map((m) => m.post_id);
  for (;;) {
    const pruned = await queryRows(db, sql`
      DELETE FROM comments c WHERE c.post_id = ANY(${sql.param(postIds)}::uuid[]) AND c.deleted
        AND NOT EXISTS (SELECT 1 FROM comments r WHERE r.parent_id = c.id)
      RETURNING c.id`);
    if (!pruned.length) break;
  }
  return marked.reduce((sum, m) => sum + m.n, 0);
}
