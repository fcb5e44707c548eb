// The forums' side effects go through the outbox (server/lib/outbox.ts): a write records what happened in its own
// transaction (ids only, never the text), and the delivery tells the members (notify-events.ts), right after the
// commit and again later if that failed. A second delivery adds nothing: a comment's or a post's notifications are one
// per member and source, a like's one per member and liked item, and following is a unique pair.
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { comments, posts } from '../../db/schema.ts';
import type { AppContext } from '../../context.ts';
import { outboxEvent } from '../../lib/outbox.ts';
import { tellWatchers } from './live.ts';
import { commentCreated, commentEdited, commentLiked, postCreated, postEdited, postLiked } from './notify-events.ts';

const commentAdded = outboxEvent<{ actorId: string; postId: string; commentId: string; parentId: string | null }>('forums.commentCreated');
const postAdded = outboxEvent<{ actorId: string; postId: string }>('forums.postCreated');
const postLike = outboxEvent<{ actorId: string; postId: string }>('forums.postLiked');
const commentLike = outboxEvent<{ actorId: string; commentId: string }>('forums.commentLiked');
/** `mentioned`: the members the edit mentions who were not mentioned before it (ids, worked out in the edit's transaction). */
const postEdit = outboxEvent<{ actorId: string; postId: string; mentioned: string[] }>('forums.postEdited');
const commentEdit = outboxEvent<{ actorId: string; postId: string; commentId: string; mentioned: string[] }>('forums.commentEdited');

/** The events a forum write records, by what happened. */
export const forumEvents = {
  commentAdded: commentAdded.of, postAdded: postAdded.of, postLike: postLike.of, commentLike: commentLike.of,
  postEdit: postEdit.of, commentEdit: commentEdit.of,
};

export function registerForumEvents(ctx: AppContext): void {
  commentAdded.handle(ctx, async (c) => {
    // Deleted before its delivery: nobody is told of it.
    const [row] = await queryRows<SqlRow<typeof comments, 'content'>>(ctx.db, sql`SELECT content FROM comments WHERE id = ${c.commentId} AND NOT deleted`);
    if (!row) return;
    const tell = await ctx.db.transaction((tx) => commentCreated(ctx, tx, { ...c, content: row.content }));
    tell();
    tellWatchers(ctx, { postId: c.postId, commentId: c.commentId });
  });
  postAdded.handle(ctx, async ({ actorId, postId }) => {
    const [row] = await queryRows<SqlRow<typeof posts, 'content'>>(ctx.db, sql`SELECT content FROM posts WHERE id = ${postId}`);
    if (row) await postCreated(ctx, actorId, postId, row.content);
  });
  postLike.handle(ctx, ({ actorId, postId }) => postLiked(ctx, actorId, postId));
  commentLike.handle(ctx, ({ actorId, commentId }) => commentLiked(ctx, actorId, commentId));
  // A mention is one notification per member and source, so a second delivery of an edit tells nobody twice.
  postEdit.handle(ctx, (e) => postEdited(ctx, e));
  commentEdit.handle(ctx, (e) => commentEdited(ctx, e));
}
