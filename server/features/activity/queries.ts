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
 * One statement, three branches: each reads only its newest `limit` rows through its (created_at DESC, id DESC) index
 * and joins them by primary key; the outer query merges the at most 3 × limit rows. The inner joins are the spec's
 * skipping rules: a post needs its community and author, a comment its author and its post's community.
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
  (SELECT 'NEW_POST' AS type, p.id, ${iso(sql`p.created_at`)} AS created_at, p.created_at AS at, p.title, u.name AS author_name,
      NULL::uuid AS post_id, NULL AS post_title, c.id AS community_id, c.name AS community_name
    FROM posts p
    JOIN communities c ON c.id = p.community_id
    JOIN users u ON u.id = p.author_id
    WHERE ${olderThan(sql`p.created_at`, sql`p.id`, cursor)} AND u.name <> '' AND c.name <> ''
    ORDER BY p.created_at DESC NULLS LAST, p.id DESC NULLS LAST
    LIMIT ${limit})
  UNION ALL
  (SELECT 'NEW_COMMENT', cm.id, ${iso(sql`cm.created_at`)}, cm.created_at, NULL, u.name, p.id, p.title, c.id, c.name
    FROM comments cm
    JOIN posts p ON p.id = cm.post_id
    JOIN communities c ON c.id = p.community_id
    JOIN users u ON u.id = cm.author_id
    WHERE NOT cm.deleted AND ${olderThan(sql`cm.created_at`, sql`cm.id`, cursor)} AND u.name <> '' AND p.title <> ''
    ORDER BY cm.created_at DESC NULLS LAST, cm.id DESC NULLS LAST
    LIMIT ${limit})
  UNION ALL
  -- A resource becomes news when it is published, so it is placed by its approval time.
  (SELECT 'NEW_RESOURCE', r.id, ${iso(sql`r.approved_at`)}, r.approved_at, r.title, NULL, NULL, NULL, NULL, NULL
    FROM resources r
    WHERE r.is_approved AND r.approved_at IS NOT NULL AND r.title <> ''
      AND ${olderThan(sql`r.approved_at`, sql`r.id`, cursor)}
    ORDER BY r.approved_at DESC NULLS LAST, r.id DESC NULLS LAST
    LIMIT ${limit})
  ORDER BY at DESC, id DESC
  LIMIT ${limit}`;

/** The newest `limit` items of posts, comments and published resources, older than the cursor when one is given. */
export async function activityFeed(db: Db, cursor: FeedCursor, limit: number): Promise<FeedItem[]> {
  // Prepared: planning this union costs more than running it.
  return (await queryPrepared<FeedRow>(db, feedSql(cursor, limit))).map(toFeedItem);
}
