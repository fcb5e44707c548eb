// The board: open requests posted with toBoard, listed for verified therapists whose profile matches their age group and
// at least one concern. Such a therapist answers "I can take this" (an offer); the sender accepts one offer, which makes
// that therapist a recipient who has accepted (and opens their conversation, as any acceptance does).
import { sql } from 'drizzle-orm';
import { parseReferralCursor, REFERRAL_LIMITS, REFERRAL_TEXTS, type BoardItem, type BoardPage, type Referral } from '../../../common/referrals.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { referralOffers } from '../../db/schema.ts';
import { openReferralText, sealReferralText } from '../../lib/crypto/fields.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { refuseIdentifyingText } from '../../lib/client-privacy.ts';
import { announceHandOff } from '../../lib/conversations.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { keepAnswerWithin } from '../../lib/idempotency.ts';
import { recordEvents } from '../../lib/outbox.ts';
import { nowOf } from './clock.ts';
import { noticeOf, tellReceived, tellUpdated } from './events.ts';
import { referralsChanged } from './read-cache.ts';
import { referralSummary, toBoardItem } from './present.ts';
import * as q from './queries.ts';
import { canRead, readReferral } from './requests.ts';
import { scheduleOutcomeReminders } from './outcomes.ts';
import { openHandOff } from './responses.ts';

export async function listBoard(ctx: AppContext, user: CurrentUser, { before }: { before?: string }): Promise<BoardPage> {
  const limit = REFERRAL_LIMITS.pageSize;
  const rows = await q.boardPage(ctx.db, user.id, nowOf(ctx), limit, before ? parseReferralCursor(before) : null);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { referrals: shown.map(toBoardItem), nextCursor: rows.length > limit && last ? `${last.cursor_at}_${last.id}` : null };
}

/** Whether a block stands between the two members, either way. */
async function blockedBetween(ctx: AppContext, a: string, b: string): Promise<boolean> {
  const [row] = await queryRows<{ blocked: boolean }>(ctx.db, sql`SELECT ${q.blockedEitherWay(sql`${a}::uuid`, sql`${b}::uuid`)} AS blocked`);
  return row?.blocked === true;
}

type OfferInput = { id: string; message: string; confirmLikelyName?: boolean };

export async function makeOffer(ctx: AppContext, user: CurrentUser, { id, message, confirmLikelyName }: OfferInput): Promise<BoardItem> {
  refuseIdentifyingText(message, 'message', confirmLikelyName);
  const now = nowOf(ctx);
  const row = await q.findReferral(ctx.db, id, now);
  // A referral not on the board, or across a block, is not there for this therapist at all.
  if (!row || (!row.to_board && !canRead(row, user.id)) || await blockedBetween(ctx, user.id, row.sender_id)) {
    throw notFound(REFERRAL_TEXTS.notFound);
  }
  if (row.sender_id === user.id) throw badRequest(REFERRAL_TEXTS.ownReferral);
  if ((row.recipients ?? []).some((r) => r.id === user.id)) throw conflict(REFERRAL_TEXTS.alreadyRecipient);
  if (!row.to_board) throw notFound(REFERRAL_TEXTS.notFound);
  if (row.status !== 'open') throw conflict(REFERRAL_TEXTS.notOpen);
  const match = await q.boardMatch(ctx.db, id, user.id);
  if (!match.ok) throw forbidden(REFERRAL_TEXTS.boardMismatch);
  const sealed = sealReferralText(id, message) ?? '';
  const { answer, events } = await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    const [offer] = await queryRows<SqlRow<typeof referralOffers, 'created_at'>>(t, sql`
      INSERT INTO referral_offers (referral_id, therapist_id, message, created_at)
      VALUES (${id}, ${user.id}, ${sealed}, ${now.toISOString()}::timestamptz)
      ON CONFLICT (referral_id, therapist_id) DO NOTHING RETURNING created_at`);
    if (!offer) throw conflict(REFERRAL_TEXTS.offerExists);
    const notice = noticeOf('referralOffer', { referralId: id, summary: referralSummary(row), actorId: user.id, to: [row.sender_id] });
    const events = await recordEvents(ctx, t, notice);
    const answer = toBoardItem({ ...row, my_offer: { message: sealed, status: 'open', createdAt: new Date(offer.created_at).toISOString() }, cursor_at: '', viewer_licensed: match.licensed });
    await keepAnswerWithin(t, answer);
    return { answer, events };
  });
  tellUpdated(ctx, { referralId: id, kind: 'offer', status: 'open', to: [row.sender_id] });
  await events.deliver();
  return answer;
}

export async function acceptOffer(ctx: AppContext, user: CurrentUser, { id, offerId }: { id: string; offerId: string }): Promise<Referral> {
  const now = nowOf(ctx);
  const row = await q.findReferral(ctx.db, id, now);
  if (!row || !canRead(row, user.id)) throw notFound(REFERRAL_TEXTS.notFound);
  if (row.sender_id !== user.id) throw forbidden(REFERRAL_TEXTS.onlySenderAcceptsOffers);
  const offer = (row.offers ?? []).find((o) => o.id === offerId);
  if (!offer) throw notFound(REFERRAL_TEXTS.offerNotFound);
  if (offer.status !== 'open') throw conflict(REFERRAL_TEXTS.offerTaken);
  if (row.status !== 'open') throw conflict(REFERRAL_TEXTS.notOpen);
  // An offer made before a block (either way) cannot make its therapist a recipient afterwards.
  if (await blockedBetween(ctx, user.id, offer.therapistId)) throw forbidden(REFERRAL_TEXTS.recipientBlocked);
  const at = sql`${now.toISOString()}::timestamptz`;
  const taken = await ctx.db.transaction(async (tx) => {
    const txDb: Db = tx;
    const [accepted] = await queryRows<SqlRow<typeof referralOffers, 'therapist_id'>>(txDb, sql`
      UPDATE referral_offers o SET status = 'accepted' FROM referrals r
      WHERE o.id = ${offerId} AND o.referral_id = ${id} AND o.status = 'open' AND r.id = o.referral_id AND ${q.statusIs('open', now)}
      RETURNING o.therapist_id`);
    if (!accepted) return null;
    await txDb.execute(sql`
      INSERT INTO referral_recipients (referral_id, recipient_id, response, message, responded_at, via_board, created_at)
      VALUES (${id}, ${offer.therapistId}, 'accepted', ${offer.message || null}, ${at}, true, ${at})
      ON CONFLICT (referral_id, recipient_id) DO UPDATE SET response = 'accepted', responded_at = EXCLUDED.responded_at`);
    await openHandOff(txDb, row, offer.therapistId, user.id, openReferralText(id, offer.message));
    await scheduleOutcomeReminders(ctx, txDb, id, offer.therapistId, now);
    return recordEvents(ctx, txDb, noticeOf('referralReceived', { referralId: id, summary: referralSummary(row), actorId: user.id, to: [offer.therapistId] }));
  });
  if (!taken) throw conflict(REFERRAL_TEXTS.offerTaken);
  tellReceived(ctx, { referralId: id, kind: 'offerAccepted', status: 'open', to: [offer.therapistId] });
  await announceHandOff(ctx, user.id, offer.therapistId);
  // The sender's own sent box changed too (an accepted answer, an offer fewer): their other nodes forget it.
  referralsChanged(ctx, [user.id]);
  await taken.deliver();
  return readReferral(ctx, user, { id });
}
