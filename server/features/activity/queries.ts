import { sql, type SQL } from 'drizzle-orm';
import type { FeedCursor, FeedItem } from '../../../common/activity.ts';
import type { Db } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';
import { toFeedItem } from './present.ts';

// Timestamps leave the database as text with microseconds, so the client can hand back an exact cursor.
const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Items strictly older than the cursor, in the (created_at, id) order every source is indexed by. */
function olderThan(createdAt: SQL, id: SQL, cursor: FeedCursor): SQL {
  if (!cursor.before) return sql`TRUE`;
  if (!cursor.beforeId) return sql`${createdAt} < ${cursor.before}::timestamptz`;
  return sql`(${createdAt}, ${id}) < (${cursor.before}::timestamptz, ${cursor.beforeId}::uuid)`;
}

export type FeedRow = {
  type: FeedItem['type']; id: string; created_at: string; title: string | null; author_name: string | null;
  post_id: string | null; post_title: string | null; community_id: string | null; community_name: string | null;
};

/**
 * One index range of activity_items (migration 0151: every post, comment not deleted and published resource, kept by
 * triggers), newest first from the cursor, and the names of only the rows it keeps, joined by primary key. The joins
 * are inner, in a lateral subquery per row, so the plan stays a nested loop under the LIMIT: it stops after `limit`
 * shown rows (one statement of outer joins had the planner read 10,000 buffers, docs/decisions/0098). They are also
 * the spec's skipping rules: a post needs its community (named) and author (named), a comment its author (named) and
 * its post (titled) in a community.
 */
export const feedSql = (cursor: FeedCursor, limit: number) => feedSqlWithLimit(cursor, literalLimit(limit));

/**
 * The limit is written into the statement, not sent as a parameter: the statement is prepared, and after five runs
 * PostgreSQL may switch to a generic plan, which does not know a parameter's value. Not knowing the limit, it planned
 * for a tenth of the 3,000,000 comments (a parallel scan with JIT, 50-400 ms), where the known 30 makes it read 30 rows
 * of each index (docs/decisions/0090).
 */
function literalLimit(limit: number): SQL {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`feed limit must be a positive integer, not ${limit}`);
  return sql.raw(String(limit));
}

const feedSqlWithLimit = (cursor: FeedCursor, limit: SQL) => sql`
  SELECT a.type, a.id, ${iso(sql`a.at`)} AS created_at, n.title, n.author_name, n.post_id, n.post_title, n.community_id, n.community_name
  FROM activity_items a
  CROSS JOIN LATERAL (
    SELECT CASE WHEN a.type = 'NEW_POST' THEN p.title END AS title, u.name AS author_name,
        CASE WHEN a.type = 'NEW_COMMENT' THEN p.id END AS post_id, CASE WHEN a.type = 'NEW_COMMENT' THEN p.title END AS post_title,
        c.id AS community_id, c.name AS community_name
      FROM posts p
      JOIN communities c ON c.id = p.community_id
      JOIN users u ON u.id = a.author_id
      WHERE a.type <> 'NEW_RESOURCE' AND p.id = a.post_id AND u.name <> ''
        AND CASE WHEN a.type = 'NEW_POST' THEN c.name <> '' ELSE p.title <> '' END
    UNION ALL
    -- A resource's row holds all it shows.
    SELECT a.title, NULL, NULL, NULL, NULL, NULL WHERE a.type = 'NEW_RESOURCE'
  ) n
  WHERE ${olderThan(sql`a.at`, sql`a.id`, cursor)}
  ORDER BY a.at DESC, a.id DESC
  LIMIT ${limit}`;

/** The newest `limit` items of posts, comments and published resources, older than the cursor when one is given. */
export async function activityFeed(db: Db, cursor: FeedCursor, limit: number): Promise<FeedItem[]> {
  // Prepared: planning this union costs more than running it.
  return (await queryPrepared<FeedRow>(db, feedSql(cursor, limit))).map(toFeedItem);
}
