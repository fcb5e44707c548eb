// What the forums tell the notifications (server/lib/notify.ts) after each write: replies, mentions, followers,
// likes. The author of the action is never told; a reply that also mentions someone is one item for them.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { SqlRow, SqlValue } from '../../db/rows.ts';
import type { comments, communities, posts } from '../../db/schema.ts';
import { notify, notifyFollowersLater, notifyGrouped, notifyWithin, type NewNotification, type NotifyContext } from '../../lib/notify.ts';
import { mentionedIds } from '../../../common/mentions.ts';

type PostFacts = SqlRow<typeof posts, 'id' | 'title' | 'author_id'> & { community_name: SqlValue<typeof communities, 'name'> | null };

const FORUMS = 'the forums';
const postUrl = (postId: string) => `/post/${postId}`;

async function postFacts(db: Db, postId: string): Promise<PostFacts | undefined> {
  const [row] = await queryRows<PostFacts>(db, sql`
    SELECT p.id, p.title, p.author_id, c.name AS community_name FROM posts p LEFT JOIN communities c ON c.id = p.community_id
    WHERE p.id = ${postId}`);
  return row;
}

/** A new post: the author follows it; the members it mentions are told. */
export async function postCreated(ctx: NotifyContext, actorId: string, postId: string, content: string): Promise<void> {
  await ctx.db.execute(sql`INSERT INTO post_follows (post_id, user_id) VALUES (${postId}, ${actorId}) ON CONFLICT DO NOTHING`);
  const mentioned = mentionedIds(content);
  if (mentioned.length === 0) return;
  const post = await postFacts(ctx.db, postId);
  if (!post) return;
  await notify(ctx, [{
    type: 'mention', recipientIds: mentioned, actorId, postId, sourceId: postId,
    target: { kind: 'post', id: postId, title: post.title, url: postUrl(postId) }, place: post.community_name ?? FORUMS,
  }]);
}

/**
 * A new comment (or reply), inside its transaction: the parent comment's author, the post's author, the mentioned
 * members, then (after the response, by a job written in the same commit) the post's followers; each member once, by
 * the first that applies. Answers what to do after the commit: tell the devices and start the followers' job.
 */
export async function commentCreated(
  ctx: NotifyContext, tx: Db, c: { actorId: string; postId: string; commentId: string; parentId: string | null; content: string },
): Promise<() => void> {
  const post = await postFacts(tx, c.postId);
  if (!post) return () => {};
  const base = {
    actorId: c.actorId, postId: c.postId, sourceId: c.commentId, place: post.community_name ?? FORUMS,
    target: { kind: 'comment' as const, id: c.commentId, title: post.title, url: `${postUrl(c.postId)}#comment-${c.commentId}` },
  };
  const items: NewNotification[] = [];
  if (c.parentId) {
    const [parent] = await queryRows<SqlRow<typeof comments, 'author_id'>>(tx, sql`SELECT author_id FROM comments WHERE id = ${c.parentId}`);
    if (parent) items.push({ ...base, type: 'commentReply', recipientIds: [parent.author_id] });
  }
  items.push({ ...base, type: 'postReply', recipientIds: [post.author_id] });
  items.push({ ...base, type: 'mention', recipientIds: mentionedIds(c.content) });
  const tell = await notifyWithin(ctx, tx, items);
  await notifyFollowersLater(ctx, base, tx);
  return () => {
    tell();
    ctx.jobs.kick();
  };
}

/** A new like on a post: its author's one "liked your post" item for it is created or regrouped. */
export async function postLiked(ctx: NotifyContext, actorId: string, postId: string): Promise<void> {
  const [row] = await queryRows<PostFacts & { likers: number }>(ctx.db, sql`
    SELECT p.id, p.title, p.author_id, c.name AS community_name,
      (SELECT count(*)::int FROM post_likes l WHERE l.post_id = p.id AND l.user_id <> p.author_id) AS likers
    FROM posts p LEFT JOIN communities c ON c.id = p.community_id WHERE p.id = ${postId}`);
  if (!row) return;
  await notifyGrouped(ctx, {
    type: 'postLike', recipientIds: [row.author_id], actorId, postId, groupKey: `postLike:${postId}`, count: row.likers,
    target: { kind: 'post', id: postId, title: row.title, url: postUrl(postId) }, place: row.community_name ?? FORUMS,
  });
}

/** A new like on a comment: the comment's author's one item for it; removing the comment withdraws it. */
export async function commentLiked(ctx: NotifyContext, actorId: string, commentId: string): Promise<void> {
  const [row] = await queryRows<SqlRow<typeof comments, 'author_id' | 'post_id'> & SqlRow<typeof posts, 'title'>
    & { community_name: SqlValue<typeof communities, 'name'> | null; likers: number /* count(*) */ }>(ctx.db, sql`
    SELECT cm.author_id, cm.post_id, p.title, c.name AS community_name,
      (SELECT count(*)::int FROM comment_likes l WHERE l.comment_id = cm.id AND l.user_id <> cm.author_id) AS likers
    FROM comments cm JOIN posts p ON p.id = cm.post_id LEFT JOIN communities c ON c.id = p.community_id
    WHERE cm.id = ${commentId} AND NOT cm.deleted`);
  if (!row) return;
  await notifyGrouped(ctx, {
    type: 'commentLike', recipientIds: [row.author_id], actorId, postId: row.post_id, sourceId: commentId,
    groupKey: `commentLike:${commentId}`, count: row.likers, place: row.community_name ?? FORUMS,
    target: { kind: 'comment', id: commentId, title: row.title, url: `${postUrl(row.post_id)}#comment-${commentId}` },
  });
}

/** The members an edit mentions who were not mentioned before it: only they are told. */
export const newlyMentioned = (before: string, after: string) => {
  const old = new Set(mentionedIds(before));
  return mentionedIds(after).filter((id) => !old.has(id));
};

/** An edited post: the members it newly mentions are told, as for a new post. */
export async function postEdited(ctx: NotifyContext, e: { actorId: string; postId: string; mentioned: string[] }): Promise<void> {
  if (e.mentioned.length === 0) return;
  const post = await postFacts(ctx.db, e.postId);
  if (!post) return;
  await notify(ctx, [{
    type: 'mention', recipientIds: e.mentioned, actorId: e.actorId, postId: e.postId, sourceId: e.postId,
    target: { kind: 'post', id: e.postId, title: post.title, url: postUrl(e.postId) }, place: post.community_name ?? FORUMS,
  }]);
}

/** An edited comment: the members it newly mentions are told; nobody else is told again. */
export async function commentEdited(
  ctx: NotifyContext, e: { actorId: string; postId: string; commentId: string; mentioned: string[] },
): Promise<void> {
  if (e.mentioned.length === 0) return;
  const post = await postFacts(ctx.db, e.postId);
  if (!post) return;
  await notify(ctx, [{
    type: 'mention', recipientIds: e.mentioned, actorId: e.actorId, postId: e.postId, sourceId: e.commentId, place: post.community_name ?? FORUMS,
    target: { kind: 'comment', id: e.commentId, title: post.title, url: `${postUrl(e.postId)}#comment-${e.commentId}` },
  }]);
}
