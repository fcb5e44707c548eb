// Sending a referral, and reading referrals: one referral, the received and sent boxes, the nav badge's counts and the
// administrators' counts. Only the sender and the recipients read a referral: for anyone else (administrators
// included) it does not exist.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  parseReferralCursor, REFERRAL_LIMITS, REFERRAL_TEXTS, type CreateReferral, type Referral, type ReferralCounts,
  type ReferralListQuery, type ReferralPage, type ReferralStats,
} from '../../../common/referrals.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { sealReferralText } from '../../lib/crypto/fields.ts';
import { referralRecipients, referrals, type users } from '../../db/schema.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { refuseIdentifyingText } from '../../lib/client-privacy.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { keepAnswerWithin } from '../../lib/idempotency.ts';
import { recordEvents } from '../../lib/outbox.ts';
import { expiryOf, nowOf, todayOf } from './clock.ts';
import { countsCacheOf, keepUntil, pagesCacheOf, referralsChanged } from './read-cache.ts';
import { noticeOf, tellReceived } from './events.ts';
import { scheduleExpiringNotice } from './expiring.ts';
import { referralSummary, toListItem, toReferral } from './present.ts';
import * as q from './queries.ts';
import { lifetimeOf } from '../../lib/caches.ts';
import { recordAuditedRead } from '../../lib/audit.ts';
import { addToPracticeInboxes, checkPracticeRecipients, practicesOfReferral } from '../../lib/practice-referrals.ts';

const STATS_KEY = 'referrals:stats';

/** Every chosen therapist exists, is verified and not disabled, is not an administrator, and no block stands between. */
async function checkRecipients(db: Db, senderId: string, ids: string[]): Promise<void> {
  if (ids.includes(senderId)) throw badRequest(REFERRAL_TEXTS.recipientIsSelf);
  if (!ids.length) return;
  const rows = await queryRows<SqlRow<typeof users, 'id'> & { listed: boolean; blocked: boolean /* computed */ }>(db, sql`
    SELECT u.id, (u.verification_status = 'verified' AND NOT u.disabled AND u.role <> 'admin') AS listed,
      ${q.blockedEitherWay(sql`u.id`, sql`${senderId}::uuid`)} AS blocked
    FROM users u WHERE u.id = ANY(${`{${ids.join(',')}}`}::uuid[])`);
  if (rows.length < ids.length || rows.some((r) => !r.listed)) throw badRequest(REFERRAL_TEXTS.recipientMissing);
  if (rows.some((r) => r.blocked)) throw forbidden(REFERRAL_TEXTS.recipientBlocked);
}

export async function createReferral(ctx: AppContext, user: CurrentUser, input: CreateReferral): Promise<Referral> {
  refuseIdentifyingText(input.note, 'note', input.confirmLikelyName);
  const now = nowOf(ctx);
  if (input.neededBy && input.neededBy < todayOf(now)) throw badRequest(REFERRAL_TEXTS.neededByPast);
  await checkRecipients(ctx.db, user.id, input.recipientIds);
  await checkPracticeRecipients(ctx.db, user.id, input.recipientPracticeIds);
  const expiresAt = expiryOf(now, input.neededBy);
  const summary = referralSummary({ age_group: input.ageGroup, concerns: input.concerns, session_formats: input.sessionFormats, region: input.region });
  // The id is chosen here: the note's ciphertext is bound to it (server/lib/crypto/fields.ts).
  const referralId = randomUUID();
  const { id, answer, events } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(referrals).values({
      id: referralId, senderId: user.id, ageGroup: input.ageGroup, concerns: input.concerns, modalities: input.modalities,
      sessionFormats: input.sessionFormats, region: input.region, languages: input.languages, feeModels: input.feeModels,
      urgency: input.urgency, neededBy: input.neededBy ?? null, note: sealReferralText(referralId, input.note) ?? '', toBoard: input.toBoard,
      expiresAt, createdAt: now, updatedAt: now,
    }).returning({ id: referrals.id });
    if (input.recipientIds.length) {
      await tx.insert(referralRecipients).values(input.recipientIds.map((recipientId) => ({
        referralId: row.id, recipientId, createdAt: now, senderId: user.id, referralCreatedAt: now,
      })));
    }
    const t: Db = tx;
    await scheduleExpiringNotice(ctx, t, row.id, now, expiresAt);
    const toPractices = await addToPracticeInboxes(t, row.id, input.recipientPracticeIds, now, summary, user.id);
    const events = await recordEvents(ctx, t, [
      ...noticeOf('referralReceived', { referralId: row.id, summary, actorId: user.id, to: input.recipientIds }), ...toPractices,
    ]);
    const answer = await readReferral({ ...ctx, db: t }, user, { id: row.id });
    await keepAnswerWithin(t, answer);
    return { id: row.id, answer, events };
  });
  tellReceived(ctx, { referralId: id, kind: 'received', status: 'open', to: input.recipientIds });
  referralsChanged(ctx, [user.id]);
  await events.deliver();
  return answer;
}

/** The referral as the caller sees it; 404 unless they sent it or received it. */
export async function readReferral(ctx: AppContext, user: CurrentUser, { id }: { id: string }): Promise<Referral> {
  const row = await q.findReferral(ctx.db, id, nowOf(ctx));
  if (!row || !canRead(row, user.id)) throw notFound(REFERRAL_TEXTS.notFound);
  // A recipient reading the sender's referral is a read of the sender's data by somebody else: in the trail.
  if (row.sender_id !== user.id) {
    await recordAuditedRead(ctx.db, { actorId: user.id, action: 'referral.read', targetType: 'referral', targetId: id, memberId: row.sender_id });
  }
  const referral = toReferral(row, user.id);
  return row.sender_id === user.id ? { ...referral, practices: await practicesOfReferral(ctx.db, id) } : referral;
}

export const canRead = (row: q.ReferralRow, userId: string) =>
  row.sender_id === userId || (row.recipients ?? []).some((r) => r.id === userId);

export async function listReferrals(ctx: AppContext, user: CurrentUser, input: ReferralListQuery): Promise<ReferralPage> {
  const limit = REFERRAL_LIMITS.pageSize;
  const cursor = input.before ? parseReferralCursor(input.before) : null;
  const page = input.box === 'sent' ? q.sentPage : q.receivedPage;
  const load = async () => {
    const now = nowOf(ctx);
    const rows = await page(ctx.db, user.id, now, limit, input.status, cursor);
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    const value = { referrals: shown.map(toListItem), nextCursor: rows.length > limit && last ? `${last.cursor_at}_${last.id}` : null };
    // An open one shown turns expired at its expiry.
    return { value, keepMs: keepUntil(now, shown.filter((r) => r.status === 'open').map((r) => r.expires_at)) };
  };
  // The first page of each box (and the dashboard's open ones received) is what members open again and again.
  if (cursor || (input.status && input.status !== 'open')) return (await load()).value;
  return pagesCacheOf(ctx).read(user.id, load, `${input.box}:${input.status ?? ''}`);
}

/** The navigation badge, remembered per node until a referral event names the caller or a counted one expires. */
export async function referralCounts(ctx: AppContext, user: CurrentUser): Promise<ReferralCounts> {
  return countsCacheOf(ctx).read(user.id, async () => {
    const now = nowOf(ctx);
    const row = await q.counts(ctx.db, user.id, now);
    const value = { receivedOpen: row?.received_open ?? 0, sentOpen: row?.sent_open ?? 0 };
    return { value, keepMs: keepUntil(now, [row?.next_expiry]) };
  });
}

/** Administrators see how the network is used, never a referral: counts only, kept 30 s (a scan of the table). */
export async function referralStats(ctx: AppContext, _admin: CurrentUser): Promise<ReferralStats> {
  return ctx.cache.read(STATS_KEY, async () => {
    const row = await q.stats(ctx.db, nowOf(ctx));
    return {
      total: row.total, open: row.open, placed: row.placed, withdrawn: row.withdrawn, expired: row.expired,
      onBoard: row.on_board, sentLast30Days: row.sent_last_30_days,
    };
  }, { ttlMs: lifetimeOf(ctx.config, 'referralStats') });
}
