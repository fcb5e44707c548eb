import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { SqlRow, SqlValue } from '../../db/rows.ts';
import type { comments, users } from '../../db/schema.ts';
import type { ServiceContext } from '../../context.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { recordAudit } from '../../lib/audit.ts';
import {
  CANNOT_REPLY_TO_DELETED, COMMENT_NOT_FOUND, COMMENT_REQUIRED, COMMENTS_MAX_PAGE_SIZE, COMMENTS_PAGE_SIZE,
  LIKES_LIST_CAP, MAX_REPLY_DEPTH, ONLY_AUTHOR_DELETES, POST_NOT_FOUND, REPLY_TOO_DEEP, type Comment,
} from '../../../common/posts.ts';
import { decodeTimeCursor, encodeTimeCursor } from './cursor.ts';
import { removeComments } from '../../db/comment-tree.ts';
import { countsChanged } from '../../lib/notify.ts';
import { withCurrentNames } from '../../lib/mention-names.ts';
import { guardForumText } from '../../lib/forum-privacy.ts';
import { forumRead, forumWrite } from './forum-reads.ts';
import { headOf, pageBytes, pageJsonFor, withJson, type JsonAnswer, type SharedPage } from './page-json.ts';
import { cursorTime, isoTime, likedComments, setLike, timePage } from './posts-queries.ts';
import { toComment } from './present.ts';
import { keepAnswerWithin } from '../../lib/idempotency.ts';
import { recordEvents } from '../../lib/outbox.ts';
import { forumEvents } from './events.ts';
import type { ForumWriteContext } from './posts.ts';

/** commentsQuery's row: the comment and its author; computed, the cursor's time, the first likers and the count of likes. */
export type CommentRow = SqlRow<typeof comments, 'id' | 'post_id' | 'parent_id' | 'content' | 'deleted' | 'created_at' | 'edited_at'> & {
  cursor_at: string;
  author_id: SqlValue<typeof users, 'id'>; author_name: SqlValue<typeof users, 'name'>; author_avatar: SqlValue<typeof users, 'avatar'>;
  recent_likes: string[]; likes_count: number;
};

// Nothing in a comment row depends on who reads it: readers of a page share one read, then add their own likes.
const commentsQuery = (where: ReturnType<typeof sql>, limit: number) => sql`
  SELECT c.id, c.post_id, c.parent_id, c.content, c.deleted,
    ${isoTime(sql`c.created_at`)} AS created_at, ${cursorTime(sql`c.created_at`)} AS cursor_at,
    ${isoTime(sql`c.edited_at`)} AS edited_at,
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
/** The largest page after one cursor, shared by every `limit`; the default-sized page cut from it is kept beside it. */
type CommentsWindow = SharedComments & { defaultPage?: SharedComments };

async function readCommentsWindow(db: Db, postId: string, after?: string): Promise<CommentsWindow> {
  await assertPostExists(db, postId);
  const page = await timePage<CommentRow>(db, commentsPageQuery(postId, { after, limit: COMMENTS_MAX_PAGE_SIZE }), COMMENTS_MAX_PAGE_SIZE);
  return withJson(page, 'comments', toComment);
}

// The key leaves `limit` out, so a crawler varying it finds the one window already read instead of adding another.
const sharedCommentsWindow = (ctx: ServiceContext, postId: string, after?: string) =>
  forumRead(ctx, `comments|${postId}|${after ?? ''}`, () => readCommentsWindow(ctx.db, postId, after), { size: pageBytes });

/** The window's first `limit` comments. Only the default size is kept; another is put together per request. */
function pageOfSize(window: CommentsWindow, limit: number): SharedComments {
  if (window.rows.length <= limit) return window;
  const last = window.rows[limit - 1];
  const cut = () => headOf(window, limit, 'comments', encodeTimeCursor({ at: last.cursor_at, id: last.id }));
  return limit === COMMENTS_PAGE_SIZE ? (window.defaultPage ??= cut()) : cut();
}

async function commentForViewer(db: Db, row: CommentRow, viewerId: string): Promise<Comment> {
  const liked = await likedComments(db, viewerId, row.post_id);
  return toComment(row, viewerId, liked.has(row.id));
}

/**
 * Flat and oldest first, served by the (post_id, created_at, id) index. A reply is always newer than its
 * parent, so each page only adds to the tree the client has already built. JSON for this reader (see page-json.ts).
 */
export async function commentsJson(
  ctx: ServiceContext, user: CurrentUser, { postId, after, limit }: { postId: string; after?: string; limit: number },
): Promise<JsonAnswer> {
  const page = pageOfSize(await sharedCommentsWindow(ctx, postId, after), limit);
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
export async function getComment(db: Db, viewerId: string, commentId: string): Promise<Comment> {
  const [row] = await queryRows<CommentRow>(db, commentsQuery(sql`c.id = ${commentId}`, 1));
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return commentForViewer(db, row, viewerId);
}

function requiredContent(content: string): string {
  if (!content.trim()) throw badRequest(COMMENT_REQUIRED);
  return content;
}

type Written = { content: string; confirmDeidentified?: boolean };

/** The content, once it is not blank and the forum privacy guard lets it through. */
async function checkedContent(ctx: ForumWriteContext, { content, confirmDeidentified = false }: Written): Promise<string> {
  const text = requiredContent(content);
  await guardForumText(ctx, { text, subject: 'comment', confirmed: confirmDeidentified });
  return text;
}

export async function addComment(ctx: ForumWriteContext, user: CurrentUser, { postId, ...written }: { postId: string } & Written): Promise<Comment> {
  const text = await checkedContent(ctx, written);
  const { answer, events } = await forumWrite(ctx, async (t) => {
    await assertPostExists(t, postId);
    const id = await insertComment(t, { postId, parentId: null, authorId: user.id, content: text });
    const events = await recordEvents(ctx, t, [forumEvents.commentAdded({ actorId: user.id, postId, commentId: id, parentId: null })]);
    return { answer: await answerWithin(t, user, id), events };
  });
  await events.deliver();
  return answer;
}

/** `id` is the comment replied to. */
export async function replyToComment(ctx: ForumWriteContext, user: CurrentUser, { id: parentId, ...written }: { id: string } & Written): Promise<Comment> {
  const text = await checkedContent(ctx, written);
  const { answer, events } = await forumWrite(ctx, async (t) => {
    const [parent] = await queryRows<SqlRow<typeof comments, 'post_id' | 'deleted'>>(t, sql`
      SELECT post_id, deleted FROM comments WHERE id = ${parentId}`);
    if (!parent) throw notFound(COMMENT_NOT_FOUND);
    if (parent.deleted) throw badRequest(CANNOT_REPLY_TO_DELETED);
    if (await depthOf(t, parentId) >= MAX_REPLY_DEPTH) throw badRequest(REPLY_TOO_DEEP);
    const id = await insertComment(t, { postId: parent.post_id, parentId, authorId: user.id, content: text });
    const added = forumEvents.commentAdded({ actorId: user.id, postId: parent.post_id, commentId: id, parentId });
    const events = await recordEvents(ctx, t, [added]);
    return { answer: await answerWithin(t, user, id), events };
  });
  await events.deliver();
  return answer;
}

/** The new comment as its author sees it, kept as the request's answer in the write's transaction (an Idempotency-Key's). */
async function answerWithin(t: Db, user: CurrentUser, commentId: string): Promise<Comment> {
  const answer = await getComment(t, user.id, commentId);
  await keepAnswerWithin(t, answer);
  return answer;
}

async function insertComment(db: Db, c: { postId: string; parentId: string | null; authorId: string; content: string }) {
  const [row] = await queryRows<SqlRow<typeof comments, 'id'>>(db, sql`
    INSERT INTO comments (post_id, parent_id, author_id, content)
    VALUES (${c.postId}, ${c.parentId}, ${c.authorId}, ${await withCurrentNames(db, c.content)})
    RETURNING id`);
  await db.execute(sql`UPDATE posts SET comments_count = comments_count + 1 WHERE id = ${c.postId}`);
  return row.id;
}

/** Toggles (or, with `liked`, sets) the reader's like; returns the likes list (the reader first, capped). */
export async function likeComment(ctx: ForumWriteContext, user: CurrentUser, { id: commentId, liked }: { id: string; liked?: boolean }): Promise<string[]> {
  const events = await forumWrite(ctx, async (t) => {
    const [comment] = await queryRows<SqlRow<typeof comments, 'deleted'>>(t, sql`SELECT deleted FROM comments WHERE id = ${commentId}`);
    if (!comment || comment.deleted) throw notFound(COMMENT_NOT_FOUND);
    const delta = await setLike(t, 'comment_likes', commentId, user.id, liked);
    return recordEvents(ctx, t, delta > 0 ? [forumEvents.commentLike({ actorId: user.id, commentId })] : []);
  });
  await events.deliver();
  return (await getComment(ctx.db, user.id, commentId)).likes;
}

export async function deleteComment(ctx: ForumWriteContext, user: CurrentUser, { id: commentId }: { id: string }): Promise<void> {
  const { notified } = await forumWrite(ctx, async (t) => {
    // FOR UPDATE waits for replies being written under this comment, so the has-replies check below sees them.
    const [comment] = await queryRows<SqlRow<typeof comments, 'author_id' | 'deleted'>>(t, sql`
      SELECT author_id, deleted FROM comments WHERE id = ${commentId} FOR UPDATE`);
    if (!comment || comment.deleted) throw notFound(COMMENT_NOT_FOUND);
    // The spec: only the author deletes; administrators remove with their own, audited action (admin-removals.ts).
    if (comment.author_id !== user.id) throw forbidden(ONLY_AUTHOR_DELETES);
    return removeComments(t, [commentId]);
  });
  countsChanged(ctx, notified);
}

/** Administrators only (checked by the route); all or nothing, and recorded in the audit log. */
export async function bulkDeleteComments(ctx: ForumWriteContext, admin: CurrentUser, { commentIds }: { commentIds: string[] }): Promise<number> {
  const ids = [...new Set(commentIds)];
  const { removed, notified } = await forumWrite(ctx, async (t) => {
    const locked = await queryRows<SqlRow<typeof comments, 'id' | 'post_id'>>(t, sql`
      SELECT id, post_id FROM comments WHERE id = ANY(${sql.param(ids)}::uuid[]) AND NOT deleted ORDER BY id FOR UPDATE`);
    if (!locked.length) throw notFound(COMMENT_NOT_FOUND);
    const { hidden: removed, notified } = await removeComments(t, locked.map((c) => c.id));
    const postIds = [...new Set(locked.map((c) => c.post_id))];
    await recordAudit(t, {
      actorId: admin.id, action: 'comments.bulk_delete', targetType: 'post', targetId: postIds.join(','),
      detail: { commentIds: locked.map((c) => c.id), count: removed },
    });
    return { removed, notified };
  });
  countsChanged(ctx, notified);
  return removed;
}

/** How many ancestors a comment has (0 for a top-level one), counting at most MAX_REPLY_DEPTH of them. */
async function depthOf(db: Db, commentId: string): Promise<number> {
  const [row] = await queryRows<{ depth: number }>(db, sql`
    WITH RECURSIVE chain AS (
      SELECT parent_id, 0 AS depth FROM comments WHERE id = ${commentId}
      UNION ALL
      SELECT c.parent_id, chain.depth + 1 FROM chain JOIN comments c ON c.id = chain.parent_id WHERE chain.depth < ${MAX_REPLY_DEPTH})
    SELECT max(depth)::int AS depth FROM chain`);
  return row?.depth ?? 0;
}
