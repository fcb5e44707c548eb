// The notifications' SQL: pages served by notifications_user_created_idx, counts by notifications_unread_idx.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { queryPrepared, queryShaped } from '../../db/prepared.ts';
import type { NotificationItem, ReadAbout } from '../../../common/notifications.ts';
import { notifications, type users } from '../../db/schema.ts';
import { rawColumns, type RawRow, type SqlRow } from '../../db/rows.ts';

const ROW_KEYS = ['id', 'userId', 'type', 'place', 'targetUrl'] as const;
export type NotificationRow = RawRow<typeof notifications, (typeof ROW_KEYS)[number]> & {
  /** ISO text with microseconds, which sorts as the times do. */
  createdAt: string;
  /** The item as the API shows it (parsed by the driver). */
  item: NotificationItem;
};

/** The most actors an item names: notify.ts keeps the latest three, and migration 0155's CHECK holds it. */
export const MAX_ACTORS = 3;
const SLOTS = Array.from({ length: MAX_ACTORS }, (_, i) => i + 1);

const iso = (column: string, unit: 'MS' | 'US' = 'MS') =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.${unit}"Z"')`);
// Every string that is not an id or a time goes through to_json, which escapes as JSON.stringify does.
const json = (column: string) => sql.raw(`to_json(${column})::text`);

/**
 * Actor slot k (1-based) as JSON text, as the member is named now; null when the slot is empty or names no member. A
 * sub-select per slot, not a join: with three joined tables PostgreSQL planned the statement anew on every run (the
 * custom plans looked cheaper), which cost more than running it (decision 0106).
 */
const actor = (k: number) => sql.raw(`(SELECT '{"_id":"' || u.id || '","name":' || to_json(u.name)::text
  || ',"avatar":' || coalesce(to_json(u.avatar)::text, 'null') || '}' FROM users u WHERE u.id = n.actor_ids[${k}])`);

/**
 * One item as the API's JSON text (common/notifications.ts's NotificationItem, fields in its order), written by
 * PostgreSQL: the list sends it on without parsing or writing it again, and the devices and emails get it parsed by the
 * driver, so there is one writer of the shape. The actors are read by key per slot (no unnest, join and sorted json_agg
 * per row).
 */
const ITEM = sql`'{"_id":"' || n.id || '","type":' || ${json('n.type')} || ',"actors":['
  || concat_ws(',', ${sql.join(SLOTS.map(actor), sql`, `)}) || '],"count":' || n.actor_count
  || ',"target":{"kind":' || ${json('n.target_kind')} || ',"_id":"' || n.target_id || '","title":' || ${json('n.target_title')}
  || ',"url":' || ${json('n.target_url')} || '},"detail":' || coalesce(${json('n.detail')}, 'null') || ',"createdAt":"' || ${iso('n.created_at')} || '","readAt":'
  || CASE WHEN n.read_at IS NULL THEN 'null' ELSE '"' || ${iso('n.read_at')} || '"' END || '}'`;

export type Cursor = { at: string; id: string };
/** A row of a page: the item's JSON text and where the next page starts if this is the last shown. */
/** The item is JSON text written by PostgreSQL (ITEM); the cursor its time with microseconds. */
export type PageRow = SqlRow<typeof notifications, 'id'> & { cursor_at: string; item: string };

/** A page's values: each either a value or, for the statement prepared once per shape, a placeholder; the limit is written in. */
type PageValues = { userId: unknown; limit: number; at?: unknown; id?: unknown };
const PLACEHOLDERS = { userId: sql.placeholder('userId'), at: sql.placeholder('at'), id: sql.placeholder('id') };

/**
 * The limit is written into the statement, not sent as a parameter (as the feed's, decision 0090): not knowing it, the
 * generic plan looked dearer than a plan made for the values, so PostgreSQL planned every run again, which cost it
 * twice what running the statement did (decision 0106).
 */
function literalLimit(limit: number): SQL {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`notifications page limit must be a positive integer, not ${limit}`);
  return sql.raw(String(limit));
}

/** One page, newest first, from the cursor (at, id) when there is one. */
export function listPageSql({ userId, limit, at, id }: PageValues): SQL {
  const older = at === undefined ? sql`` : sql`AND (n.created_at, n.id) < (${at}::timestamptz, ${id}::uuid)`;
  return sql`SELECT n.id, ${iso('n.created_at', 'US')} AS cursor_at, ${ITEM} AS item
    FROM notifications n
    WHERE n.user_id = ${userId} AND n.visible ${older}
    ORDER BY n.created_at DESC, n.id DESC LIMIT ${literalLimit(limit)}`;
}

/**
 * One page and one more row (whether there is a next). The statement is built once per shape (queryShaped): building
 * and hashing its text on every request cost more than decoding its rows.
 */
export function listPage(db: Db, userId: string, limit: number, before: Cursor | null): Promise<PageRow[]> {
  const shape = before ? { ...PLACEHOLDERS, limit: limit + 1 } : { userId: PLACEHOLDERS.userId, limit: limit + 1 };
  return queryShaped<PageRow>(db, `notifications.page:${limit}:${before ? 'cursor' : 'first'}`, () => listPageSql(shape), { userId, ...before });
}

/** The items by id, for the devices of the members they belong to (realtime) and for emails. */
export function byIds(db: Db, ids: string[], opts: { withHidden?: boolean } = {}): Promise<NotificationRow[]> {
  const visible = opts.withHidden ? sql`` : sql`AND n.visible`;
  return queryRows<NotificationRow>(db, sql`
    SELECT ${rawColumns(notifications, ROW_KEYS, 'n')}, ${iso('n.created_at', 'US')} AS "createdAt", (${ITEM})::json AS item
    FROM notifications n WHERE n.id = ANY(${sql.param(ids)}::uuid[]) ${visible}`);
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

/**
 * Marks read every item of the member about one post (its replies, mentions, likes, followed comments) or one referral,
 * hidden ones too (their email is then not sent); answers whether the bell's count changed.
 */
export async function markReadAbout(db: Db, userId: string, about: ReadAbout): Promise<boolean> {
  const which = about.kind === 'post' ? sql`post_id = ${about.id}::uuid` : sql`target_kind = 'referral' AND target_id = ${about.id}::uuid`;
  const rows = await queryRows<SqlRow<typeof notifications, 'visible'>>(db, sql`UPDATE notifications SET read_at = now()
    WHERE user_id = ${userId} AND read_at IS NULL AND ${which} RETURNING visible`);
  return rows.some((r) => r.visible);
}

/**
 * Members whose name, or a word of it, starts with the text; verified, not disabled, not blocked by the caller. A member
 * who blocked the caller is suggested, as the directory, search and the new-message picker show them: blocking stays
 * private, and the mention itself tells them nothing (notify.ts drops recipients blocked either way).
 */
export function mentionCandidates(db: Db, viewerId: string, prefix: string, limit: number) {
  const like = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return queryRows<SqlRow<typeof users, 'id' | 'name' | 'avatar'>>(db, sql`
    SELECT u.id, u.name, u.avatar FROM users u
    WHERE u.verification_status = 'verified' AND NOT u.disabled AND u.id <> ${viewerId}
      AND (lower(u.name) LIKE ${like} OR lower(u.name) LIKE ${`% ${like}`})
      AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${viewerId} AND b.blocked_id = u.id)
    ORDER BY lower(u.name), u.id LIMIT ${limit}`);
}
