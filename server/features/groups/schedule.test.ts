// The schedule's expansion starts near the window asked for, not at the first meeting (bench/groups.ts: a group years
// old paid for every past meeting on every card). Whatever the window, it gives exactly the meetings an expansion from
// the first meeting gives in it: weekly, biweekly (its weeks kept), monthly (the nth and the last weekday), across zones.
import rrule from 'rrule';
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

// The expansion is date arithmetic since decision 0420; rrule, which it replaced, is the reference: walked from the first
// meeting in floating time, as before, over random schedules and windows (the same seed every run).
describe('the same meetings as rrule gives', () => {
  const { RRule } = rrule;
  const RRULE_DAYS = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];
  function byRrule(row: ScheduleRow, from: Date, to: Date): string[] {
    const start = new Date(`${row.starts_on}T00:00:00Z`);
    const day = new Date(start.getTime() + ((row.weekday - start.getUTCDay() + 7) % 7) * DAY_MS);
    const [hh, mm] = row.local_time.split(':').map(Number);
    const nth = Math.ceil(day.getUTCDate() / 7);
    const rule = new RRule({
      freq: row.frequency === 'monthly' ? RRule.MONTHLY : RRule.WEEKLY, interval: row.frequency === 'biweekly' ? 2 : 1,
      byweekday: [row.frequency === 'monthly' ? RRULE_DAYS[row.weekday].nth(nth >= 5 ? -1 : nth) : RRULE_DAYS[row.weekday]],
      byhour: [hh], byminute: [mm], bysecond: [0],
      dtstart: new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hh, mm)),
    });
    // Floating times, placed by the module under test's own zone rule: compared where both walk the same wall clock.
    return rule.between(new Date(from.getTime() - DAY_MS), new Date(to.getTime() + DAY_MS), true)
      .filter((f) => f.getTime() < to.getTime() + DAY_MS).map((f) => f.toISOString());
  }
  let seed = 20261128;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)];

  it('for 600 random schedules and windows (floating wall-clock times, before placing in the zone)', () => {
    for (let i = 0; i < 600; i++) {
      const startsOn = new Date(Date.UTC(2019, 0, 1) + Math.floor(random() * 2500) * DAY_MS).toISOString().slice(0, 10);
      const row: ScheduleRow = {
        id: 'g', frequency: pick(['weekly', 'biweekly', 'monthly']), weekday: Math.floor(random() * 7),
        local_time: `${String(Math.floor(random() * 24)).padStart(2, '0')}:${pick(['00', '15', '30', '45'])}`,
        time_zone: 'UTC', duration_minutes: 60, starts_on: startsOn,
      };
      const from = new Date(Date.UTC(2018, 6, 1) + Math.floor(random() * 3300) * DAY_MS);
      const to = new Date(from.getTime() + (1 + Math.floor(random() * 120)) * DAY_MS);
      const ours = occurrences(row, new Date(from.getTime() - DAY_MS), new Date(to.getTime() + DAY_MS), 1000).map((o) => o.startsAt.toISOString());
      expect(ours, JSON.stringify({ row, from, to })).toEqual(byRrule(row, from, to));
    }
  });
});
