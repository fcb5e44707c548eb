// Bookmarks: a member saves posts to read later and lists them, newest saved first.
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';
import type { ServiceContext } from '../../context.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { POSTS_PAGE_SIZE } from '../../../common/constants.ts';
import { POST_NOT_FOUND, type PostsPage } from '../../../common/posts.ts';
import { decodeTimeCursor, encodeTimeCursor } from './cursor.ts';
import { cursorTime, POST_COLUMNS, postsForViewer, postsWithDetails, type PostRow } from './posts-queries.ts';

/** Save (`on`) or unsave a post. A post removed by a moderator can no longer be saved (it is not listed either). */
export async function setBookmark(ctx: ServiceContext, user: CurrentUser, { id: postId, on }: { id: string; on: boolean }): Promise<{ bookmarked: boolean }> {
  const change = on
    ? sql`INSERT INTO post_bookmarks (user_id, post_id) VALUES (${user.id}, ${postId}) ON CONFLICT DO NOTHING`
    : sql`DELETE FROM post_bookmarks WHERE user_id = ${user.id} AND post_id = ${postId}`;
  await ctx.db.transaction(async (tx) => {
    // FOR KEY SHARE: a delete of the post waits for this insert (or this insert sees it gone), never a foreign key error.
    const exists = await queryRows(tx, sql`
      SELECT 1 FROM posts WHERE id = ${postId} ${on ? sql`AND removed_at IS NULL` : sql``} FOR KEY SHARE`);
    if (!exists.length) throw notFound(POST_NOT_FOUND);
    await tx.execute(change);
  });
  return { bookmarked: on };
}

type SavedRow = PostRow & { saved_cursor: string };

/**
 * The reader's saved posts, newest saved first, in keyset pages on (saved at, post id) along
 * post_bookmarks_user_created_idx. Only posts they can still read: a deleted post takes its bookmarks with it, and a
 * post removed by a moderator is left out.
 */
export async function listBookmarks(ctx: ServiceContext, user: CurrentUser, { before }: { before?: string }): Promise<PostsPage> {
  const cursor = decodeTimeCursor(before);
  const page = sql`SELECT ${POST_COLUMNS}, b.created_at AS saved_at FROM post_bookmarks b JOIN posts p ON p.id = b.post_id
    WHERE b.user_id = ${user.id} AND p.removed_at IS NULL
      ${cursor ? sql`AND (b.created_at, b.post_id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
    ORDER BY b.created_at DESC NULLS LAST, b.post_id DESC NULLS LAST LIMIT ${POSTS_PAGE_SIZE + 1}`;
  const rows = await queryPrepared<SavedRow>(ctx.db, postsWithDetails(page, {
    extra: sql`, ${cursorTime(sql`page.saved_at`)} AS saved_cursor`, orderBy: sql`page.saved_at DESC, page.id DESC`,
  }));
  const more = rows.length > POSTS_PAGE_SIZE;
  const shown = more ? rows.slice(0, POSTS_PAGE_SIZE) : rows;
  const last = shown[shown.length - 1];
  return {
    posts: await postsForViewer(ctx.db, shown, user.id),
    nextCursor: more && last ? encodeTimeCursor({ at: last.saved_cursor, id: last.id }) : null,
  };
}
