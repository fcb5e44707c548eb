// The schedule's expansion starts near the window asked for, not at the first meeting (bench/groups.ts: a group years
// old paid for every past meeting on every card). Whatever the window, it gives exactly the meetings an expansion from
// the first meeting gives in it: weekly, biweekly (its weeks kept), monthly (the nth and the last weekday), across zones.
import { describe, expect, it } from 'vitest';
import { occurrences, type ScheduleRow } from './schedule.ts';

const DAY_MS = 86_400_000;
const rows: ScheduleRow[] = [];
for (const frequency of ['weekly', 'biweekly', 'monthly']) {
  for (const [startsOn, weekday] of [['2021-03-02', 2], ['2021-01-29', 5], ['2021-05-31', 1], ['2021-06-17', 4], ['2021-10-10', 0]] as const) {
    for (const timeZone of ['America/Toronto', 'Asia/Kolkata', 'Australia/Sydney']) {
      rows.push({ id: 'g', frequency, weekday, local_time: '19:30', time_zone: timeZone, duration_minutes: 90, starts_on: startsOn });
    }
  }
}

describe('occurrences in a window years after the first meeting', () => {
  it('are the ones the expansion from the first meeting gives', () => {
    const end = new Date('2026-12-31T00:00:00Z');
    for (const row of rows) {
      const all = occurrences(row, new Date(`${row.starts_on}T00:00:00Z`), end, 1000).map((o) => o.startsAt.toISOString());
      expect(all.length).toBeGreaterThan(60);
      for (const from of ['2021-06-01', '2023-03-11', '2024-02-29', '2025-11-01', '2026-03-08']) {
        const start = new Date(`${from}T00:00:00Z`);
        const to = new Date(start.getTime() + 70 * DAY_MS);
        const expected = all.filter((at) => at >= start.toISOString() && at < to.toISOString());
        expect(occurrences(row, start, to).map((o) => o.startsAt.toISOString()), `${row.frequency} ${row.starts_on} ${row.time_zone} from ${from}`).toEqual(expected);
      }
    }
  });

  it('never gives a meeting before the first one', () => {
    const row: ScheduleRow = { id: 'g', frequency: 'monthly', weekday: 2, local_time: '09:00', time_zone: 'Europe/Paris', duration_minutes: 60, starts_on: '2026-03-20' };
    const got = occurrences(row, new Date('2026-03-01T00:00:00Z'), new Date('2026-06-01T00:00:00Z'));
    // The first meeting is the fourth Tuesday after 20 March (24 March), then the fourth Tuesday of each month.
    expect(got.map((o) => o.startsAt.toISOString().slice(0, 10))).toEqual(['2026-03-24', '2026-04-28', '2026-05-26']);
  });
});
