// The name inside a mention, `@[Name](user:<id>)` (common/mentions.ts, decisions 0056 and 0121), is the member's own,
// never the writer's: the server writes it when a post or comment is saved, and rewrites every stored mention of a
// member when their name changes or they leave. Every reader (posts, feeds, pages kept in the read cache, search,
// exports, notifications' excerpts) then serves the stored text as it is. Features call this through server/lib, as
// forums, administration, profiles and deletion all change names or texts.
import { sql } from 'drizzle-orm';
import { allMentionedIds, mentionMarkup, replaceMentions } from '../../common/mentions.ts';
import { DELETED_MEMBER } from '../../common/privacy.ts';
import { queryRows, type Db } from '../db/client.ts';
import type { SqlRow } from '../db/rows.ts';
import type { users } from '../db/schema.ts';

/** A mention of a member who left: plain text, neither a link nor their id. */
const DELETED_MENTION = `@${DELETED_MEMBER}`;

/**
 * The text with each mention naming the member as they are now: their current name; plain "@Deleted member" for a
 * member who left; plain "@Name" for an id that is nobody's (a writer cannot pass off a name as a member's link).
 */
export async function withCurrentNames(db: Db, text: string): Promise<string> {
  const ids = allMentionedIds(text);
  if (ids.length === 0) return text;
  const rows = await queryRows<SqlRow<typeof users, 'id' | 'name'> & { gone: boolean /* deleted_at IS NOT NULL */ }>(db, sql`
    SELECT id, name, deleted_at IS NOT NULL AS gone FROM users WHERE id = ANY(${sql.param(ids)}::uuid[])`);
  const members = new Map(rows.map((row) => [row.id, row]));
  return replaceMentions(text, ({ name, userId }) => {
    const member = members.get(userId);
    if (!member) return `@${name}`;
    return member.gone ? DELETED_MENTION : mentionMarkup(member.name, userId);
  });
}

// The markup of one member in PostgreSQL's regular expressions (as MENTION_SOURCE in common/mentions.ts).
const markupOf = (userId: string) => `@\\[[^][()\\n\\r]{1,120}\\]\\(user:${userId}\\)`;
// A replacement string: a backslash would start a back reference.
const literal = (text: string) => text.replaceAll('\\', '\\\\');

/**
 * Rewrites every stored mention of the member (post titles and texts, comments, notifications' titles) to read `replacement`: inside the
 * transaction that renames them or erases them. A sequential read of the texts, for an event rarer than a post.
 */
async function rewriteMentionsOf(db: Db, userId: string, replacement: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) throw new Error('rewriteMentionsOf: not a member id');
  const pattern = markupOf(userId);
  const to = literal(replacement);
  const like = `%(user:${userId})%`;
  await db.execute(sql`UPDATE posts SET title = regexp_replace(title, ${pattern}, ${to}, 'gi'),
      content = regexp_replace(content, ${pattern}, ${to}, 'gi')
    WHERE title ILIKE ${like} OR content ILIKE ${like}`);
  await db.execute(sql`UPDATE comments SET content = regexp_replace(content, ${pattern}, ${to}, 'gi') WHERE content ILIKE ${like}`);
  // A notification keeps the title of its post, as it was.
  await db.execute(sql`UPDATE notifications SET target_title = regexp_replace(target_title, ${pattern}, ${to}, 'gi')
    WHERE target_title ILIKE ${like}`);
}

/** The member's mentions now read their new name. */
export const renameMentions = (db: Db, userId: string, name: string) => rewriteMentionsOf(db, userId, mentionMarkup(name, userId));

/** The member left: their mentions read "@Deleted member", without a link or their id. */
export const eraseMentions = (db: Db, userId: string) => rewriteMentionsOf(db, userId, DELETED_MENTION);
