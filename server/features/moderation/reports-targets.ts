// What a report can point at: whether the reporter may report it, what it shows on the review page, and its removal.
// Moderation may not import the forums, resources or chat features (lint), so the few statements it needs on their
// tables live here, or in server/db when another feature shares them (the comment tree's rule).
import { sql } from 'drizzle-orm';
import {
  MESSAGE_REMOVED, REMOVED_BY_MODERATOR, REPORT_OWN_CONTENT, REPORT_TARGET_NOT_FOUND, type ReportTargetType,
} from '../../../common/moderation.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { openMessage } from '../../lib/crypto/fields.ts';
import { removeComments } from '../../db/comment-tree.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import type { CacheEvent } from '../../lib/caches.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { withdrawNotifications } from '../../lib/notify.ts';

/** The reported content as the review page shows it, plus where it is in words for the emails. */
export type TargetView = { title: string | null; text: string; where: string; link: string | null; removed: boolean };

const one = async <T>(db: Db, query: ReturnType<typeof sql>) => (await queryRows<T>(db, query))[0];

/**
 * The author of what `user` wants to report, when they may report it: it exists, is not already removed, they can see
 * it (a chat message only by the participant who received it; a resource once published; a profile once verified),
 * and it is not their own. Anything they cannot see answers 404, so reporting reveals nothing.
 */
export async function reportableAuthor(db: Db, user: CurrentUser, type: ReportTargetType, id: string): Promise<string | null> {
  const row = await one<{ author_id: string | null }>(db, reportableQuery(user, type, id));
  if (!row) throw notFound(REPORT_TARGET_NOT_FOUND);
  if (row.author_id === user.id) throw badRequest(REPORT_OWN_CONTENT);
  return row.author_id;
}

function reportableQuery(user: CurrentUser, type: ReportTargetType, id: string) {
  switch (type) {
    case 'post': return sql`SELECT author_id FROM posts WHERE id = ${id} AND removed_at IS NULL`;
    case 'comment': return sql`SELECT author_id FROM comments WHERE id = ${id} AND NOT deleted`;
    case 'resource': return sql`SELECT created_by AS author_id FROM resources WHERE id = ${id} AND is_approved`;
    case 'profile': return sql`
      SELECT id AS author_id FROM users WHERE id = ${id} AND verification_status = 'verified' AND NOT disabled`;
    case 'message': return sql`
      SELECT m.sender_id AS author_id FROM messages m
      JOIN conversation_participants p ON p.conversation_id = m.conversation_id AND p.user_id = ${user.id}
      WHERE m.id = ${id} AND m.removed_at IS NULL`;
  }
}

// viewQuery's row: the same aliases over five tables (posts, comments, resources, users, messages), so no one table's type.
type ViewRow = { title: string | null; text: string; place: string | null; link_id: string | null; removed: boolean };

/** The content as it is now; a target that no longer exists reads as removed. */
export async function targetView(db: Db, type: ReportTargetType, id: string): Promise<TargetView> {
  const row = await one<ViewRow>(db, viewQuery(type, id));
  if (!row) return { title: null, text: '', where: WHERE_GONE[type], link: null, removed: true };
  // A reported message is shown to the moderator as its participants see it (encrypted at rest).
  const text = type === 'message' ? openMessage(id, row.text) : row.text;
  return { title: row.title, text, removed: row.removed, ...placeOf(type, row) };
}

const WHERE_GONE: Record<ReportTargetType, string> = {
  post: 'A post (deleted)', comment: 'A comment (deleted)', resource: 'A resource (deleted)',
  profile: 'A profile (deleted)', message: 'A chat message (deleted)',
};

function placeOf(type: ReportTargetType, row: ViewRow): { where: string; link: string | null } {
  const inPlace = row.place ? ` in ${row.place}` : '';
  switch (type) {
    case 'post': return { where: `Post${inPlace}`, link: `/post/${row.link_id}` };
    case 'comment': return { where: `Comment on a post${inPlace}`, link: `/post/${row.link_id}` };
    case 'resource': return { where: `Resource${row.place ? ` (${row.place})` : ''}`, link: null };
    case 'profile': return { where: 'Profile', link: `/profile/${row.link_id}` };
    // An administrator is not a participant: the message is shown here alone, with no way into the conversation.
    case 'message': return { where: 'Chat message', link: null };
  }
}

function viewQuery(type: ReportTargetType, id: string) {
  switch (type) {
    case 'post': return sql`
      SELECT p.title, p.content AS text, c.name AS place, p.id AS link_id, p.removed_at IS NOT NULL AS removed
      FROM posts p LEFT JOIN communities c ON c.id = p.community_id WHERE p.id = ${id}`;
    case 'comment': return sql`
      SELECT NULL AS title, cm.content AS text, c.name AS place, cm.post_id AS link_id, cm.deleted AS removed
      FROM comments cm JOIN posts p ON p.id = cm.post_id LEFT JOIN communities c ON c.id = p.community_id WHERE cm.id = ${id}`;
    case 'resource': return sql`
      SELECT title, description || E'\n' || link AS text, category AS place, NULL AS link_id, false AS removed
      FROM resources WHERE id = ${id}`;
    case 'profile': return sql`
      SELECT name AS title, concat_ws(E'\n', nullif(profession, ''), nullif(bio, '')) AS text, NULL AS place, id AS link_id,
        disabled AS removed
      FROM users WHERE id = ${id}`;
    case 'message': return sql`
      SELECT NULL AS title, text, NULL AS place, NULL AS link_id, removed_at IS NOT NULL AS removed FROM messages WHERE id = ${id}`;
  }
}

/**
 * Removes the content, leaving a tombstone where it was: a post keeps its place and its replies under
 * REMOVED_BY_MODERATOR (the thread stays readable); a comment follows the forum's deleted-comment rule; a chat message
 * reads MESSAGE_REMOVED on both sides; a resource is deleted (unpublishing would put it back in the approval queue).
 * A profile is not removed here: the caller suspends its account instead. Returns what the removal changed, for the caches.
 */
export async function removeTarget(db: Db, type: Exclude<ReportTargetType, 'profile'>, id: string): Promise<CacheEvent | null> {
  switch (type) {
    case 'post':
      await db.execute(sql`UPDATE posts SET title = ${REMOVED_BY_MODERATOR}, content = ${REMOVED_BY_MODERATOR}, removed_at = now() WHERE id = ${id}`);
      return FORUM_WRITTEN;
    case 'comment':
      await removeComments(db, [id]);
      return FORUM_WRITTEN;
    case 'resource':
      await db.execute(sql`DELETE FROM resources WHERE id = ${id}`);
      return RESOURCE_CHANGED;
    case 'message':
      await db.execute(sql`UPDATE messages SET text = ${MESSAGE_REMOVED}, removed_at = now() WHERE id = ${id}`);
      // Its @mentions go from the bells, as a removed comment's do.
      await withdrawNotifications(db, [id]);
      return null;
  }
}

const FORUM_WRITTEN: CacheEvent = { type: 'forum.written' };
const RESOURCE_CHANGED: CacheEvent = { type: 'resource.changed' };
