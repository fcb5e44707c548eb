// Meetings from the schedule across daylight-saving changes (America/Toronto) and in zones without them (Asia/Tokyo,
// America/Regina); moving and cancelling one; the calendar feed (parsed back as iCalendar) and its revocation; one
// meeting's .ics; attendance; the hours log as JSON, CSV and PDF with the right totals; reminders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ical, { type VEvent } from 'node-ical';
import { PDFParse } from 'pdf-parse';
import { GROUP_TEXTS } from '../../../common/groups.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { controlledClock, GROUP, groupWith } from './test-helpers.ts';

let cast: Cast;
const clock = controlledClock('2026-10-20T12:00:00.000Z');
const call = caller(() => cast.ctx.app);
const starts = (body: { meetings: { startsAt: string }[] }) => body.meetings.map((m) => m.startsAt);

beforeAll(async () => {
  cast = await createCast({ ana: 'Ana Facilitator', ben: 'Ben Member' }, {}, { now: clock.now });
});
afterAll(() => cast.ctx.close());

/** The events of an iCalendar text, parsed back with node-ical. */
const vevents = (text: string) => Object.values(ical.sync.parseICS(text)).filter((e): e is VEvent => e?.type === 'VEVENT');
const schedule = (over: object) => ({ schedule: { ...GROUP().schedule, ...over } });

describe('meetings from the schedule', () => {
  it('keeps 19:00 local across the end of daylight saving in America/Toronto (1 November 2026)', async () => {
    const id = await groupWith(call, cast.ana, [], schedule({ weekday: 'Sunday', startsOn: '2026-10-01' }));
    const res = await call('GET', `/api/groups/${id}/meetings?from=2026-10-20T00:00:00Z&to=2026-11-10T00:00:00Z`, cast.ana);
    expect(starts(res.body)).toEqual(['2026-10-25T23:00:00.000Z', '2026-11-02T00:00:00.000Z', '2026-11-09T00:00:00.000Z']);
    expect(res.body.meetings[0]).toMatchObject({ _id: `${id}_20261025T230000Z`, endsAt: '2026-10-26T00:30:00.000Z', status: 'scheduled' });
  });

  it('keeps 19:00 local across the start of daylight saving (14 March 2027), biweekly', async () => {
    const id = await groupWith(call, cast.ana, [], schedule({ weekday: 0, frequency: 'biweekly', startsOn: '2027-02-28' }));
    const res = await call('GET', `/api/groups/${id}/meetings?from=2027-02-27T00:00:00Z&to=2027-04-01T00:00:00Z`, cast.ana);
    expect(starts(res.body)).toEqual(['2027-03-01T00:00:00.000Z', '2027-03-14T23:00:00.000Z', '2027-03-28T23:00:00.000Z']);
  });

  it('stays at the same UTC time all year in zones without daylight saving', async () => {
    const tokyo = await groupWith(call, cast.ana, [], schedule({ weekday: 'Tuesday', time: '10:00', timeZone: 'Asia/Tokyo', frequency: 'monthly', startsOn: '2026-10-01' }));
    const res = await call('GET', `/api/groups/${tokyo}/meetings?from=2026-10-01T00:00:00Z&to=2027-04-01T00:00:00Z`, cast.ana);
    // The first Tuesday of each month, 10:00 in Tokyo (UTC+9).
    expect(starts(res.body)).toEqual(['2026-10-06', '2026-11-03', '2026-12-01', '2027-01-05', '2027-02-02', '2027-03-02'].map((d) => `${d}T01:00:00.000Z`));
    const regina = await groupWith(call, cast.ana, [], schedule({ weekday: 'Sunday', timeZone: 'America/Regina', startsOn: '2026-10-25' }));
    const r = await call('GET', `/api/groups/${regina}/meetings?from=2026-10-20T00:00:00Z&to=2026-11-10T00:00:00Z`, cast.ana);
    expect(starts(r.body)).toEqual(['2026-10-26T01:00:00.000Z', '2026-11-02T01:00:00.000Z', '2026-11-09T01:00:00.000Z']);
  });

  it('moves and cancels one meeting (the facilitator), keeping its id; members only read, with confirmation of the facilitator only', async () => {
    const member = await createUser(cast.ctx.db);
    const id = await groupWith(call, cast.ana, [member], schedule({ weekday: 'Sunday', startsOn: '2026-10-01' }));
    const url = `/api/groups/${id}/meetings?from=2026-10-20T00:00:00Z&to=2026-11-10T00:00:00Z`;
    const [first, second] = (await call('GET', url, member)).body.meetings;
    expect((await call('PATCH', `/api/groups/${id}/meetings/${first._id}`, member, { status: 'cancelled' })).status).toBe(403);
    expect((await call('PATCH', `/api/groups/${id}/meetings/${first._id}`, cast.ana, { status: 'cancelled' })).body.status).toBe('cancelled');
    const moved = await call('PATCH', `/api/groups/${id}/meetings/${second._id}`, cast.ana, { startsAt: '2026-11-03T00:00:00Z' });
    expect(moved.body).toMatchObject({ _id: second._id, startsAt: '2026-11-03T00:00:00.000Z', status: 'moved' });
    const after = (await call('GET', url, member)).body.meetings;
    expect(after.map((m: { _id: string; status: string }) => [m._id, m.status])).toEqual([[first._id, 'cancelled'], [second._id, 'moved'], [expect.any(String), 'scheduled']]);
    expect((await call('PATCH', `/api/groups/${id}/meetings/${id}_20261026T230000Z`, cast.ana, { status: 'cancelled' })).status).toBe(404);
    expect((await call('GET', url, cast.ben)).status).toBe(403);
    expect((await call('GET', url, cast.admin)).status).toBe(403);
    expect((await call('GET', url, cast.pending)).status).toBe(403);
  });
});

describe('calendars', () => {
  it('the feed parses as iCalendar with my groups\' meetings, needs no session, and answers 404 once replaced', async () => {
    const member = await createUser(cast.ctx.db);
    const id = await groupWith(call, cast.ana, [member], { name: 'Feed group', ...schedule({ weekday: 'Sunday', startsOn: '2026-10-01' }) });
    const link = await call('GET', '/api/groups/calendar-link', member);
    expect(link.body.url).toMatch(/\/api\/groups\/calendar\/[A-Za-z0-9_-]+\.ics$/);
    expect((await call('GET', '/api/groups/calendar-link', member)).body.url).toBe(link.body.url);
    const path = new URL(link.body.url).pathname;
    const feed = await cast.ctx.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/text\/calendar/);
    const first = vevents(feed.body).find((e) => e.uid === `${id}_20261025T230000Z@thera-root`);
    expect(first).toMatchObject({ summary: 'Feed group' });
    expect(first && new Date(first.start).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    const replaced = await call('POST', '/api/groups/calendar-link', member);
    expect(replaced.body.url).not.toBe(link.body.url);
    expect((await cast.ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await cast.ctx.app.inject({ method: 'GET', url: new URL(replaced.body.url).pathname })).statusCode).toBe(200);
    expect((await cast.ctx.app.inject({ method: 'GET', url: '/api/groups/calendar/not-a-real-token-at-all-x.ics' })).statusCode).toBe(404);
  });

  it('one meeting\'s .ics for a member', async () => {
    const id = await groupWith(call, cast.ana, [], schedule({ weekday: 'Sunday', startsOn: '2026-10-01' }));
    const res = await cast.ctx.app.inject({ method: 'GET', url: `/api/groups/${id}/meetings/${id}_20261025T230000Z/ics`, headers: cast.ana.headers });
    expect(res.statusCode).toBe(200);
    const [event] = vevents(res.body);
    expect(event?.end && new Date(event.end).toISOString()).toBe('2026-10-26T00:30:00.000Z');
    expect((await cast.ctx.app.inject({ method: 'GET', url: `/api/groups/${id}/meetings/${id}_20261025T230000Z/ics`, headers: cast.ben.headers })).statusCode).toBe(403);
  });
});

describe('attendance and consultation hours', () => {
  let a: TestUser; let b: TestUser; let id: string; let meetings: { _id: string }[];
  beforeAll(async () => {
    [a, b] = await Promise.all([createUser(cast.ctx.db, { name: 'Aroha Attendee' }), createUser(cast.ctx.db)]);
    clock.set('2026-10-01T12:00:00.000Z');
    id = await groupWith(call, cast.ana, [a, b], { name: 'Hours group', ...schedule({ weekday: 'Sunday', startsOn: '2026-10-01', durationMinutes: 90 }) });
    meetings = (await call('GET', `/api/groups/${id}/meetings?from=2026-10-01T00:00:00Z&to=2026-10-20T00:00:00Z`, a)).body.meetings;
  });

  it('is recorded by the facilitator after the meeting, for members only; each member confirms their own line', async () => {
    const url = (m: { _id: string }) => `/api/groups/${id}/meetings/${m._id}/attendance`;
    expect((await call('PUT', url(meetings[0]), cast.ana, { attendedUserIds: [a.id] })).body.msg).toBe(GROUP_TEXTS.meetingNotOver);
    clock.set('2026-10-25T12:00:00.000Z');
    expect((await call('PUT', url(meetings[0]), a, { attendedUserIds: [a.id] })).status).toBe(403);
    expect((await call('PUT', url(meetings[0]), cast.ana, { attendedUserIds: [cast.ben.id] })).body.msg).toBe(GROUP_TEXTS.attendeesMembers);
    for (const m of meetings) expect((await call('PUT', url(m), cast.ana, { attendedUserIds: [a.id, cast.ana.id] })).status).toBe(200);
    expect((await call('PUT', url(meetings[1]), cast.ana, { attendedUserIds: [b.id] })).body.lines).toHaveLength(1);
    expect((await call('POST', `${url(meetings[1])}/confirm`, a)).body.msg).toBe(GROUP_TEXTS.notAttended);
    const confirmed = await call('POST', `${url(meetings[0])}/confirm`, a);
    expect(confirmed.body.lines.find((l: { user: { _id: string } }) => l.user._id === a.id).confirmedAt).toBe('2026-10-25T12:00:00.000Z');
  });

  it('lists the hours as JSON, CSV and a PDF naming group and facilitator, with the totals', async () => {
    const hours = await call('GET', '/api/users/me/consultation-hours?from=2026-10-01&to=2026-10-31', a);
    expect(hours.body).toMatchObject({ from: '2026-10-01', to: '2026-10-31', totalMinutes: 90 * (meetings.length - 1), totalHours: 1.5 * (meetings.length - 1) });
    expect(hours.body.lines[0]).toMatchObject({ group: 'Hours group', facilitator: 'Ana Facilitator', date: '2026-10-04', durationMinutes: 90, confirmed: true });
    const csv = await cast.ctx.app.inject({ method: 'GET', url: '/api/users/me/consultation-hours?from=2026-10-01&to=2026-10-31', headers: { ...a.headers, accept: 'text/csv' } });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const rows = csv.body.trim().split('\n');
    expect(rows[0]).toBe('Date,Group,Facilitator,Duration (minutes),Confirmed by me');
    expect(rows).toHaveLength(meetings.length + 1);
    expect(rows.at(-1)).toBe(`Total,,,${90 * (meetings.length - 1)},${1.5 * (meetings.length - 1)} hours`);
    const dotCsv = await cast.ctx.app.inject({ method: 'GET', url: '/api/users/me/consultation-hours.csv?from=2026-10-01&to=2026-10-31', headers: a.headers });
    expect(dotCsv.body).toBe(csv.body);
    const pdf = await cast.ctx.app.inject({ method: 'GET', url: '/api/users/me/consultation-hours.pdf?from=2026-10-01&to=2026-10-31', headers: a.headers });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText()).text;
    expect(text).toContain('Aroha Attendee');
    expect(text).toContain('Hours group');
    expect(text).toContain('facilitator: Ana Facilitator');
    expect(text).toContain(`Total: ${meetings.length - 1} meetings`);
    // Another member's log is their own: b attended one meeting.
    expect((await call('GET', '/api/users/me/consultation-hours?from=2026-10-01&to=2026-10-31', b)).body.totalMinutes).toBe(90);
    expect((await call('GET', '/api/users/me/consultation-hours?from=2026-10-31&to=2026-10-01', b)).status).toBe(400);
  });

  it('keeps the hours after the member leaves the group', async () => {
    await call('DELETE', `/api/groups/${id}/members/${b.id}`, b);
    expect((await call('GET', '/api/users/me/consultation-hours?from=2026-10-01&to=2026-10-31', b)).body.totalMinutes).toBe(90);
  });
});
