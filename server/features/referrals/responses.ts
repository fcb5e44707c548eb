// Answers and outcomes: a recipient accepts, declines or has no capacity; the sender marks the referral placed or
// withdrawn. Each transition is one conditional UPDATE (the referral still open and not expired, the answer still
// pending), so two racing requests cannot both succeed; a refused transition answers 409.
import { sql } from 'drizzle-orm';
import { REFERRAL_TEXTS, type PatchReferral, type RecipientResponse, type Referral } from '../../../common/referrals.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { SqlRow, SqlValue } from '../../db/rows.ts';
import type { referralRecipients, referrals } from '../../db/schema.ts';
import { sealReferralText } from '../../lib/crypto/fields.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { refuseIdentifyingText } from '../../lib/client-privacy.ts';
import { closeToNewClients } from '../../lib/availability.ts';
import { isBlockedBy } from '../../lib/blocks.ts';
import { insertCarriedMessage, insertSystemLine, announceHandOff, upsertConversation } from '../../lib/conversations.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { recordEvents } from '../../lib/outbox.ts';
import { nowOf } from './clock.ts';
import { noticeOf, tellUpdated } from './events.ts';
import { recordOutcome, scheduleOutcomeReminders } from './outcomes.ts';
import { referralSummary } from './present.ts';
import * as q from './queries.ts';
import { canRead, readReferral } from './requests.ts';

type Patch = { id: string } & PatchReferral;

export async function updateReferral(ctx: AppContext, user: CurrentUser, input: Patch): Promise<Referral> {
  if (input.message) refuseIdentifyingText(input.message, 'message', input.confirmLikelyName);
  const now = nowOf(ctx);
  const row = await q.findReferral(ctx.db, input.id, now);
  if (!row || !canRead(row, user.id)) throw notFound(REFERRAL_TEXTS.notFound);
  const isSender = row.sender_id === user.id;
  if (input.status) {
    if (!isSender) throw forbidden(REFERRAL_TEXTS.onlySenderSetsStatus);
    await setStatus(ctx, user, row, input.status, now);
  } else if (input.outcome) {
    await recordOutcome(ctx, user, row, input.outcome, now);
  } else {
    if (!(row.recipients ?? []).some((r) => r.id === user.id)) throw forbidden(REFERRAL_TEXTS.onlyRecipientResponds);
    await respond(ctx, user, row, { response: input.response as RecipientResponse, message: input.message ?? null, stopAccepting: input.stopAccepting === true }, now);
  }
  return readReferral(ctx, user, { id: input.id });
}

async function setStatus(ctx: AppContext, user: CurrentUser, row: q.ReferralRow, status: 'placed' | 'withdrawn', now: Date) {
  const recipients = (row.recipients ?? []).map((r) => r.id);
  const events = await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    const updated = await queryRows<SqlRow<typeof referrals, 'id'>>(t, sql`
      UPDATE referrals r SET status = ${status}, updated_at = ${now.toISOString()}::timestamptz
      WHERE r.id = ${row.id} AND r.sender_id = ${user.id} AND ${q.statusIs('open', now)} RETURNING r.id`);
    if (!updated.length) throw conflict(REFERRAL_TEXTS.notOpen);
    const placed = status === 'placed' ? noticeOf('referralPlaced', { referralId: row.id, summary: referralSummary(row), actorId: user.id, to: recipients }) : [];
    return recordEvents(ctx, t, placed);
  });
  const offerers = (row.offers ?? []).filter((o) => o.status === 'open').map((o) => o.therapistId);
  tellUpdated(ctx, { referralId: row.id, kind: status, status, to: [user.id, ...recipients, ...offerers] });
  await events.deliver();
}

type Answer = { response: RecipientResponse; message: string | null; stopAccepting: boolean };

async function respond(ctx: AppContext, user: CurrentUser, row: q.ReferralRow, { response, message, stopAccepting }: Answer, now: Date) {
  const events = await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    const updated = await queryRows<{ id: SqlValue<typeof referralRecipients, 'referral_id'> }>(t, sql`
      UPDATE referral_recipients rr SET response = ${response}, message = ${sealReferralText(row.id, message || null)},
        responded_at = ${now.toISOString()}::timestamptz
      FROM referrals r
      WHERE rr.referral_id = r.id AND rr.referral_id = ${row.id} AND rr.recipient_id = ${user.id} AND rr.response = 'pending'
        AND ${q.statusIs('open', now)}
      RETURNING rr.referral_id AS id`);
    if (!updated.length) throw conflict(row.status === 'open' ? REFERRAL_TEXTS.alreadyAnswered : REFERRAL_TEXTS.notOpen);
    // The hand-off's conversation is part of the answer: stored with it, or not at all.
    if (response === 'accepted') {
      await openHandOff(t, row, user.id, user.id, message);
      await scheduleOutcomeReminders(ctx, t, row.id, user.id, now);
    }
    // Closing the profile is part of a "no capacity" answer when asked: both stored, or neither.
    if (stopAccepting) await closeToNewClients(t, user.id);
    return recordEvents(ctx, t, noticeOf('referralAnswered', {
      referralId: row.id, summary: referralSummary(row), actorId: user.id, to: [row.sender_id], detail: response,
    }));
  });
  tellUpdated(ctx, { referralId: row.id, kind: 'answered', status: 'open', to: [row.sender_id, user.id] });
  if (response === 'accepted') await announceHandOff(ctx, row.sender_id, user.id);
  await events.deliver();
}

/**
 * An accepted referral opens the conversation between sender and recipient (created if needed) with a first line the
 * app writes, so they can arrange the hand-off, then the recipient's message (their answer's, or their board offer's)
 * as their first message in it; the recipient row keeps the conversation's id. Never across a block.
 */
export async function openHandOff(db: Db, row: q.NeedsRow, recipientId: string, actorId: string, message: string | null): Promise<void> {
  const senderId = row.sender_id;
  if (await isBlockedBy(db, senderId, recipientId) || await isBlockedBy(db, recipientId, senderId)) return;
  const conversation = await upsertConversation(db, senderId, recipientId);
  await insertSystemLine(db, conversation.id, actorId, {
    code: 'referralAccepted',
    values: { ageGroup: row.age_group, concerns: row.concerns, sessionFormats: row.session_formats, region: row.region },
  });
  if (message?.trim()) await insertCarriedMessage(db, conversation.id, recipientId, message.trim());
  await db.execute(sql`UPDATE referral_recipients SET conversation_id = ${conversation.id}
    WHERE referral_id = ${row.id} AND recipient_id = ${recipientId}`);
}
