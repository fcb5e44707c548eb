// A group's meetings: the list between two dates, moving or cancelling one (the facilitator), and attendance: the
// facilitator records who attended once the meeting is over; each member confirms their own line. Attendance rows
// carry the group's and the facilitator's names, as the hours log shows them (hours.ts).
import { sql } from 'drizzle-orm';
import { GROUP_TEXTS, type Meeting } from '../../../common/groups.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { groupAttendance, users } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { meetingsOf, strip, type MeetingAt } from './present.ts';
import * as q from './queries.ts';
import { scheduleReminders } from './reminders.ts';
import { isOccurrence, meetingIdOf, parseMeetingId } from './schedule.ts';
import { facilitatedGroup, memberGroup, nowOf } from './access.ts';

const DAY_MS = 86_400_000;
const MAX_RANGE_MS = 400 * DAY_MS;

export async function listMeetings(ctx: AppContext, user: CurrentUser, groupId: string, input: { from?: string; to?: string }) {
  const group = await memberGroup(ctx.db, groupId, user);
  const from = input.from ? new Date(input.from) : nowOf(ctx);
  const to = input.to ? new Date(input.to) : new Date(from.getTime() + 90 * DAY_MS);
  if (to <= from) throw badRequest('"to" must be after "from".');
  if (to.getTime() - from.getTime() > MAX_RANGE_MS) throw badRequest('Ask for at most 400 days of meetings at a time.');
  const changes = await q.changesBetween(ctx.db, [groupId], from, to);
  return { meetings: meetingsOf(group, changes, from, to).map(strip) };
}

/** One meeting of the group by its id: the schedule's (or a changed one's) start, as it stands now. */
export async function findMeeting(db: Db, group: q.GroupRow, meetingId: string): Promise<MeetingAt> {
  const { groupId, occurrence } = parseMeetingId(meetingId);
  if (groupId !== group.id) throw notFound(GROUP_TEXTS.meetingNotFound);
  const [change] = await queryRows<q.ChangeRow>(db, sql`SELECT group_id, ${q.iso(sql`occurrence`)} AS occurrence,
    ${q.iso(sql`starts_at`)} AS starts_at, status FROM group_meeting_changes WHERE group_id = ${group.id}::uuid AND occurrence = ${occurrence.toISOString()}::timestamptz`);
  if (!change && !isOccurrence(group, occurrence)) throw notFound(GROUP_TEXTS.meetingNotFound);
  const startsAt = change ? new Date(change.starts_at) : occurrence;
  return {
    _id: meetingIdOf(group.id, occurrence), occurrence, startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + group.duration_minutes * 60_000).toISOString(), status: change?.status ?? 'scheduled',
  };
}

export async function changeMeeting(
  ctx: AppContext, user: CurrentUser, groupId: string, meetingId: string, input: { startsAt?: string; status?: 'cancelled' | 'scheduled' },
): Promise<Meeting> {
  const group = await facilitatedGroup(ctx.db, groupId, user);
  const meeting = await findMeeting(ctx.db, group, meetingId);
  const occurrence = meeting.occurrence.toISOString();
  await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    if (input.status === 'scheduled') {
      await t.execute(sql`DELETE FROM group_meeting_changes WHERE group_id = ${groupId}::uuid AND occurrence = ${occurrence}::timestamptz`);
    } else {
      const status = input.status === 'cancelled' ? 'cancelled' : 'moved';
      const startsAt = input.startsAt ? new Date(input.startsAt).toISOString() : meeting.startsAt;
      await t.execute(sql`INSERT INTO group_meeting_changes (group_id, occurrence, starts_at, status)
        VALUES (${groupId}::uuid, ${occurrence}::timestamptz, ${startsAt}::timestamptz, ${status})
        ON CONFLICT (group_id, occurrence) DO UPDATE SET starts_at = EXCLUDED.starts_at, status = EXCLUDED.status`);
    }
    await scheduleReminders(ctx, t, groupId, nowOf(ctx));
  });
  return strip(await findMeeting(ctx.db, group, meetingId));
}

type LineRow = SqlRow<typeof groupAttendance, 'user_id' | 'confirmed_at'> & SqlRow<typeof users, 'name' | 'avatar'>;

async function attendanceOf(db: Db, meetingKey: string) {
  const rows = await queryRows<LineRow>(db, sql`SELECT a.user_id, u.name, u.avatar, ${q.iso(sql`a.confirmed_at`)} AS confirmed_at
    FROM group_attendance a JOIN users u ON u.id = a.user_id WHERE a.meeting_key = ${meetingKey} ORDER BY u.name, u.id`);
  return { meetingId: meetingKey, lines: rows.map((r) => ({ user: { _id: r.user_id, name: r.name, avatar: r.avatar }, confirmedAt: r.confirmed_at })) };
}

export async function readAttendance(ctx: AppContext, user: CurrentUser, groupId: string, meetingId: string) {
  const group = await memberGroup(ctx.db, groupId, user);
  const meeting = await findMeeting(ctx.db, group, meetingId);
  return attendanceOf(ctx.db, meeting._id);
}

/** Replaces the meeting's attendance with these members (a line kept keeps its confirmation). */
export async function recordAttendance(ctx: AppContext, user: CurrentUser, groupId: string, meetingId: string, attended: string[]) {
  const group = await facilitatedGroup(ctx.db, groupId, user);
  const meeting = await findMeeting(ctx.db, group, meetingId);
  if (meeting.status === 'cancelled') throw badRequest(GROUP_TEXTS.meetingCancelled);
  if (Date.parse(meeting.endsAt) > nowOf(ctx).getTime()) throw badRequest(GROUP_TEXTS.meetingNotOver);
  const ids = [...new Set(attended.map((id) => id.toLowerCase()))];
  const members = new Set((await q.membersOf(ctx.db, groupId)).map((m) => m.id));
  if (ids.some((id) => !members.has(id))) throw badRequest(GROUP_TEXTS.attendeesMembers);
  await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    await t.execute(sql`DELETE FROM group_attendance WHERE meeting_key = ${meeting._id} AND NOT (user_id = ANY(${q.uuids(ids)}))`);
    if (ids.length) {
      await t.execute(sql`INSERT INTO group_attendance (meeting_key, group_id, occurrence, user_id, starts_at, duration_minutes, group_name, facilitator_name)
        SELECT ${meeting._id}, ${groupId}::uuid, ${meeting.occurrence.toISOString()}::timestamptz, u, ${meeting.startsAt}::timestamptz,
          ${group.duration_minutes}, ${group.name}, ${group.facilitator_name} FROM unnest(${q.uuids(ids)}) AS u
        ON CONFLICT (meeting_key, user_id) DO NOTHING`);
    }
  });
  return attendanceOf(ctx.db, meeting._id);
}

/** A member confirms their own line: they attended. */
export async function confirmAttendance(ctx: AppContext, user: CurrentUser, groupId: string, meetingId: string) {
  const group = await memberGroup(ctx.db, groupId, user);
  const meeting = await findMeeting(ctx.db, group, meetingId);
  const rows = await queryRows<SqlRow<typeof groupAttendance, 'user_id'>>(ctx.db, sql`UPDATE group_attendance SET confirmed_at = coalesce(confirmed_at, ${nowOf(ctx).toISOString()}::timestamptz)
    WHERE meeting_key = ${meeting._id} AND user_id = ${user.id}::uuid RETURNING user_id`);
  if (!rows.length) throw badRequest(GROUP_TEXTS.notAttended);
  return attendanceOf(ctx.db, meeting._id);
}
