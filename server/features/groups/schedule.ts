// A group's meetings from its schedule (docs/decisions/0235). rrule expands the recurrence in "floating" time: each
// date it gives is the local wall-clock time written as if it were UTC. Each is then placed in the group's time zone
// with Intl, so 19:00 in America/Toronto is 00:00Z in winter and 23:00Z in summer, daylight-saving changes included.
import rrule, { type Options } from 'rrule';
import type { SqlRow } from '../../db/rows.ts';
import type { consultationGroups } from '../../db/schema.ts';

const { RRule } = rrule;

/** A group's schedule as its readers select it (starts_on as text: `starts_on::text`). */
export type ScheduleRow = SqlRow<typeof consultationGroups, 'id' | 'frequency' | 'weekday' | 'local_time' | 'time_zone' | 'duration_minutes'
  | 'starts_on'>;
export type Occurrence = { occurrence: Date; startsAt: Date; endsAt: Date };

const DAY_MS = 86_400_000;
// rrule's weekdays start on Monday; ours on Sunday, as JavaScript's.
const RRULE_DAYS = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];

// One formatter per zone, made once: making one costs about as much as the rest of a group's card (bench/groups.ts).
const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formats.set(zone, format);
  }
  return format;
}

// The offsets already worked out: a zone's offset at an instant never changes while the process runs, and the same
// meetings are placed again on every read of the same groups. Emptied when full.
const offsets = new Map<string, number>();
const OFFSETS_MAX = 20_000;

/** The offset of `zone` from UTC at the instant `at`, in milliseconds (east positive). */
function offsetAt(at: number, zone: string): number {
  const key = `${zone} ${at}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  if (offsets.size >= OFFSETS_MAX) offsets.clear();
  const offset = computeOffset(at, zone);
  offsets.set(key, offset);
  return offset;
}

function computeOffset(at: number, zone: string): number {
  const parts = formatOf(zone).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant of a wall-clock time (given as a floating UTC date) in `zone`. A time skipped by a spring-forward moves on. */
function zonedInstant(floating: Date, zone: string): Date {
  const wall = floating.getTime();
  const first = wall - offsetAt(wall, zone);
  const second = wall - offsetAt(first, zone);
  // In a spring-forward gap neither reads back as the wall time: the earlier offset places it after the jump.
  return new Date(second + offsetAt(second, zone) === wall ? second : first);
}

function firstMeetingDay(row: ScheduleRow): Date {
  const start = new Date(`${row.starts_on}T00:00:00Z`);
  const ahead = (row.weekday - start.getUTCDay() + 7) % 7;
  return new Date(start.getTime() + ahead * DAY_MS);
}

/**
 * The rule, started at the last whole period before `near` (floating time) rather than at the first meeting: rrule walks
 * every period from its start, so a group years old paid for all its past meetings on every read. A week's or two
 * weeks' start moves by whole periods (a biweekly group keeps its weeks); a month's to the first of a month, where the
 * nth weekday of each month is the same rule. It never moves before the first meeting.
 */
function ruleOf(row: ScheduleRow, near: Date): InstanceType<typeof RRule> {
  const day = firstMeetingDay(row);
  const [hh, mm] = row.local_time.split(':').map(Number);
  const first = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hh, mm);
  const options: Partial<Options> = { byhour: [hh], byminute: [mm], bysecond: [0] };
  let start = first;
  if (row.frequency === 'monthly') {
    // The same place in each month as the first meeting (the 2nd Tuesday); a fifth one means the last.
    const nth = Math.ceil(day.getUTCDate() / 7);
    Object.assign(options, { freq: RRule.MONTHLY, byweekday: [RRULE_DAYS[row.weekday].nth(nth >= 5 ? -1 : nth)] });
    const monthStart = Date.UTC(near.getUTCFullYear(), near.getUTCMonth() - 1, 1, hh, mm);
    if (monthStart > first) start = monthStart;
  } else {
    const interval = row.frequency === 'biweekly' ? 2 : 1;
    Object.assign(options, { freq: RRule.WEEKLY, interval, byweekday: [RRULE_DAYS[row.weekday]] });
    const period = 7 * interval * DAY_MS;
    if (near.getTime() - period > first) start = first + Math.floor((near.getTime() - period - first) / period) * period;
  }
  return new RRule({ ...options, dtstart: new Date(start) });
}

/**
 * The meetings the schedule gives that start in [from, to), in order, at most `limit`. The floating window is widened by
 * a day each side (no zone is 14 hours or more from UTC) and the placed meetings filtered exactly.
 */
export function occurrences(row: ScheduleRow, from: Date, to: Date, limit = 400): Occurrence[] {
  const after = new Date(from.getTime() - DAY_MS);
  const floating = ruleOf(row, after).between(after, new Date(to.getTime() + DAY_MS), true);
  const out: Occurrence[] = [];
  for (const f of floating) {
    const startsAt = zonedInstant(f, row.time_zone);
    if (startsAt < from || startsAt >= to) continue;
    out.push({ occurrence: startsAt, startsAt, endsAt: new Date(startsAt.getTime() + row.duration_minutes * 60_000) });
    if (out.length >= limit) break;
  }
  return out;
}

/** Whether the schedule gives a meeting starting at `at`. */
export function isOccurrence(row: ScheduleRow, at: Date): boolean {
  return occurrences(row, at, new Date(at.getTime() + 1), 1).length === 1;
}

const compact = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
export const meetingIdOf = (groupId: string, occurrence: Date) => `${groupId}_${compact(occurrence)}`;

/** The group and the schedule's start of a meeting id (checked against MEETING_ID by the route's schema). */
export function parseMeetingId(meetingId: string): { groupId: string; occurrence: Date } {
  const [groupId, stamp] = meetingId.split('_');
  const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`;
  return { groupId: groupId.toLowerCase(), occurrence: new Date(iso) };
}
