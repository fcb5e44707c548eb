// Reporting content (members) and reviewing it (administrators).
import { sql } from 'drizzle-orm';
import {
  parseReportCursor, REPORT_CANNOT_SUSPEND_ADMIN, REPORT_DETAILS_REQUIRED, REPORT_DUPLICATE, REPORT_NO_AUTHOR, REPORT_NOT_FOUND,
  REPORT_PAGE_SIZE, REPORT_SENT, REVIEW_DONE, type CreateReport, type ReportAction, type ReportPage, type ReportTargetType,
  type ReviewReport,
} from '../../../common/moderation.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { SqlRow } from '../../db/rows.ts';
import { reports } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { CacheEvent } from '../../lib/caches.ts';
import { revokeAllSessions, revokeResetLinks, type CurrentUser } from '../../lib/auth.ts';
import { badRequest, conflict, notFound, postgresCode } from '../../lib/errors.ts';
import type { Mail } from '../../lib/mail.ts';
import { keepAnswerWithin } from '../../lib/idempotency.ts';
import { recordEvents } from '../../lib/outbox.ts';
import { mailOf } from '../../lib/outbox-notices.ts';
import { authorWarning, reporterOutcome } from './reports-mail.ts';
import { toReportItem, type ReportGroupRow } from './reports-present.ts';
import { removeTarget, reportableAuthor, targetView, type TargetView } from './reports-targets.ts';

/** One open report per member and item: a repeat answers 409 (the unique partial index decides, not a prior read). */
export async function createReport(ctx: AppContext, user: CurrentUser, input: CreateReport): Promise<{ msg: string }> {
  const details = input.details ?? '';
  if (input.reason === 'other' && !details) throw badRequest(REPORT_DETAILS_REQUIRED);
  const authorId = await reportableAuthor(ctx.db, user, input.targetType, input.targetId);
  const answer = { msg: REPORT_SENT };
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(reports).values({
        reporterId: user.id, targetType: input.targetType, targetId: input.targetId, targetAuthorId: authorId, reason: input.reason, details,
      });
      await keepAnswerWithin(tx, answer);
    });
  } catch (error) {
    if (postgresCode(error) === '23505') throw conflict(REPORT_DUPLICATE);
    throw error;
  }
  return answer;
}

/**
 * Reported items, newest report first: open reports grouped per item, or resolved ones grouped per review (an item's
 * reports resolve together, at one time). Cursor pages on (newest time, newest report id).
 */
export async function listReports(
  ctx: AppContext, _admin: CurrentUser, { status, before }: { status: 'open' | 'resolved'; before?: string },
): Promise<ReportPage> {
  const cursor = before ? parseReportCursor(before) : null;
  const rows = await queryRows<ReportGroupRow>(ctx.db, groupsQuery(status, cursor));
  const page = rows.slice(0, REPORT_PAGE_SIZE);
  const views = await Promise.all(page.map((r) => targetView(ctx.db, r.target_type, r.target_id)));
  const last = page.at(-1);
  return {
    items: page.map((r, i) => toReportItem(r, views[i])),
    nextCursor: rows.length > REPORT_PAGE_SIZE && last ? `${last.latest_at}_${last.newest_id}` : null,
  };
}

function groupsQuery(status: 'open' | 'resolved', cursor: { at: string; id: string } | null) {
  const time = status === 'open' ? sql`max(r.created_at)` : sql`r.resolved_at`;
  const groupBy = status === 'open' ? sql`r.target_type, r.target_id` : sql`r.target_type, r.target_id, r.resolved_at`;
  const after = cursor ? sql`WHERE (g.latest, g.newest_id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``;
  return sql`
    WITH g AS (
      SELECT r.target_type, r.target_id, count(*)::int AS n, ${time} AS latest,
        (array_agg(r.id ORDER BY r.created_at DESC, r.id DESC))[1] AS newest_id,
        (array_agg(r.target_author_id))[1] AS author_id,
        array_agg(r.reason) AS reasons,
        coalesce(array_agg(r.details ORDER BY r.created_at DESC) FILTER (WHERE r.details <> ''), '{}') AS details,
        max(r.resolution) AS resolution, max(r.note) AS note
      FROM reports r WHERE r.status = ${status}
      GROUP BY ${groupBy})
    SELECT g.target_type, g.target_id, g.n, g.newest_id, g.reasons, g.details, g.resolution, g.note, ${status} AS status,
      to_char(g.latest AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS latest_at,
      u.id AS author_id, u.name AS author_name, u.disabled AS author_disabled
    FROM g LEFT JOIN users u ON u.id = g.author_id
    ${after}
    ORDER BY g.latest DESC, g.newest_id DESC LIMIT ${REPORT_PAGE_SIZE + 1}`;
}

type Item = { targetType: ReportTargetType; targetId: string; authorId: string | null };
type Author = { id: string; name: string; email: string; role: string; locale: string | null };
type Reporter = { email: string; name: string; locale: string | null };

/**
 * Acts on every open report of the report's item at once: dismiss, remove the content, warn the author (a mail), or
 * suspend the author's account (disabled, every session and socket ended). Audited in the same transaction; then each
 * reporter hears the outcome (never who acted) and a warned author hears where (never who reported, nor the content).
 */
export async function reviewReport(
  ctx: AppContext, admin: CurrentUser, { id, action, note }: ReviewReport & { id: string },
): Promise<{ msg: string; resolved: number }> {
  const done = await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    const item = await itemOf(t, id);
    const reporters = await lockOpenReports(t, item, admin, action, note || null);
    const author = await authorFor(t, item, action, admin);
    const view = await targetView(t, item.targetType, item.targetId);
    const changed = await act(t, item, action, author);
    await recordAudit(t, {
      actorId: admin.id, action: `report.${action}`, targetType: item.targetType === 'profile' ? 'user' : item.targetType,
      targetId: item.targetId, detail: { reports: reporters.length, authorId: item.authorId, ...(note ? { note } : {}) },
    });
    const mails = reviewMails(ctx, { item, reporters, author, view }, action, note);
    return { item, reporters, author, changed, events: await recordEvents(ctx, t, mails.map(mailOf)) };
  });
  if (done.changed) ctx.caches.publish(done.changed);
  if (done.author && suspends(done.item, action)) ctx.realtime.endUser(done.author.id);
  await done.events.deliver();
  return { msg: REVIEW_DONE[action], resolved: done.reporters.length };
}

async function itemOf(db: Db, reportId: string): Promise<Item> {
  const [row] = await queryRows<SqlRow<typeof reports, 'target_id' | 'target_author_id'> & { target_type: ReportTargetType }>(db, sql`
    SELECT target_type, target_id, target_author_id FROM reports WHERE id = ${reportId}`);
  if (!row) throw notFound(REPORT_NOT_FOUND);
  return { targetType: row.target_type, targetId: row.target_id, authorId: row.target_author_id };
}

/** Resolves the item's open reports (locked, so two administrators cannot both act); none left answers 409. */
async function lockOpenReports(db: Db, item: Item, admin: CurrentUser, action: ReportAction, note: string | null): Promise<Reporter[]> {
  const rows = await queryRows<Reporter>(db, sql`
    WITH resolved AS (
      UPDATE reports SET status = 'resolved', resolution = ${action}, note = ${note}, resolved_by = ${admin.id}, resolved_at = now()
      WHERE target_type = ${item.targetType} AND target_id = ${item.targetId} AND status = 'open'
      RETURNING reporter_id)
    SELECT u.email, u.name, u.locale FROM resolved JOIN users u ON u.id = resolved.reporter_id`);
  if (!rows.length) throw conflict('These reports have already been reviewed.');
  return rows;
}

/** The author, needed to warn or suspend (and to remove a profile, which suspends it). */
async function authorFor(db: Db, item: Item, action: ReportAction, admin: CurrentUser): Promise<Author | null> {
  const needed = action === 'warn' || suspends(item, action);
  const [author] = item.authorId
    ? await queryRows<Author>(db, sql`SELECT id, name, email, role, locale FROM users WHERE id = ${item.authorId}`)
    : [];
  if (!needed) return author ?? null;
  if (!author) throw badRequest(REPORT_NO_AUTHOR);
  if (suspends(item, action) && (author.role === 'admin' || author.id === admin.id)) throw badRequest(REPORT_CANNOT_SUSPEND_ADMIN);
  return author;
}

// Removing a profile suspends its account: a profile is the member, and hiding it alone would leave them messaging.
const suspends = (item: Item, action: ReportAction) => action === 'suspend' || (action === 'remove' && item.targetType === 'profile');

async function act(db: Db, item: Item, action: ReportAction, author: Author | null): Promise<CacheEvent | null> {
  if (suspends(item, action) && author) {
    await db.execute(sql`UPDATE users SET disabled = true, updated_at = now() WHERE id = ${author.id}`);
    await revokeAllSessions(db, author.id);
    await revokeResetLinks(db, author.id);
    return null;
  }
  if (action === 'remove' && item.targetType !== 'profile') return removeTarget(db, item.targetType, item.targetId);
  return null;
}

/** Each reporter hears the outcome; a warned author hears where. One mail per event, so a retry sends only what failed. */
function reviewMails(
  ctx: AppContext, done: { item: Item; reporters: Reporter[]; author: Author | null; view: TargetView }, action: ReportAction, note?: string,
): Mail[] {
  const mails = done.reporters.map((reporter) => reporterOutcome(reporter, done.item.targetType, action, ctx.config.publicUrl));
  if (action === 'warn' && done.author) mails.push(authorWarning(done.author, done.item.targetType, done.view, note, ctx.config.publicUrl));
  return mails;
}
