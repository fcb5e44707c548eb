// The practice's shared intake inbox: the referrals sent to it, read by its intake members, admins and owner only.
// A line shows the needs and the sender, never the note, as a line of the received box does (and, like it, is not a
// read in the audit trail); the assigned clinician reads the whole referral, which is.
// They assign one to a clinician of the practice (who then holds a recipient's row and answers as any recipient does)
// or answer "no capacity" for the practice. Each transition is one conditional UPDATE (still unassigned, the referral
// still open), so two coordinators racing cannot both succeed: the second hears 409.
import { sql, type SQL } from 'drizzle-orm';
import {
  INBOX_ROLES, PRACTICE_LIMITS, PRACTICE_TEXTS, TREATING_ROLES, type InboxItem, type InboxPage, type InboxQuery, type PracticeRole,
} from '../../../common/practices.ts';
import { parseReferralCursor } from '../../../common/referrals.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';
import type { SqlRow, SqlValue } from '../../db/rows.ts';
import type { practiceReferrals, referralRecipients, referrals, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { recordEvents } from '../../lib/outbox.ts';
import { practiceNotice } from '../../lib/practice-referrals.ts';
import { userRoom } from '../../lib/realtime.ts';
import { requireRole, roleIn } from './access.ts';

const nowOf = (ctx: Pick<AppContext, 'now'>): Date => ctx.now?.() ?? new Date();
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const statusAt = (now: Date) => sql`CASE WHEN r.status = 'open' AND r.expires_at <= ${at(now)} THEN 'expired' ELSE r.status END`;
const summaryOf = (r: { age_group: string; concerns: string[]; session_formats: string[]; region: string }) =>
  [r.age_group, r.concerns.join(', '), r.session_formats.join(', '), r.region].join(' · ');

/** inboxSql's row: the practice's line, the referral's needs, its sender, and the assigned clinician and their answer (LEFT JOINs). */
type InboxRow = SqlRow<typeof practiceReferrals, 'referral_id' | 'created_at'> & { state: InboxItem['state'] }
  & SqlRow<typeof referrals, 'sender_id' | 'age_group' | 'concerns' | 'session_formats' | 'region' | 'urgency' | 'expires_at'> & {
  sender_name: SqlValue<typeof users, 'name'>; sender_avatar: SqlValue<typeof users, 'avatar'>;
  /** The effective status (computed: an open referral past its expiry reads as expired). */
  status: string;
  assigned_id: SqlValue<typeof users, 'id'> | null; assigned_name: SqlValue<typeof users, 'name'> | null;
  assigned_avatar: SqlValue<typeof users, 'avatar'>; response: SqlValue<typeof referralRecipients, 'response'> | null;
};

/**
 * GET /api/practices/{id}/referrals?status=&cursor=: newest first, one index range of practice_referrals per page.
 * The caller's role and the page are one prepared statement (one round trip, planned once per connection and shape):
 * a first row per practice found carries the caller's role, and the page's items come only when that role may read it,
 * so the answers are those of requireRole (404 for no practice, then 403) without its two statements. The role is a
 * join, read once: as a subquery in the select list PostgreSQL ran it again for every item (docs/decisions/0371).
 */
export async function listInbox(ctx: AppContext, user: CurrentUser, practiceId: string, input: InboxQuery): Promise<InboxPage> {
  const cursor = input.cursor ? parseReferralCursor(input.cursor) : null;
  if (input.cursor && !cursor) {
    // A refusal (404, 403) still comes before the bad cursor's 400.
    await requireRole(ctx.db, practiceId, user.id, INBOX_ROLES, PRACTICE_TEXTS.notInbox);
    throw badRequest('cursor is not a valid cursor');
  }
  const limit = PRACTICE_LIMITS.pageSize;
  const rows = await queryPrepared<InboxRow & { viewer_role: PracticeRole | null }>(ctx.db, sql`
    SELECT g.viewer_role, i.* FROM (SELECT p.id, m.role AS viewer_role
      FROM practices p LEFT JOIN practice_members m ON m.practice_id = p.id AND m.user_id = ${user.id} WHERE p.id = ${practiceId}) g
    LEFT JOIN LATERAL (${inboxSql(user.id, nowOf(ctx), practiceId, { status: input.status, cursor }, limit + 1,
      sql`AND g.viewer_role IN (${sql.raw(INBOX_ROLES.map((r) => `'${r}'`).join(', '))})`)}) i ON true
    ORDER BY i.created_at DESC, i.referral_id DESC`);
  if (!rows.length) throw notFound(PRACTICE_TEXTS.notFound);
  const role = rows[0].viewer_role;
  if (!role || !INBOX_ROLES.includes(role)) throw forbidden(PRACTICE_TEXTS.notInbox);
  const items = rows.filter((r) => r.referral_id !== null).map(itemOfRow);
  const last = items.at(limit - 1);
  return { referrals: items.slice(0, limit), nextCursor: items.length > limit && last ? `${last.createdAt}_${last._id}` : null };
}

type Filter = { status?: InboxQuery['status']; cursor?: { at: string; id: string } | null; referralId?: string };

/** The inbox's items for `viewerId` (blocks either way hidden), newest first; `gate`, a further condition. */
function inboxSql(viewerId: string, now: Date, practiceId: string, filter: Filter, limit: number, gate: SQL = sql``): SQL {
  const { status, cursor, referralId } = filter;
  return sql`
    SELECT pr.referral_id, pr.created_at, pr.state,
      s.id AS sender_id, s.name AS sender_name, s.avatar AS sender_avatar,
      r.age_group, array_to_json(r.concerns) AS concerns, array_to_json(r.session_formats) AS session_formats, r.region, r.urgency,
      ${statusAt(now)} AS status, r.expires_at,
      a.id AS assigned_id, a.name AS assigned_name, a.avatar AS assigned_avatar, rr.response
    FROM practice_referrals pr
    JOIN referrals r ON r.id = pr.referral_id JOIN users s ON s.id = r.sender_id
    LEFT JOIN users a ON a.id = pr.assigned_to
    LEFT JOIN referral_recipients rr ON rr.referral_id = pr.referral_id AND rr.recipient_id = pr.assigned_to
    WHERE pr.practice_id = ${practiceId} ${gate}
      ${status ? sql`AND pr.state = ${status}` : sql``}
      ${referralId ? sql`AND pr.referral_id = ${referralId}` : sql``}
      ${cursor ? sql`AND (pr.created_at, pr.referral_id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
      AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = r.sender_id AND b.blocked_id = ${viewerId})
        OR (b.blocker_id = ${viewerId} AND b.blocked_id = r.sender_id))
    ORDER BY pr.created_at DESC, pr.referral_id DESC LIMIT ${sql.raw(String(limit))}`;
}

const itemOfRow = (r: InboxRow): InboxItem => ({
  _id: r.referral_id, sender: { _id: r.sender_id, name: r.sender_name, avatar: r.sender_avatar },
  ageGroup: r.age_group, concerns: r.concerns, sessionFormats: r.session_formats, region: r.region, urgency: r.urgency,
  status: r.status, state: r.state, response: r.response,
  assignedTo: r.assigned_id ? { _id: r.assigned_id, name: r.assigned_name ?? '', avatar: r.assigned_avatar } : null,
  createdAt: new Date(r.created_at).toISOString(), expiresAt: new Date(r.expires_at).toISOString(),
});

async function inboxItems(ctx: AppContext, user: CurrentUser, practiceId: string, filter: Filter, limit: number): Promise<InboxItem[]> {
  return (await queryRows<InboxRow>(ctx.db, inboxSql(user.id, nowOf(ctx), practiceId, filter, limit))).map(itemOfRow);
}

/** The referral behind a line of the inbox, the line's state, and whether the referral is still open (computed). */
type Target = SqlRow<typeof referrals, 'sender_id' | 'age_group' | 'concerns' | 'session_formats' | 'region'>
  & SqlRow<typeof practiceReferrals, 'state'> & { open: boolean };

async function inboxReferral(db: Db, practiceId: string, referralId: string, viewerId: string, now: Date): Promise<Target> {
  const [row] = await queryRows<Target & { blocked: boolean }>(db, sql`
    SELECT r.sender_id, r.age_group, r.concerns, r.session_formats, r.region, pr.state,
      (r.status = 'open' AND r.expires_at > ${at(now)}) AS open,
      EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = r.sender_id AND b.blocked_id = ${viewerId})
        OR (b.blocker_id = ${viewerId} AND b.blocked_id = r.sender_id)) AS blocked
    FROM practice_referrals pr JOIN referrals r ON r.id = pr.referral_id
    WHERE pr.practice_id = ${practiceId} AND pr.referral_id = ${referralId}`);
  if (!row || row.blocked) throw notFound(PRACTICE_TEXTS.referralNotFound);
  if (!row.open) throw conflict('This referral is no longer open.');
  return row;
}

/** Whoever's badge, box or inbox changed: forgotten on every node, and told over their sockets. */
function tell(ctx: AppContext, referralId: string, received: string[], updated: string[]) {
  ctx.caches.publish({ type: 'referral.changed', userIds: [...received, ...updated] });
  if (received.length) ctx.realtime.io.to(received.map(userRoom)).emit('referralReceived', { referralId, kind: 'received', status: 'open' });
  if (updated.length) ctx.realtime.io.to(updated.map(userRoom)).emit('referralUpdated', { referralId, kind: 'answered', status: 'open' });
}

/** POST /api/practices/{id}/referrals/{referralId}/assign { userId } → the inbox item. */
export async function assign(ctx: AppContext, user: CurrentUser, practiceId: string, referralId: string, clinicianId: string): Promise<InboxItem> {
  const { practice } = await requireRole(ctx.db, practiceId, user.id, INBOX_ROLES, PRACTICE_TEXTS.notInbox);
  const now = nowOf(ctx);
  const referral = await inboxReferral(ctx.db, practiceId, referralId, user.id, now);
  const role = await roleIn(ctx.db, practiceId, clinicianId);
  if (!role || !TREATING_ROLES.includes(role)) throw badRequest(PRACTICE_TEXTS.notTreating);
  if (clinicianId === referral.sender_id) throw badRequest(PRACTICE_TEXTS.notTreating);
  const [check] = await queryRows<{ blocked: boolean; recipient: boolean; listed: boolean }>(ctx.db, sql`
    SELECT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${referral.sender_id} AND b.blocked_id = ${clinicianId})
        OR (b.blocker_id = ${clinicianId} AND b.blocked_id = ${referral.sender_id})) AS blocked,
      EXISTS (SELECT 1 FROM referral_recipients WHERE referral_id = ${referralId} AND recipient_id = ${clinicianId}) AS recipient,
      (SELECT verification_status = 'verified' AND NOT disabled FROM users WHERE id = ${clinicianId}) AS listed`);
  if (!check.listed) throw badRequest(PRACTICE_TEXTS.notTreating);
  if (check.blocked) throw forbidden(PRACTICE_TEXTS.assigneeBlocked);
  if (check.recipient) throw conflict(PRACTICE_TEXTS.alreadyRecipient);
  const summary = summaryOf(referral);
  const events = await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    const updated = await queryRows<{ id: SqlValue<typeof practiceReferrals, 'referral_id'> }>(t, sql`
      UPDATE practice_referrals SET state = 'assigned', assigned_to = ${clinicianId}, handled_by = ${user.id}, handled_at = ${at(now)}
      WHERE practice_id = ${practiceId} AND referral_id = ${referralId} AND state = 'unassigned' RETURNING referral_id AS id`);
    if (!updated.length) throw conflict(PRACTICE_TEXTS.alreadyHandled);
    // The clinician now holds the referral as any recipient does: their received box, their answer.
    await t.execute(sql`INSERT INTO referral_recipients (referral_id, recipient_id, created_at) VALUES (${referralId}, ${clinicianId}, ${at(now)})`);
    await recordAudit(t, {
      actorId: user.id, action: 'practice_referral.assign', targetType: 'referral', targetId: referralId, memberId: referral.sender_id,
      detail: { practiceId, assignedTo: clinicianId },
    });
    return recordEvents(ctx, t, [
      practiceNotice.of({ type: 'practiceReferralAssigned', referralId, summary, actorId: user.id, to: [clinicianId], detail: practice.name, url: `/referrals/${referralId}` }),
      practiceNotice.of({ type: 'referralAssigned', referralId, summary, actorId: clinicianId, to: [referral.sender_id], detail: practice.name, url: `/referrals/${referralId}` }),
    ]);
  });
  tell(ctx, referralId, [clinicianId], [referral.sender_id]);
  await events.deliver();
  return itemOf(ctx, user, practiceId, referralId);
}

/** PATCH /api/practices/{id}/referrals/{referralId} { response: 'no capacity' }: the practice declines as one. */
export async function answerForPractice(ctx: AppContext, user: CurrentUser, practiceId: string, referralId: string): Promise<InboxItem> {
  await requireRole(ctx.db, practiceId, user.id, INBOX_ROLES, PRACTICE_TEXTS.notInbox);
  const now = nowOf(ctx);
  const referral = await inboxReferral(ctx.db, practiceId, referralId, user.id, now);
  const events = await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    const updated = await queryRows<{ id: SqlValue<typeof practiceReferrals, 'referral_id'> }>(t, sql`
      UPDATE practice_referrals SET state = 'no capacity', handled_by = ${user.id}, handled_at = ${at(now)}
      WHERE practice_id = ${practiceId} AND referral_id = ${referralId} AND state = 'unassigned' RETURNING referral_id AS id`);
    if (!updated.length) throw conflict(PRACTICE_TEXTS.alreadyHandled);
    await recordAudit(t, {
      actorId: user.id, action: 'practice_referral.answer', targetType: 'referral', targetId: referralId, memberId: referral.sender_id,
      detail: { practiceId, response: 'no capacity' },
    });
    return recordEvents(ctx, t, [practiceNotice.of({
      type: 'referralAnswered', referralId, summary: summaryOf(referral), actorId: user.id, to: [referral.sender_id],
      detail: 'no capacity', url: `/referrals/${referralId}`,
    })]);
  });
  tell(ctx, referralId, [], [referral.sender_id]);
  await events.deliver();
  return itemOf(ctx, user, practiceId, referralId);
}

async function itemOf(ctx: AppContext, user: CurrentUser, practiceId: string, referralId: string): Promise<InboxItem> {
  const [item] = await inboxItems(ctx, user, practiceId, { referralId }, 1);
  if (!item) throw notFound(PRACTICE_TEXTS.referralNotFound);
  return item;
}
