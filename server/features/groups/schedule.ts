// A group's meetings from its schedule (docs/decisions/0235, 0420). The recurrence is expanded in "floating" time: each
// meeting is its local wall-clock time written as if it were UTC, by plain date arithmetic (weekly, every two weeks, or
// the nth weekday of each month). Each is then placed in the group's time zone with Intl, so 19:00 in America/Toronto
// is 00:00Z in winter and 23:00Z in summer, daylight-saving changes included.
import type { SqlRow } from '../../db/rows.ts';
import type { consultationGroups } from '../../db/schema.ts';

/** A group's schedule as its readers select it (starts_on as text: `starts_on::text`). */
export type ScheduleRow = SqlRow<typeof consultationGroups, 'id' | 'frequency' | 'weekday' | 'local_time' | 'time_zone' | 'duration_minutes'
  | 'starts_on'>;
export type Occurrence = { occurrence: Date; startsAt: Date; endsAt: Date };

const DAY_MS = 86_400_000;

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
 * The nth `weekday` (0 Sunday) of a month, at hh:mm floating; the fifth means the last. `month` may run past 11 (the
 * next years).
 */
function nthWeekdayOf(year: number, month: number, weekday: number, nth: number, hh: number, mm: number): number {
  if (nth >= 5) {
    const last = new Date(Date.UTC(year, month + 1, 0));
    return Date.UTC(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7), hh, mm);
  }
  const ahead = (weekday - new Date(Date.UTC(year, month, 1)).getUTCDay() + 7) % 7;
  return Date.UTC(year, month, 1 + ahead + (nth - 1) * 7, hh, mm);
}

/**
 * The schedule's meetings in floating time within [after, until], in order, never before the first meeting. Computed
 * from the window, not walked from the first meeting: a group years old costs what a new one does (bench/groups.ts; the
 * rrule library this replaced rebuilt a year's tables for every card, a third of a list's CPU).
 */
function floatingMeetings(row: ScheduleRow, after: number, until: number): number[] {
  const day = firstMeetingDay(row);
  const [hh, mm] = row.local_time.split(':').map(Number);
  const first = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hh, mm);
  const found: number[] = [];
  if (row.frequency === 'monthly') {
    // The same place in each month as the first meeting (the 2nd Tuesday); a fifth one means the last.
    const nth = Math.ceil(day.getUTCDate() / 7);
    const from = new Date(Math.max(after, first));
    for (let month = from.getUTCMonth(); ; month += 1) {
      const at = nthWeekdayOf(from.getUTCFullYear(), month, row.weekday, nth, hh, mm);
      if (at > until) break;
      if (at >= first && at >= after) found.push(at);
    }
    return found;
  }
  const period = (row.frequency === 'biweekly' ? 14 : 7) * DAY_MS;
  const skipped = after > first ? Math.ceil((after - first) / period) : 0;
  for (let at = first + skipped * period; at <= until; at += period) found.push(at);
  return found;
}

/**
 * The meetings the schedule gives that start in [from, to), in order, at most `limit`. The floating window is widened by
 * a day each side (no zone is 14 hours or more from UTC) and the placed meetings filtered exactly.
 */
export function occurrences(row: ScheduleRow, from: Date, to: Date, limit = 400): Occurrence[] {
  const floating = floatingMeetings(row, from.getTime() - DAY_MS, to.getTime() + DAY_MS);
  const out: Occurrence[] = [];
  for (const f of floating) {
    const startsAt = zonedInstant(new Date(f), row.time_zone);
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
