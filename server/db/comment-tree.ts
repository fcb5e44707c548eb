// The comment tree's removal rule, shared by the forums (authors and administrators deleting) and moderation (a
// reported comment removed): one rule, so a removed comment reads the same wherever it was removed from.
import { sql } from 'drizzle-orm';
import { MAX_REPLY_DEPTH } from '../../common/posts.ts';
import { queryRows, type Db } from './client.ts';

/**
 * The tree rule: every listed comment is marked deleted (its text wiped), then deleted comments left without
 * replies are removed, so a '[deleted]' parent whose last reply went disappears too.
 * Returns how many comments stopped being visible, and the members whose notifications about them were withdrawn (their
 * bells' counts changed: the caller tells them after the commit).
 */
export async function removeComments(db: Db, ids: string[]): Promise<{ hidden: number; notified: string[] }> {
  const marked = await queryRows<{ post_id: string; n: number }>(db, sql`
    WITH marked AS (
      UPDATE comments SET deleted = true, content = '' WHERE id = ANY(${sql.param(ids)}::uuid[]) AND NOT deleted RETURNING post_id)
    SELECT post_id, count(*)::int AS n FROM marked GROUP BY post_id`);
  for (const { post_id, n } of marked) {
    await db.execute(sql`UPDATE posts SET comments_count = greatest(comments_count - ${n}, 0) WHERE id = ${post_id}`);
  }
  if (marked.length) await pruneDeletedBranches(db, ids);
  // A removed comment withdraws the notifications it caused (replies, mentions, followers) and its likes' item.
  const notified = marked.length ? await queryRows<{ user_id: string }>(db, sql`
    DELETE FROM notifications WHERE source_id = ANY(${sql.param(ids)}::uuid[]) RETURNING user_id`) : [];
  return { hidden: marked.reduce((sum, m) => sum + m.n, 0), notified: [...new Set(notified.map((n) => n.user_id))] };
}

/**
 * One statement, linear in the chains it walks: the removed comments and their deleted ancestors (at most
 * MAX_REPLY_DEPTH up) are the candidates; a candidate with a reply outside the candidates keeps its place, and so
 * do its candidate ancestors; the rest are removed. (Looping "delete deleted leaves" until none remain was
 * quadratic in a chain's depth.)
 */
async function pruneDeletedBranches(db: Db, ids: string[]): Promise<void> {
  await db.execute(sql`
    WITH RECURSIVE up AS (
      SELECT id, parent_id, 0 AS depth FROM comments WHERE id = ANY(${sql.param(ids)}::uuid[]) AND deleted
      UNION
      SELECT p.id, p.parent_id, up.depth + 1 FROM up JOIN comments p ON p.id = up.parent_id
      WHERE p.deleted AND up.depth < ${MAX_REPLY_DEPTH}),
    candidates AS (SELECT DISTINCT id, parent_id FROM up),
    kept AS (
      SELECT c.id, c.parent_id FROM candidates c
      WHERE EXISTS (SELECT 1 FROM comments r WHERE r.parent_id = c.id AND r.id NOT IN (SELECT id FROM candidates))
      UNION
      SELECT c.id, c.parent_id FROM kept JOIN candidates c ON c.id = kept.parent_id)
    DELETE FROM comments WHERE id IN (SELECT id FROM candidates EXCEPT SELECT id FROM kept)`);
}
