import { sql, type SQL } from 'drizzle-orm';
import type { FeedCursor, FeedItem } from '../../../common/activity.ts';
import type { Db } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';

// Timestamps leave the database as text with microseconds, so the client can hand back an exact cursor.
const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Items strictly older than the cursor, in the (at, id) order of activity_items' key. */
function olderThan(at: SQL, id: SQL, cursor: FeedCursor): SQL {
  if (!cursor.before) return sql`TRUE`;
  if (!cursor.beforeId) return sql`${at} < ${cursor.before}::timestamptz`;
  return sql`(${at}, ${id}) < (${cursor.before}::timestamptz, ${cursor.beforeId}::uuid)`;
}

/**
 * A page of the feed as the API's JSON text, written by PostgreSQL: the server passes it on, with nothing to parse,
 * build or write again (in process this costs what doing it in Node cost: the server's share is the statement's round
 * trip, decision 0101). The text is what JSON.stringify wrote for the same items (common/activity.ts, the spec's
 * fields in the same order; to_json escapes a string as JSON.stringify does), so the answer is the same byte for byte.
 *
 * The page is one index range of activity_items (migration 0151: every post, comment not deleted and published
 * resource, kept by triggers), newest first from the cursor, and the names of only the rows it keeps, joined by primary
 * key. The joins are inner, in a lateral subquery per row, so the plan stays a nested loop under the LIMIT that stops
 * after `limit` shown rows (one statement of outer joins had the planner read 10,000 buffers, decision 0098). They
 * are also the spec's skipping rules: a post needs its community (named) and author (named), a comment its author
 * (named) and its post (titled) in a community.
 */
export const feedSql = (cursor: FeedCursor, limit: number) => feedSqlWithLimit(cursor, literalLimit(limit));

/**
 * The limit is written into the statement, not sent as a parameter: the statement is prepared, and after five runs
 * PostgreSQL may switch to a generic plan, which does not know a parameter's value. Not knowing the limit, it planned
 * for a tenth of the 3,000,000 comments (a parallel scan with JIT, 50-400 ms), where the known 30 makes it read 30 rows
 * (docs/decisions/0090).
 */
function literalLimit(limit: number): SQL {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`feed limit must be a positive integer, not ${limit}`);
  return sql.raw(String(limit));
}

// Pieces of an item's JSON; ids and times need no escaping, every other string goes through to_json.
const json = (value: SQL) => sql`to_json(${value})::text`;
const community = sql`'"community":{"_id":"' || c.id || '","name":' || ${json(sql`c.name`)} || '}'`;
// The author's id lets a reader leave out what they wrote themselves (the page is the same for every reader).
const author = sql`'"author":{"_id":"' || u.id || '","name":' || ${json(sql`u.name`)} || '}'`;
const head = (type: FeedItem['type']) => sql`'{"type":"${sql.raw(type)}","_id":"' || a.id || '","createdAt":"' || ${iso(sql`a.at`)} || '",'`;

const feedSqlWithLimit = (cursor: FeedCursor, limit: SQL) => sql`
  SELECT coalesce('[' || string_agg(page.item, ',' ORDER BY page.at DESC, page.id DESC) || ']', '[]') AS json
  FROM (
    SELECT a.at, a.id, n.item
    FROM activity_items a
    CROSS JOIN LATERAL (
      SELECT CASE WHEN a.type = 'NEW_POST'
          THEN ${head('NEW_POST')} || '"title":' || ${json(sql`p.title`)} || ',' || ${author} || ',' || ${community} || '}'
          ELSE ${head('NEW_COMMENT')} || ${author} || ',"post":{"_id":"' || p.id || '","title":' || ${json(sql`p.title`)} || ','
            || ${community} || '}}'
        END AS item
        FROM posts p
        JOIN communities c ON c.id = p.community_id
        JOIN users u ON u.id = a.author_id
        WHERE a.type <> 'NEW_RESOURCE' AND p.id = a.post_id AND u.name <> ''
          AND CASE WHEN a.type = 'NEW_POST' THEN c.name <> '' ELSE p.title <> '' END
      UNION ALL
      -- A resource's row holds all it shows.
      SELECT ${head('NEW_RESOURCE')} || '"title":' || ${json(sql`a.title`)} || '}' WHERE a.type = 'NEW_RESOURCE'
    ) n
    WHERE ${olderThan(sql`a.at`, sql`a.id`, cursor)}
    ORDER BY a.at DESC, a.id DESC
    LIMIT ${limit}
  ) page`;

/** The newest `limit` items of posts, comments and published resources as JSON, older than the cursor when one is given. */
export async function activityFeedJson(db: Db, cursor: FeedCursor, limit: number): Promise<string> {
  // Prepared: planning costs more than running it.
  const [row] = await queryPrepared<{ json: string }>(db, feedSql(cursor, limit));
  return row.json;
}
