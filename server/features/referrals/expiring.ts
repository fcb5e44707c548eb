// "Referral expiring": the sender hears two days before an open referral expires (or at once, when it is sent with less
// time than that), so they can mark it placed or send it again. A job (server/lib/jobs.ts) scheduled in the transaction
// that sends the referral; when it runs it checks the referral is still open, so a placed or withdrawn one says nothing.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { notice } from './events.ts';
import { referralSummary } from './present.ts';
import type { NeedsRow } from './queries.ts';

const EXPIRING_JOB = 'referrals.expiring';
const NOTICE_BEFORE_MS = 2 * 86_400_000;

export async function scheduleExpiringNotice(ctx: AppContext, tx: Db, referralId: string, now: Date, expiresAt: Date): Promise<void> {
  const runAt = new Date(Math.max(now.getTime(), expiresAt.getTime() - NOTICE_BEFORE_MS));
  await ctx.jobs.schedule(EXPIRING_JOB, { referralId }, { runAt, key: `referral-expiring:${referralId}`, db: tx });
}

type Row = Pick<NeedsRow, 'age_group' | 'concerns' | 'session_formats' | 'region'> & { sender_id: string };

export function registerExpiringNotice(ctx: AppContext): void {
  ctx.jobs.register(EXPIRING_JOB, async (payload, { now, jobId }) => {
    const referralId = String(payload.referralId);
    const [row] = await queryRows<Row>(ctx.db, sql`
      SELECT r.sender_id, r.age_group, r.concerns, r.session_formats, r.region FROM referrals r
      WHERE r.id = ${referralId} AND r.status = 'open' AND r.expires_at > ${now.toISOString()}::timestamptz`);
    if (!row) return;
    await notice(ctx, 'referralExpiring', { referralId, summary: referralSummary(row), actorId: null, to: [row.sender_id] }, jobId);
  });
}
