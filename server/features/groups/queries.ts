// The groups feature's statements: a group as one caller sees it, members, the listing and meeting changes.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';
import type { SqlRow, SqlValue } from '../../db/rows.ts';
import type { consultationGroups, groupMeetingChanges, groupMembers, users } from '../../db/schema.ts';
import type { ScheduleRow } from './schedule.ts';

/** A timestamptz as ISO text (the same from PGlite and PostgreSQL). */
export const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** groupColumns: the group, its facilitator's name and picture, and the caller's place in it (computed). */
export type GroupRow = ScheduleRow & SqlRow<typeof consultationGroups, 'name' | 'description' | 'max_members' | 'members_count' | 'specialties'
  | 'modalities' | 'meeting_link' | 'facilitator_id' | 'conversation_id' | 'created_at'> & {
  visibility: 'private' | 'listed'; facilitator_name: SqlValue<typeof users, 'name'>; facilitator_avatar: SqlValue<typeof users, 'avatar'>;
  /** The caller's place: member (facilitator included), or a pending invitation or request. */
  is_member: boolean; is_facilitator: boolean; pending_kind: 'invitation' | 'request' | null; pending_id: string | null;
};

const groupColumns = (viewer: string) => sql`g.id, g.name, g.description, g.visibility, g.max_members, g.members_count,
  g.specialties, g.modalities, g.frequency, g.weekday, g.local_time, g.time_zone, g.duration_minutes, g.starts_on::text AS starts_on,
  g.meeting_link, g.facilitator_id, f.name AS facilitator_name, f.avatar AS facilitator_avatar, g.conversation_id,
  ${iso(sql`g.created_at`)} AS created_at, g.facilitator_id = ${viewer}::uuid AS is_facilitator,
  EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.user_id = ${viewer}::uuid) AS is_member,
  (SELECT i.kind FROM group_invitations i WHERE i.group_id = g.id AND i.user_id = ${viewer}::uuid AND i.status = 'pending') AS pending_kind,
  (SELECT i.id FROM group_invitations i WHERE i.group_id = g.id AND i.user_id = ${viewer}::uuid AND i.status = 'pending') AS pending_id`;

export async function findGroup(db: Db, id: string, viewer: string): Promise<GroupRow | undefined> {
  const [row] = await queryRows<GroupRow>(db, sql`SELECT ${groupColumns(viewer)}
    FROM consultation_groups g JOIN users f ON f.id = g.facilitator_id WHERE g.id = ${id}::uuid`);
  return row;
}

export async function myGroups(db: Db, viewer: string): Promise<GroupRow[]> {
  return queryRows<GroupRow>(db, sql`SELECT ${groupColumns(viewer)}
    FROM group_members me JOIN consultation_groups g ON g.id = me.group_id JOIN users f ON f.id = g.facilitator_id
    WHERE me.user_id = ${viewer}::uuid ORDER BY g.name, g.id LIMIT 100`);
}

export type ListFilter = { q?: string; specialty?: string; modality?: string; cursor: { at: string; id: string } | null };

/**
 * Listed groups with an open seat, newest first, one page (and one more row to know there is another). The partial
 * index consultation_groups_listed_idx holds exactly these rows in this order; the text and focus filters use theirs.
 */
export async function listedPage(db: Db, viewer: string, f: ListFilter, limit: number): Promise<GroupRow[]> {
  const where: SQL[] = [sql`g.visibility = 'listed'`, sql`g.members_count < g.max_members`];
  if (f.q) where.push(sql`g.search @@ websearch_to_tsquery('english', ${f.q})`);
  if (f.specialty) where.push(sql`g.specialties @> ARRAY[${f.specialty}]::text[]`);
  if (f.modality) where.push(sql`g.modalities @> ARRAY[${f.modality}]::text[]`);
  if (f.cursor) where.push(sql`(g.created_at, g.id) < (${f.cursor.at}::timestamptz, ${f.cursor.id}::uuid)`);
  where.push(sql`NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = g.facilitator_id AND b.blocked_id = ${viewer}::uuid)
    OR (b.blocker_id = ${viewer}::uuid AND b.blocked_id = g.facilitator_id))`);
  // The page is chosen first and only its rows are joined and described: the facilitator's name by key, the caller's
  // place per group (joined before the limit, PostgreSQL hashed every member's row to find 21 names).
  // Without words, prepared (planning was most of the database's time on the directory's first page); a search is
  // planned for its words each time, as the text index's selectivity depends on them.
  const run = f.q ? queryRows<GroupRow> : queryPrepared<GroupRow>;
  return run(db, sql`SELECT ${groupColumns(viewer)}
    FROM (SELECT * FROM consultation_groups g WHERE ${sql.join(where, sql` AND `)}
      ORDER BY g.created_at DESC, g.id DESC LIMIT ${limit + 1}) g
    JOIN users f ON f.id = g.facilitator_id ORDER BY g.created_at DESC, g.id DESC`);
}

export type MemberRow = SqlRow<typeof users, 'id' | 'name' | 'avatar'>;
export const membersOf = (db: Db, groupId: string) => queryRows<MemberRow>(db, sql`
  SELECT u.id, u.name, u.avatar FROM group_members m JOIN users u ON u.id = m.user_id
  WHERE m.group_id = ${groupId}::uuid ORDER BY m.joined_at, u.id`);

export type ChangeRow = SqlRow<typeof groupMeetingChanges, 'group_id' | 'occurrence' | 'starts_at'> & { status: 'moved' | 'cancelled' };
/** The changed meetings of these groups whose scheduled or actual start falls in [from, to). */
export const changesBetween = (db: Db, groupIds: string[], from: Date, to: Date) => (groupIds.length ? queryPrepared<ChangeRow>(db, sql`
  SELECT group_id, ${iso(sql`occurrence`)} AS occurrence, ${iso(sql`starts_at`)} AS starts_at, status FROM group_meeting_changes
  WHERE group_id = ANY(${uuids(groupIds)}) AND ((occurrence >= ${from.toISOString()}::timestamptz AND occurrence < ${to.toISOString()}::timestamptz)
    OR (starts_at >= ${from.toISOString()}::timestamptz AND starts_at < ${to.toISOString()}::timestamptz))`) : Promise.resolve([]));

export const blockedEitherWay = (a: SQL, b: SQL) => sql`EXISTS (SELECT 1 FROM blocks b
  WHERE (b.blocker_id = ${a} AND b.blocked_id = ${b}) OR (b.blocker_id = ${b} AND b.blocked_id = ${a}))`;

/** Takes a seat when one is open: false when the group is full (one statement, so two acceptances cannot both take the last). */
export async function takeSeat(db: Db, groupId: string, userId: string): Promise<boolean> {
  const rows = await queryRows<SqlRow<typeof consultationGroups, 'id'>>(db, sql`UPDATE consultation_groups SET members_count = members_count + 1
    WHERE id = ${groupId}::uuid AND members_count < max_members RETURNING id`);
  if (!rows.length) return false;
  await db.execute(sql`INSERT INTO group_members (group_id, user_id) VALUES (${groupId}::uuid, ${userId}::uuid) ON CONFLICT DO NOTHING`);
  return true;
}

export async function leaveSeat(db: Db, groupId: string, userId: string): Promise<boolean> {
  const rows = await queryRows<SqlRow<typeof groupMembers, 'user_id'>>(db, sql`DELETE FROM group_members
    WHERE group_id = ${groupId}::uuid AND user_id = ${userId}::uuid RETURNING user_id`);
  if (!rows.length) return false;
  await db.execute(sql`UPDATE consultation_groups SET members_count = members_count - 1 WHERE id = ${groupId}::uuid`);
  return true;
}
