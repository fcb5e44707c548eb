// Calendars: each member's private feed of all their groups' meetings (a URL that needs no session, so calendar apps
// can poll it) and one meeting's .ics. The feed's token is the HMAC of the member and a random nonce with the app's
// secret (server/lib/signed-links.ts): the database keeps the nonce and the token's hash only, so its copy cannot
// rebuild a link. Replacing the link draws a new nonce: the old URL then answers 404.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ical, { ICalEventStatus, type ICalCalendar } from 'ical-generator';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { groupCalendarLinks } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { signLink } from '../../lib/signed-links.ts';
import { hashToken } from '../../lib/tokens.ts';
import { findMeeting } from './meetings.ts';
import { meetingsOf, type MeetingAt } from './present.ts';
import * as q from './queries.ts';
import { memberGroup, nowOf } from './access.ts';

const PURPOSE = 'group-calendar';
const DAY_MS = 86_400_000;
/** The feed holds meetings from 60 days back to a year ahead. */
const BACK_MS = 60 * DAY_MS;
const AHEAD_MS = 366 * DAY_MS;

const tokenOf = async (ctx: AppContext, userId: string, nonce: string) =>
  (await signLink(ctx.db, ctx.config.appSecret, PURPOSE, [userId, nonce])).split('.').at(-1)!;

const feedUrl = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/api/groups/calendar/${token}.ics`;

async function saveLink(ctx: AppContext, userId: string, replace: boolean): Promise<string> {
  const nonce = randomBytes(16).toString('base64url');
  const token = await tokenOf(ctx, userId, nonce);
  const onConflict = replace ? sql`DO UPDATE SET nonce = EXCLUDED.nonce, token_hash = EXCLUDED.token_hash, created_at = now()` : sql`DO NOTHING`;
  await ctx.db.execute(sql`INSERT INTO group_calendar_links (user_id, token_hash, nonce) VALUES (${userId}::uuid, ${hashToken(token)}, ${nonce})
    ON CONFLICT (user_id) ${onConflict}`);
  const [row] = await queryRows<SqlRow<typeof groupCalendarLinks, 'nonce'>>(ctx.db, sql`SELECT nonce FROM group_calendar_links WHERE user_id = ${userId}::uuid`);
  return feedUrl(ctx, row.nonce === nonce ? token : await tokenOf(ctx, userId, row.nonce));
}

/** GET: the member's link (made on first ask); POST: a new one, the old one stops working. */
export const calendarLink = async (ctx: AppContext, user: CurrentUser, replace: boolean) => ({ url: await saveLink(ctx, user.id, replace) });

type EventInput = { meeting: MeetingAt; group: Pick<q.GroupRow, 'name' | 'meeting_link' | 'id'> };

function addEvents(calendar: ICalCalendar, ctx: AppContext, events: EventInput[]): void {
  for (const { meeting, group } of events) {
    calendar.createEvent({
      id: `${meeting._id}@thera-root`, start: new Date(meeting.startsAt), end: new Date(meeting.endsAt), summary: group.name,
      // The meeting link and the group's page; never a case or a member's name.
      description: group.meeting_link ? `Join: ${group.meeting_link}` : '', url: `${ctx.config.publicUrl}/groups/${group.id}`,
      location: group.meeting_link || undefined,
      status: meeting.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
}

/** The feed by its token, for no session: 404 for a token that is not (or no longer) a member's link. */
export async function calendarFeed(ctx: AppContext, token: string): Promise<string> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound();
  const [link] = await queryRows<SqlRow<typeof groupCalendarLinks, 'user_id'>>(ctx.db, sql`SELECT user_id FROM group_calendar_links WHERE token_hash = ${hashToken(token)}`);
  if (!link) throw notFound('This calendar link is no longer valid.');
  const groups = await q.myGroups(ctx.db, link.user_id);
  const now = nowOf(ctx);
  const from = new Date(now.getTime() - BACK_MS);
  const to = new Date(now.getTime() + AHEAD_MS);
  const changes = await q.changesBetween(ctx.db, groups.map((g) => g.id), from, to);
  const calendar = ical({ name: 'Thera Root consultation groups', prodId: { company: 'Thera Root', product: 'groups' } });
  addEvents(calendar, ctx, groups.flatMap((group) => meetingsOf(group, changes, from, to).map((meeting) => ({ meeting, group }))));
  return calendar.toString();
}

/** One meeting's .ics, for a member ("Add to calendar"). */
export async function meetingIcs(ctx: AppContext, user: CurrentUser, groupId: string, meetingId: string): Promise<string> {
  const group = await memberGroup(ctx.db, groupId, user);
  const meeting = await findMeeting(ctx.db, group, meetingId);
  const calendar = ical({ name: group.name, prodId: { company: 'Thera Root', product: 'groups' } });
  addEvents(calendar, ctx, [{ meeting, group }]);
  return calendar.toString();
}
