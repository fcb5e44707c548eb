// What happened after the hand-off (docs/decisions/0240): an accepting recipient records one of three fixed outcomes,
// once, within 30 days of accepting; "first session held" places the referral (as the sender's "placed" does, so the
// other recipients read "placed elsewhere"). The sender is notified (content-free: the outcome is on the referral's
// page). Reminders at 7 and 21 days are jobs written in the acceptance's transaction; each checks, when it runs, that
// nothing has been recorded yet. Outcomes are counted in insights and never shown one by one to anyone else.
import { sql } from 'drizzle-orm';
import { OUTCOME_LIMITS, OUTCOME_TEXTS, type ReferralOutcome } from '../../../common/referral-outcomes.ts';

import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { SqlRow, SqlValue } from '../../db/rows.ts';
import type { referralRecipients, referrals } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { recordEvents } from '../../lib/outbox.ts';
import { notice, noticeOf, tellUpdated } from './events.ts';
import { referralSummary } from './present.ts';
import type { NeedsRow, ReferralRow } from './queries.ts';

const DAY_MS = 86_400_000;
const REMINDER_JOB = 'referrals.outcomeDue';

/** The reminders, in the transaction that records the acceptance: one job per day of OUTCOME_LIMITS.reminderDays. */
export async function scheduleOutcomeReminders(ctx: AppContext, tx: Db, referralId: string, recipientId: string, acceptedAt: Date): Promise<void> {
  for (const days of OUTCOME_LIMITS.reminderDays) {
    await ctx.jobs.schedule(REMINDER_JOB, { referralId, recipientId, days }, {
      runAt: new Date(acceptedAt.getTime() + days * DAY_MS), key: `referral-outcome-due:${referralId}:${recipientId}:${days}`, db: tx,
    });
  }
}

/** Why this recipient may not record an outcome now, or null when they may. */
function refusal(row: ReferralRow, userId: string, now: Date): Error | null {
  const mine = (row.recipients ?? []).find((r) => r.id === userId);
  if (!mine) return forbidden(OUTCOME_TEXTS.onlyAccepting);
  if (mine.response !== 'accepted' || !mine.respondedAt) return conflict(OUTCOME_TEXTS.notAccepted);
  if (mine.outcome) return conflict(OUTCOME_TEXTS.alreadyRecorded);
  if (row.status === 'withdrawn') return conflict(OUTCOME_TEXTS.withdrawn);
  if (now.getTime() > new Date(mine.respondedAt).getTime() + OUTCOME_LIMITS.windowDays * DAY_MS) return conflict(OUTCOME_TEXTS.windowClosed);
  return null;
}

export async function recordOutcome(ctx: AppContext, user: CurrentUser, row: ReferralRow, outcome: ReferralOutcome, now: Date): Promise<void> {
  const refused = refusal(row, user.id, now);
  if (refused) throw refused;
  const at = sql`${now.toISOString()}::timestamptz`;
  const others = (row.recipients ?? []).map((r) => r.id).filter((id) => id !== user.id);
  const { events, placed } = await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    // One conditional statement: a second recording, or one racing it, finds nothing left to update.
    const updated = await queryRows<{ id: SqlValue<typeof referralRecipients, 'referral_id'> }>(t, sql`
      UPDATE referral_recipients rr SET outcome = ${outcome}, outcome_at = ${at}
      FROM referrals r
      WHERE rr.referral_id = r.id AND rr.referral_id = ${row.id} AND rr.recipient_id = ${user.id} AND rr.response = 'accepted'
        AND rr.outcome IS NULL AND r.status <> 'withdrawn'
        AND rr.responded_at >= ${at} - make_interval(days => ${OUTCOME_LIMITS.windowDays})
      RETURNING rr.referral_id AS id`);
    if (!updated.length) throw conflict(OUTCOME_TEXTS.alreadyRecorded);
    // The client was seen: the referral is placed, open or past its expiry alike (the hand-off happened).
    const placedRows = outcome === 'first session held'
      ? await queryRows<SqlRow<typeof referrals, 'id'>>(t, sql`UPDATE referrals SET status = 'placed', updated_at = ${at}
          WHERE id = ${row.id} AND status = 'open' RETURNING id`)
      : [];
    const summary = referralSummary(row);
    const recorded = noticeOf('referralOutcome', { referralId: row.id, summary, actorId: user.id, to: [row.sender_id] });
    const placedNotice = placedRows.length ? noticeOf('referralPlaced', { referralId: row.id, summary, actorId: user.id, to: others }) : [];
    return { events: await recordEvents(ctx, t, [...recorded, ...placedNotice]), placed: placedRows.length > 0 };
  });
  const offerers = placed ? (row.offers ?? []).filter((o) => o.status === 'open').map((o) => o.therapistId) : [];
  tellUpdated(ctx, {
    referralId: row.id, kind: 'outcome', status: placed ? 'placed' : row.status,
    to: [row.sender_id, user.id, ...(placed ? others : []), ...offerers],
  });
  await events.deliver();
}

type ReminderRow = Pick<NeedsRow, 'age_group' | 'concerns' | 'session_formats' | 'region'>;

export function registerOutcomeReminders(ctx: AppContext): void {
  ctx.jobs.register(REMINDER_JOB, async (payload, { now, jobId }) => {
    const referralId = String(payload.referralId);
    const recipientId = String(payload.recipientId);
    const [row] = await queryRows<ReminderRow>(ctx.db, sql`
      SELECT r.age_group, r.concerns, r.session_formats, r.region FROM referral_recipients rr JOIN referrals r ON r.id = rr.referral_id
      WHERE rr.referral_id = ${referralId} AND rr.recipient_id = ${recipientId} AND rr.response = 'accepted' AND rr.outcome IS NULL
        AND r.status <> 'withdrawn'
        AND rr.responded_at >= ${now.toISOString()}::timestamptz - make_interval(days => ${OUTCOME_LIMITS.windowDays})`);
    if (!row) return;
    await notice(ctx, 'referralOutcomeDue', { referralId, summary: referralSummary(row), actorId: null, to: [recipientId] }, jobId);
  });
}

