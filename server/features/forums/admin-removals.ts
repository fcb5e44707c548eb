// "Remove as administrator": the spec lets only authors delete, so an administrator's removal is
// its own action, audited. A post keeps its place under the moderators' tombstone (as a report's removal leaves it, so
// its thread stays readable); a comment follows the comment tree's rule.
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { removeComments } from '../../db/comment-tree.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { comments, posts } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { REMOVED_BY_MODERATOR } from '../../../common/moderation.ts';
import { COMMENT_NOT_FOUND, POST_NOT_FOUND } from '../../../common/posts.ts';
import { countsChanged } from '../../lib/notify.ts';
import { forumWrite } from './forum-reads.ts';
import type { ForumWriteContext } from './posts.ts';

/** Administrators only (checked by the route). A post already removed answers 404, like one that never was. */
export async function removePostAsAdmin(ctx: ForumWriteContext, admin: CurrentUser, { id }: { id: string }): Promise<void> {
  await forumWrite(ctx, async (t) => {
    const [post] = await queryRows<SqlRow<typeof posts, 'author_id' | 'title'>>(t, sql`
      SELECT author_id, title FROM posts WHERE id = ${id} AND removed_at IS NULL FOR UPDATE`);
    if (!post) throw notFound(POST_NOT_FOUND);
    await t.execute(sql`UPDATE posts SET title = ${REMOVED_BY_MODERATOR}, content = ${REMOVED_BY_MODERATOR}, removed_at = now()
      WHERE id = ${id}`);
    await recordAudit(t, { actorId: admin.id, action: 'post.remove', targetType: 'post', targetId: id, detail: { title: post.title, authorId: post.author_id } });
  });
}

export async function removeCommentAsAdmin(ctx: ForumWriteContext, admin: CurrentUser, { id }: { id: string }): Promise<void> {
  const { notified } = await forumWrite(ctx, async (t) => {
    const [comment] = await queryRows<SqlRow<typeof comments, 'author_id' | 'post_id'> & SqlRow<typeof posts, 'title'>>(t, sql`
      SELECT c.author_id, c.post_id, p.title FROM comments c JOIN posts p ON p.id = c.post_id
      WHERE c.id = ${id} AND NOT c.deleted FOR UPDATE OF c`);
    if (!comment) throw notFound(COMMENT_NOT_FOUND);
    const removed = await removeComments(t, [id]);
    await recordAudit(t, {
      actorId: admin.id, action: 'comment.remove', targetType: 'comment', targetId: id,
      detail: { postId: comment.post_id, title: comment.title, authorId: comment.author_id },
    });
    return removed;
  });
  countsChanged(ctx, notified);
}
