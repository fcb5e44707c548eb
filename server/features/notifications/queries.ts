// The notifications' SQL: pages served by notifications_user_created_idx, counts by notifications_unread_idx.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';

export type NotificationRow = {
  id: string; user_id: string; type: string; actor_count: number;
  target_kind: string; target_id: string; target_title: string; target_url: string; place: string;
  created_at: string; cursor_at: string; read_at: string | null;
  actors: { _id: string; name: string; avatar: string | null }[];
};

const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

// The actors in their stored order (newest first), as they are named now.
const COLUMNS = sql`n.id, n.user_id, n.type, n.actor_count, n.target_kind, n.target_id, n.target_title, n.target_url, n.place,
  ${iso('n.created_at')} AS created_at, to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
  CASE WHEN n.read_at IS NULL THEN NULL ELSE ${iso('n.read_at')} END AS read_at,
  (SELECT coalesce(json_agg(json_build_object('_id', u.id, 'name', u.name, 'avatar', u.avatar) ORDER BY a.ord), '[]'::json)
     FROM unnest(n.actor_ids) WITH ORDINALITY a(id, ord) JOIN users u ON u.id = a.id) AS actors`;

export type Cursor = { at: string; id: string };

export const listPage = (db: Db, userId: string, limit: number, before: Cursor | null): Promise<NotificationRow[]> =>
  queryPrepared<NotificationRow>(db, listPageSql(userId, limit, before));

/** One page, newest first (one more row than shown: whether there is a next page). */
export function listPageSql(userId: string, limit: number, before: Cursor | null): SQL {
  const older = before ? sql`AND (n.created_at, n.id) < (${before.at}::timestamptz, ${before.id}::uuid)` : sql``;
  return sql`SELECT ${COLUMNS} FROM notifications n
    WHERE n.user_id = ${userId} AND n.visible ${older}
    ORDER BY n.created_at DESC, n.id DESC LIMIT ${limit + 1}`;
}

/** The items by id, for the devices of the members they belong to (realtime). */
export function byIds(db: Db, ids: string[], opts: { withHidden?: boolean } = {}): Promise<NotificationRow[]> {
  const visible = opts.withHidden ? sql`` : sql`AND n.visible`;
  return queryRows<NotificationRow>(db, sql`SELECT ${COLUMNS} FROM notifications n WHERE n.id = ANY(${sql.param(ids)}::uuid[]) ${visible}`);
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await queryPrepared<{ count: number }>(db, sql`
    SELECT count(*)::int AS count FROM notifications WHERE user_id = ${userId} AND read_at IS NULL AND visible`);
  return row.count;
}

export async function unreadCounts(db: Db, userIds: string[]): Promise<Map<string, number>> {
  const rows = await queryRows<{ user_id: string; count: number }>(db, sql`
    SELECT u.id AS user_id, (SELECT count(*)::int FROM notifications n WHERE n.user_id = u.id AND n.read_at IS NULL AND n.visible) AS count
    FROM unnest(${sql.param(userIds)}::uuid[]) AS u(id)`);
  return new Map(rows.map((r) => [r.user_id, r.count]));
}

/** Marks the caller's own listed items (or all of them) read; answers how many changed. */
export async function markRead(db: Db, userId: string, ids: string[] | 'all'): Promise<number> {
  const which = ids === 'all' ? sql`` : sql`AND id = ANY(${sql.param(ids)}::uuid[])`;
  const rows = await queryRows(db, sql`UPDATE notifications SET read_at = now()
    WHERE user_id = ${userId} AND read_at IS NULL AND visible ${which} RETURNING 1`);
  return rows.length;
}

/** Members whose name, or a word of it, starts with the text; verified, not disabled, not blocked either way. */
export function mentionCandidates(db: Db, viewerId: string, prefix: string, limit: number) {
  const like = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return queryRows<{ id: string; name: string; avatar: string | null }>(db, sql`
    SELECT u.id, u.name, u.avatar FROM users u
    WHERE u.verification_status = 'verified' AND NOT u.disabled AND u.id <> ${viewerId}
      AND (lower(u.name) LIKE ${like} OR lower(u.name) LIKE ${`% ${like}`})
      AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = u.id AND b.blocked_id = ${viewerId})
        OR (b.blocker_id = ${viewerId} AND b.blocked_id = u.id))
    ORDER BY lower(u.name), u.id LIMIT ${limit}`);
}
