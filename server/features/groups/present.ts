// A group's meetings (the schedule with its changes) and the group as its card: the shapes of common/groups.ts.
import type { GroupCard, Meeting } from '../../../common/groups.ts';
import type { ChangeRow, GroupRow } from './queries.ts';
import { meetingIdOf, occurrences, type ScheduleRow } from './schedule.ts';

const DAY_MS = 86_400_000;
/** How far ahead "the next meeting" is looked for: a monthly group's next one is at most five weeks away. */
export const NEXT_WINDOW_MS = 70 * DAY_MS;

export type MeetingAt = Meeting & { occurrence: Date };

/** The meetings starting in [from, to): the schedule's, each moved or cancelled as its change says, and any moved in. */
export function meetingsOf(row: ScheduleRow, changes: ChangeRow[], from: Date, to: Date): MeetingAt[] {
  const mine = changes.filter((c) => c.group_id === row.id);
  const byOccurrence = new Map(mine.map((c) => [Date.parse(c.occurrence), c]));
  const durationMs = row.duration_minutes * 60_000;
  const out: MeetingAt[] = [];
  const add = (occurrence: Date, startsAt: Date, status: Meeting['status']) => {
    if (startsAt < from || startsAt >= to) return;
    out.push({
      _id: meetingIdOf(row.id, occurrence), occurrence, startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + durationMs).toISOString(), status,
    });
  };
  const seen = new Set<number>();
  for (const o of occurrences(row, from, to)) {
    const change = byOccurrence.get(o.occurrence.getTime());
    seen.add(o.occurrence.getTime());
    if (!change) add(o.occurrence, o.startsAt, 'scheduled');
    else add(o.occurrence, new Date(change.starts_at), change.status);
  }
  // A meeting moved into the window from a date outside it.
  for (const c of mine) {
    if (!seen.has(Date.parse(c.occurrence)) && c.status === 'moved') add(new Date(c.occurrence), new Date(c.starts_at), 'moved');
  }
  return out.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

// The first look for the next meeting: a little over one period of the schedule. The meetings starting in a shorter
// window are the first ones of a longer window, so the first one found there is the next one; only when every one in
// it is cancelled is the whole NEXT_WINDOW_MS expanded. Each meeting placed in its zone costs a few Intl calls, and a
// listing page has 20 cards (bench/groups.ts).
const FIRST_LOOK_MS = { weekly: 8 * DAY_MS, biweekly: 15 * DAY_MS, monthly: 36 * DAY_MS } as Record<string, number>;

/** The first meeting not cancelled and not yet over. */
function nextMeetingOf(row: ScheduleRow, changes: ChangeRow[], now: Date): Meeting | null {
  const from = new Date(now.getTime() - row.duration_minutes * 60_000);
  const live = (m: MeetingAt) => m.status !== 'cancelled' && Date.parse(m.endsAt) > now.getTime();
  const firstLook = FIRST_LOOK_MS[row.frequency] ?? NEXT_WINDOW_MS;
  const next = meetingsOf(row, changes, from, new Date(now.getTime() + Math.min(firstLook, NEXT_WINDOW_MS))).find(live)
    ?? (firstLook < NEXT_WINDOW_MS ? meetingsOf(row, changes, from, new Date(now.getTime() + NEXT_WINDOW_MS)).find(live) : undefined);
  return next ? strip(next) : null;
}

export const strip = ({ occurrence: _o, ...m }: MeetingAt): Meeting => m;

function myRoleOf(row: GroupRow): GroupCard['myRole'] {
  if (row.is_member) return row.is_facilitator ? 'facilitator' : 'member';
  if (row.pending_kind === 'invitation') return 'invited';
  if (row.pending_kind === 'request') return 'requested';
  return null;
}

export function toCard(row: GroupRow, changes: ChangeRow[], now: Date): GroupCard {
  return {
    _id: row.id, name: row.name, description: row.description, visibility: row.visibility, maxMembers: row.max_members,
    membersCount: row.members_count, openSeats: Math.max(0, row.max_members - row.members_count),
    focus: { specialties: row.specialties, modalities: row.modalities },
    schedule: {
      frequency: row.frequency as GroupCard['schedule']['frequency'], weekday: row.weekday, time: row.local_time, timeZone: row.time_zone,
      durationMinutes: row.duration_minutes, startsOn: row.starts_on,
    },
    facilitator: { _id: row.facilitator_id, name: row.facilitator_name, avatar: row.facilitator_avatar },
    nextMeeting: nextMeetingOf(row, changes, now),
    myRole: myRoleOf(row),
  };
}
