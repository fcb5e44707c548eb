// A member's consultation hours: the meetings they attended (as their facilitator recorded them) between two dates,
// with the group, date, duration and facilitator, as JSON, CSV or a PDF they can hand to a supervisor or a board. The
// rows keep the group's and facilitator's names, so the log outlives a group or a membership. Served by
// group_attendance_user_idx (user, start).
import { sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import PDFDocument from 'pdfkit';
import type { Hours } from '../../../common/groups.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { groupAttendance, users } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { badRequest } from '../../lib/errors.ts';
import { iso } from './queries.ts';
import { nowOf } from './access.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

type Row = SqlRow<typeof groupAttendance, 'meeting_key' | 'group_name' | 'facilitator_name' | 'starts_at' | 'duration_minutes'>
  & { confirmed: boolean };

/** `from` and `to` are dates (YYYY-MM-DD, both included); by default the current calendar year (UTC). */
export async function consultationHours(ctx: AppContext, user: CurrentUser, input: { from?: string; to?: string }): Promise<Hours> {
  const year = nowOf(ctx).getUTCFullYear();
  const from = input.from ?? `${year}-01-01`;
  const to = input.to ?? `${year}-12-31`;
  if (!DATE.test(from) || !DATE.test(to) || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) {
    throw badRequest('"from" and "to" must be dates (YYYY-MM-DD).');
  }
  if (to < from) throw badRequest('"to" must not be before "from".');
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString();
  const rows = await queryPrepared<Row>(ctx.db, sql`
    SELECT meeting_key, group_name, facilitator_name, ${iso(sql`starts_at`)} AS starts_at, duration_minutes, confirmed_at IS NOT NULL AS confirmed
    FROM group_attendance WHERE user_id = ${user.id}::uuid AND starts_at >= ${`${from}T00:00:00Z`}::timestamptz AND starts_at < ${end}::timestamptz
    ORDER BY starts_at, meeting_key LIMIT 5000`);
  const lines = rows.map((r) => ({
    meetingId: r.meeting_key, group: r.group_name, facilitator: r.facilitator_name, date: r.starts_at.slice(0, 10), startsAt: r.starts_at,
    durationMinutes: r.duration_minutes, confirmed: r.confirmed,
  }));
  const totalMinutes = lines.reduce((sum, l) => sum + l.durationMinutes, 0);
  return { from, to, lines, totalMinutes, totalHours: Math.round((totalMinutes / 60) * 100) / 100 };
}

export function hoursCsv(hours: Hours): string {
  return stringify([
    ['Date', 'Group', 'Facilitator', 'Duration (minutes)', 'Confirmed by me'],
    ...hours.lines.map((l) => [l.date, l.group, l.facilitator, String(l.durationMinutes), l.confirmed ? 'yes' : 'no']),
    ['Total', '', '', String(hours.totalMinutes), `${hours.totalHours} hours`],
  ]);
}

const hoursText = (minutes: number) => `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;

/** The PDF: who, the period, one line per meeting (date, group, facilitator, duration) and the total. Signed by nobody. */
export async function hoursPdf(hours: Hours, memberName: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: 'Consultation hours', Author: 'Thera Root' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.fontSize(18).text('Consultation hours');
  doc.moveDown(0.5).fontSize(11).text(`Therapist: ${memberName}`).text(`Period: ${hours.from} to ${hours.to}`);
  doc.text('Peer consultation meetings attended, as recorded by each group\'s facilitator on Thera Root.');
  doc.moveDown();
  for (const l of hours.lines) {
    doc.fontSize(10).text(`${l.date}  ${l.group}  (facilitator: ${l.facilitator})  ${hoursText(l.durationMinutes)}${l.confirmed ? '' : '  (not yet confirmed by me)'}`);
  }
  if (!hours.lines.length) doc.fontSize(10).text('No meetings attended in this period.');
  doc.moveDown().fontSize(12).text(`Total: ${hours.lines.length} meetings, ${hoursText(hours.totalMinutes)} (${hours.totalHours} hours)`);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

export async function memberName(ctx: AppContext, user: CurrentUser): Promise<string> {
  const [row] = await queryRows<SqlRow<typeof users, 'name'>>(ctx.db, sql`SELECT name FROM users WHERE id = ${user.id}::uuid`);
  return row?.name ?? '';
}
