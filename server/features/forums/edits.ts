// Editing a post or a comment: the author, or an administrator (audited). Same limits as writing it; the
// members an edit newly mentions are told, the ones mentioned before are not told again.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { comments, posts } from '../../db/schema.ts';
import { isAdmin, type CurrentUser } from '../../lib/auth.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { withCurrentNames } from '../../lib/mention-names.ts';
import { guardForumText } from '../../lib/forum-privacy.ts';
import { postText } from '../../../common/privacy-check.ts';
import {
  COMMENT_NOT_FOUND, COMMENT_REQUIRED, ONLY_AUTHOR_OR_ADMIN_EDITS, POST_NOT_FOUND, REMOVED_POST_NOT_EDITABLE, TITLE_CONTENT_REQUIRED,
  type Comment, type Post,
} from '../../../common/posts.ts';
import { getComment } from './comments.ts';
import { forumWrite } from './forum-reads.ts';
import { recordEvents } from '../../lib/outbox.ts';
import { forumEvents } from './events.ts';
import { newlyMentioned } from './notify-events.ts';
import { getPost, type ForumWriteContext } from './posts.ts';

/** The author and text of a post or a comment, read before an edit. */
type Before = SqlRow<typeof posts, 'author_id' | 'content'> | SqlRow<typeof comments, 'author_id' | 'content'>;

/** Authors edit their own; an administrator editing someone else's is written to the audit log in the same transaction. */
async function allowEdit(t: Db, user: CurrentUser, row: Before, audit: { action: 'post.edit' | 'comment.edit'; targetType: string; targetId: string; detail: Record<string, unknown> }) {
  if (row.author_id === user.id) return;
  if (!isAdmin(user)) throw forbidden(ONLY_AUTHOR_OR_ADMIN_EDITS);
  // The audit keeps who was edited and where, never the text.
  await recordAudit(t, { actorId: user.id, ...audit, detail: { ...audit.detail, authorId: row.author_id } });
}

/**
 * Who may edit is known before the privacy guard reads the text (a refusal for someone else's post says nothing about
 * its words); the transaction checks again under its lock. The guard runs outside it: it may take a while.
 */
function mayEdit(user: CurrentUser, row: { author_id: string } | undefined, missing: () => Error) {
  if (!row) throw missing();
  if (row.author_id !== user.id && !isAdmin(user)) throw forbidden(ONLY_AUTHOR_OR_ADMIN_EDITS);
}

type Confirmed = { confirmDeidentified?: boolean };

export async function editPost(
  ctx: ForumWriteContext, user: CurrentUser,
  { id, title: rawTitle, content, confirmDeidentified = false }: { id: string; title: string; content: string } & Confirmed,
): Promise<Post> {
  const title = rawTitle.trim();
  if (!title || !content.trim()) throw badRequest(TITLE_CONTENT_REQUIRED);
  const [author] = await queryRows<SqlRow<typeof posts, 'author_id'>>(ctx.db, sql`SELECT author_id FROM posts WHERE id = ${id}`);
  mayEdit(user, author, () => notFound(POST_NOT_FOUND));
  await guardForumText(ctx, { text: postText(rawTitle, content), subject: 'post', confirmed: confirmDeidentified });
  const events = await forumWrite(ctx, async (t) => {
    const [post] = await queryRows<SqlRow<typeof posts, 'author_id' | 'content'> & { removed: boolean /* removed_at IS NOT NULL */ }>(t, sql`
      SELECT author_id, content, removed_at IS NOT NULL AS removed FROM posts WHERE id = ${id} FOR UPDATE`);
    if (!post) throw notFound(POST_NOT_FOUND);
    // A moderator's removal stands: editing would put the text back.
    if (post.removed) throw forbidden(REMOVED_POST_NOT_EDITABLE);
    await allowEdit(t, user, post, { action: 'post.edit', targetType: 'post', targetId: id, detail: { title } });
    const [newTitle, newContent] = [await withCurrentNames(t, title), await withCurrentNames(t, content)];
    await t.execute(sql`UPDATE posts SET title = ${newTitle}, content = ${newContent}, edited_at = now() WHERE id = ${id}`);
    const mentioned = newlyMentioned(post.content, content);
    return recordEvents(ctx, t, mentioned.length ? [forumEvents.postEdit({ actorId: user.id, postId: id, mentioned })] : []);
  });
  await events.deliver();
  return getPost(ctx, user, { id });
}

export async function editComment(
  ctx: ForumWriteContext, user: CurrentUser, { id, content, confirmDeidentified = false }: { id: string; content: string } & Confirmed,
): Promise<Comment> {
  if (!content.trim()) throw badRequest(COMMENT_REQUIRED);
  const [author] = await queryRows<SqlRow<typeof comments, 'author_id'>>(ctx.db, sql`SELECT author_id FROM comments WHERE id = ${id} AND NOT deleted`);
  mayEdit(user, author, () => notFound(COMMENT_NOT_FOUND));
  await guardForumText(ctx, { text: content, subject: 'comment', confirmed: confirmDeidentified });
  const events = await forumWrite(ctx, async (t) => {
    const [comment] = await queryRows<SqlRow<typeof comments, 'author_id' | 'content' | 'post_id' | 'deleted'> & SqlRow<typeof posts, 'title'>>(t, sql`
      SELECT c.author_id, c.content, c.post_id, c.deleted, p.title FROM comments c JOIN posts p ON p.id = c.post_id
      WHERE c.id = ${id} FOR UPDATE OF c`);
    if (!comment || comment.deleted) throw notFound(COMMENT_NOT_FOUND);
    await allowEdit(t, user, comment, {
      action: 'comment.edit', targetType: 'comment', targetId: id, detail: { postId: comment.post_id, title: comment.title },
    });
    await t.execute(sql`UPDATE comments SET content = ${await withCurrentNames(t, content)}, edited_at = now() WHERE id = ${id}`);
    const mentioned = newlyMentioned(comment.content, content);
    const edited = forumEvents.commentEdit({ actorId: user.id, postId: comment.post_id, commentId: id, mentioned });
    return recordEvents(ctx, t, mentioned.length ? [edited] : []);
  });
  await events.deliver();
  return getComment(ctx.db, user.id, id);
}
