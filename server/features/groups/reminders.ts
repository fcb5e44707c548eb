// Meeting reminders a day and an hour before, through the notification centre (in-app, email as the member's
// preferences say, content-free; push). Each kind is a chain of jobs: one waits for the next meeting's reminder and,
// when it runs, schedules the one after. A job keyed by the meeting and its start: a moved meeting gets a new job and
// the old one finds its start changed and says nothing; a cancelled one says nothing either.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { notify } from '../../lib/notify.ts';
import { changesBetween } from './queries.ts';
import { meetingsOf, NEXT_WINDOW_MS, type MeetingAt } from './present.ts';
import type { ScheduleRow } from './schedule.ts';

const REMINDER_JOB = 'groups.reminder';
const LEAD_MS = { day: 86_400_000, hour: 3_600_000 } as const;
type Kind = keyof typeof LEAD_MS;

type Row = ScheduleRow & { name: string };
const loadSchedule = async (db: Db, groupId: string) => (await queryRows<Row>(db, sql`
  SELECT id, name, frequency, weekday, local_time, time_zone, duration_minutes, starts_on::text AS starts_on
  FROM consultation_groups WHERE id = ${groupId}::uuid`))[0];

async function upcoming(db: Db, row: ScheduleRow, after: Date): Promise<MeetingAt[]> {
  const to = new Date(after.getTime() + NEXT_WINDOW_MS);
  return meetingsOf(row, await changesBetween(db, [row.id], after, to), after, to).filter((m) => m.status !== 'cancelled');
}

/** Schedules each kind's reminder for the first meeting whose reminder time is after `after`. */
export async function scheduleReminders(ctx: Pick<AppContext, 'jobs'>, db: Db, groupId: string, after: Date): Promise<void> {
  const row = await loadSchedule(db, groupId);
  if (!row) return;
  const meetings = await upcoming(db, row, after);
  for (const kind of Object.keys(LEAD_MS) as Kind[]) {
    const next = meetings.find((m) => Date.parse(m.startsAt) - LEAD_MS[kind] > after.getTime());
    if (!next) continue;
    await ctx.jobs.schedule(REMINDER_JOB, { groupId, kind, meetingId: next._id, startsAt: next.startsAt }, {
      runAt: new Date(Date.parse(next.startsAt) - LEAD_MS[kind]), key: `group-reminder:${kind}:${next._id}:${next.startsAt}`, db,
    });
  }
}

export function registerGroupReminders(ctx: AppContext): void {
  ctx.jobs.register(REMINDER_JOB, async (payload, { now, jobId }) => {
    const groupId = String(payload.groupId);
    const kind = (payload.kind === 'hour' ? 'hour' : 'day') as Kind;
    const row = await loadSchedule(ctx.db, groupId);
    if (!row) return;
    const meeting = (await upcoming(ctx.db, row, now)).find((m) => m._id === payload.meetingId);
    if (meeting && meeting.startsAt === payload.startsAt) {
      await notify(ctx, [{
        type: 'groupMeetingSoon', recipientIds: sql`SELECT user_id FROM group_members WHERE group_id = ${groupId}::uuid`, actorId: null,
        sourceId: jobId, detail: kind, target: { kind: 'group', id: groupId, title: row.name, url: `/groups/${groupId}` }, place: 'Groups',
      }]);
    }
    // The chain goes on from this reminder's time, whether or not this one was still due.
    await scheduleReminders(ctx, ctx.db, groupId, new Date(Date.parse(String(payload.startsAt)) - LEAD_MS[kind]));
  });
}
