import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';
import type { SqlRow, SqlValue } from '../../db/rows.ts';
import type { commentLikes, communities, postBookmarks, postLikes, posts, users } from '../../db/schema.ts';
import { LIKES_LIST_CAP, type Post } from '../../../common/posts.ts';
import { encodeTimeCursor } from './cursor.ts';
import type { SharedPage } from './page-json.ts';
import { toPost } from './present.ts';

/** A timestamp as the ISO text clients get (milliseconds, UTC). */
export const isoTime = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A timestamp with PostgreSQL's full microseconds, for cursors. */
export const cursorTime = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The columns a page of posts carries before authors and communities are joined. */
export const POST_COLUMNS = sql.raw('p.id, p.title, p.content, p.author_id, p.community_id, p.likes_count, p.comments_count, p.created_at, p.edited_at');

/**
 * postsWithDetails's row: the post, its author and community (a LEFT JOIN: a post may have none); computed, the cursor's
 * time, the first likers and, in a search, the rank and highlights.
 */
export type PostRow = SqlRow<typeof posts, 'id' | 'title' | 'content' | 'likes_count' | 'comments_count' | 'created_at' | 'edited_at'> & {
  cursor_at: string;
  author_id: SqlValue<typeof users, 'id'>; author_name: SqlValue<typeof users, 'name'>; author_avatar: SqlValue<typeof users, 'avatar'>;
  community_id: SqlValue<typeof communities, 'id'> | null; community_name: SqlValue<typeof communities, 'name'> | null;
  recent_likes: string[];
  rank?: string; hl_title?: string; hl_content?: string;
};

/**
 * Posts of `page` (a subquery of POST_COLUMNS, already limited) with author, community and a capped slice of the likers,
 * so a post with many likes costs the same as one with few. Nothing here depends on who reads: every reader of a page
 * can share one read, and their own likes are added by `readerMarks`.
 */
export function postsWithDetails(page: SQL, opts: { extra?: SQL; orderBy: SQL }): SQL {
  return sql`
    SELECT page.id, page.title, page.content, page.likes_count, page.comments_count,
      ${isoTime(sql`page.created_at`)} AS created_at, ${cursorTime(sql`page.created_at`)} AS cursor_at,
      ${isoTime(sql`page.edited_at`)} AS edited_at,
      u.id AS author_id, u.name AS author_name, u.avatar AS author_avatar,
      c.id AS community_id, c.name AS community_name,
      ARRAY(SELECT l.user_id::text FROM post_likes l WHERE l.post_id = page.id LIMIT ${LIKES_LIST_CAP}) AS recent_likes
      ${opts.extra ?? sql``}
    FROM (${page}) page
    JOIN users u ON u.id = page.author_id
    LEFT JOIN communities c ON c.id = page.community_id
    ORDER BY ${opts.orderBy}`;
}

/** Which of some posts the reader likes, and which they saved. */
export type ReaderMarks = { liked: Set<string>; saved: Set<string> };

/**
 * Which of these posts the reader likes and which they saved, in one statement (one probe of each primary key per
 * post): a shared page's reader pays one round trip for their own marks, not two.
 */
export async function readerMarks(db: Db, viewerId: string, postIds: string[]): Promise<ReaderMarks> {
  const marks: ReaderMarks = { liked: new Set(), saved: new Set() };
  if (!postIds.length) return marks;
  const ids = sql`${sql.param(postIds)}::uuid[]`;
  const rows = await queryPrepared<{ id: SqlValue<typeof postLikes, 'post_id'> | SqlValue<typeof postBookmarks, 'post_id'>; saved: boolean /* which table */ }>(db, sql`
    SELECT post_id::text AS id, false AS saved FROM post_likes WHERE user_id = ${viewerId} AND post_id = ANY(${ids})
    UNION ALL
    SELECT post_id::text, true FROM post_bookmarks WHERE user_id = ${viewerId} AND post_id = ANY(${ids})`);
  for (const row of rows) (row.saved ? marks.saved : marks.liked).add(row.id);
  return marks;
}

/** Which comments of this post the reader likes: one range of comment_likes_user_post_idx, however long the thread. */
export async function likedComments(db: Db, viewerId: string, postId: string): Promise<Set<string>> {
  const rows = await queryPrepared<{ id: SqlValue<typeof commentLikes, 'comment_id'> }>(db, sql`SELECT comment_id::text AS id FROM comment_likes
    WHERE user_id = ${viewerId} AND post_id = ${postId}`);
  return new Set(rows.map((r) => r.id));
}

/** Rows shared by every reader, as each reader sees them. */
export async function postsForViewer(db: Db, rows: PostRow[], viewerId: string): Promise<Post[]> {
  const { liked, saved } = await readerMarks(db, viewerId, rows.map((r) => r.id));
  return rows.map((r) => toPost(r, viewerId, liked.has(r.id), saved.has(r.id)));
}

/** A page of posts before the reader's likes are added. */
export type SharedPostsPage = SharedPage<PostRow>;

/** Keyset pages (posts newest first, comments oldest first): fetch one row more than the page to know whether another follows. */
export async function timePage<R extends { id: string; cursor_at: string } = PostRow>(db: Db, query: SQL, pageSize: number): Promise<SharedPage<R>> {
  // Prepared: these reads run on every forum page view, and planning them cost more than running them.
  const rows = await queryPrepared<R>(db, query);
  const more = rows.length > pageSize;
  const shown = more ? rows.slice(0, pageSize) : rows;
  const last = shown[shown.length - 1];
  return { rows: shown, nextCursor: more && last ? encodeTimeCursor({ at: last.cursor_at, id: last.id }) : null };
}

/** The INSERT of a like, when `condition` holds; a comment like also records the comment's post (see likedComments). */
function insertLike(table: 'post_likes' | 'comment_likes', targetId: string, userId: string, condition: SQL = sql`true`): SQL {
  return table === 'post_likes'
    ? sql`INSERT INTO post_likes (post_id, user_id) SELECT ${targetId}::uuid, ${userId}::uuid WHERE ${condition}`
    : sql`INSERT INTO comment_likes (comment_id, user_id, post_id) SELECT c.id, ${userId}::uuid, c.post_id FROM comments c
        WHERE c.id = ${targetId} AND ${condition}`;
}

/** Sets or toggles one user's like in a likes table; returns +1, -1 or 0 for the counter. */
export async function setLike(db: Db, table: 'post_likes' | 'comment_likes', targetId: string, userId: string, liked?: boolean) {
  const t = sql.raw(table);
  const key = sql.raw(table === 'post_likes' ? 'post_id' : 'comment_id');
  if (liked === true) {
    // The primary key makes a second, simultaneous like a no-op instead of a duplicate.
    const rows = await queryRows(db, sql`${insertLike(table, targetId, userId)} ON CONFLICT DO NOTHING RETURNING 1`);
    return rows.length;
  }
  if (liked === false) {
    const rows = await queryRows(db, sql`DELETE FROM ${t} WHERE ${key} = ${targetId} AND user_id = ${userId} RETURNING 1`);
    return -rows.length;
  }
  // A toggle in one statement (no read-then-write): remove the like if there is one, otherwise add it.
  const [row] = await queryRows<{ delta: number }>(db, sql`
    WITH removed AS (DELETE FROM ${t} WHERE ${key} = ${targetId} AND user_id = ${userId} RETURNING 1),
    added AS (${insertLike(table, targetId, userId, sql`NOT EXISTS (SELECT 1 FROM removed)`)} ON CONFLICT DO NOTHING RETURNING 1)
    SELECT (SELECT count(*) FROM added)::int - (SELECT count(*) FROM removed)::int AS delta`);
  return row.delta;
}
