import { z } from 'zod';
import {
  Attendance, AttendanceBody, CalendarLink, Hours, HoursQuery, MeetingParams, Meetings, MeetingSchema, MeetingsQuery, PatchMeetingBody,
} from '../../../common/groups.ts';
import { IdParams } from '../../../common/ids.ts';
import type { App, AppContext } from '../../context.ts';
import { currentUser, verified } from '../../lib/auth.ts';
import { calendarFeed, calendarLink, meetingIcs } from './calendar.ts';
import { consultationHours, hoursCsv, hoursPdf, memberName } from './hours.ts';
import { changeMeeting, confirmAttendance, listMeetings, readAttendance, recordAttendance } from './meetings.ts';

const Text = (type: string) => z.string().describe(type);
const TokenParams = z.object({ token: z.string().max(200) });
const NO_STORE = 'private, no-store';

/** Meetings, attendance, calendars and the hours log. */
export function meetingsRoutes(app: App, ctx: AppContext): void {
  app.get('/api/groups/:id/meetings', {
    onRequest: verified, schema: { params: IdParams, querystring: MeetingsQuery, response: { 200: Meetings } },
  }, async (request) => listMeetings(ctx, currentUser(request), request.params.id, request.query));

  app.patch('/api/groups/:id/meetings/:meetingId', {
    onRequest: verified, schema: { params: MeetingParams, body: PatchMeetingBody, response: { 200: MeetingSchema } },
  }, async (request) => changeMeeting(ctx, currentUser(request), request.params.id, request.params.meetingId, request.body));

  app.get('/api/groups/:id/meetings/:meetingId/ics', {
    onRequest: verified, schema: { params: MeetingParams, response: { 200: Text('text/calendar') } },
  }, async (request, reply) => reply.headers({
    'content-type': 'text/calendar; charset=utf-8', 'cache-control': NO_STORE, 'content-disposition': 'attachment; filename="meeting.ics"',
  }).send(await meetingIcs(ctx, currentUser(request), request.params.id, request.params.meetingId)));

  app.get('/api/groups/:id/meetings/:meetingId/attendance', {
    onRequest: verified, schema: { params: MeetingParams, response: { 200: Attendance } },
  }, async (request) => readAttendance(ctx, currentUser(request), request.params.id, request.params.meetingId));

  app.put('/api/groups/:id/meetings/:meetingId/attendance', {
    onRequest: verified, schema: { params: MeetingParams, body: AttendanceBody, response: { 200: Attendance } },
  }, async (request) => recordAttendance(ctx, currentUser(request), request.params.id, request.params.meetingId, request.body.attendedUserIds));

  app.post('/api/groups/:id/meetings/:meetingId/attendance/confirm', {
    onRequest: verified, schema: { params: MeetingParams, response: { 200: Attendance } },
  }, async (request) => confirmAttendance(ctx, currentUser(request), request.params.id, request.params.meetingId));

  app.get('/api/groups/calendar-link', { onRequest: verified, schema: { response: { 200: CalendarLink } } },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await calendarLink(ctx, currentUser(request), false)));

  app.post('/api/groups/calendar-link', { onRequest: verified, schema: { response: { 200: CalendarLink } } },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await calendarLink(ctx, currentUser(request), true)));

  // No session: the token in the URL is the credential (calendar apps poll it).
  app.get('/api/groups/calendar/:token.ics', { schema: { params: TokenParams, response: { 200: Text('text/calendar') } } },
    async (request, reply) => reply.headers({ 'content-type': 'text/calendar; charset=utf-8', 'cache-control': NO_STORE })
      .send(await calendarFeed(ctx, request.params.token)));

  app.get('/api/users/me/consultation-hours', {
    onRequest: verified, schema: { querystring: HoursQuery, response: { 200: z.union([Hours, Text('text/csv')]) } },
  }, async (request, reply) => {
    const hours = await consultationHours(ctx, currentUser(request), request.query);
    if (!/\btext\/csv\b/i.test(request.headers.accept ?? '')) return hours;
    return reply.headers(csvHeaders).send(hoursCsv(hours));
  });

  app.get('/api/users/me/consultation-hours.csv', {
    onRequest: verified, schema: { querystring: HoursQuery, response: { 200: Text('text/csv') } },
  }, async (request, reply) => reply.headers(csvHeaders).send(hoursCsv(await consultationHours(ctx, currentUser(request), request.query))));

  app.get('/api/users/me/consultation-hours.pdf', {
    onRequest: verified, schema: { querystring: HoursQuery, response: { 200: z.unknown().describe('application/pdf') } },
  }, async (request, reply) => {
    const user = currentUser(request);
    const pdf = await hoursPdf(await consultationHours(ctx, user, request.query), await memberName(ctx, user));
    return reply.headers({ 'content-type': 'application/pdf', 'cache-control': NO_STORE, 'content-disposition': 'attachment; filename="consultation-hours.pdf"' }).send(pdf);
  });
}

const csvHeaders = { 'content-type': 'text/csv; charset=utf-8', 'cache-control': NO_STORE, 'content-disposition': 'attachment; filename="consultation-hours.csv"' };
