// How responsive each therapist is to referrals (docs/decisions/0241), computed by a job and never on a request: over the
// referrals a therapist received in the last 90 days, the share answered before expiry and the median hours to the
// first answer. A referral counts once its answer is due: answered (accepted, declined, no capacity; or, for one taken
// from the board, the offer, timed from when the referral was posted), or still unanswered when it expired. One the
// sender placed or withdrew before this therapist answered does not count. Below three counted referrals the rate and
// median are null, and cards, profiles and suggestions show nothing. One set-based statement writes every member's row
// (only those whose figures changed), so its cost follows the window's referrals, not a loop over members.
import { sql } from 'drizzle-orm';
import { RESPONSIVENESS, type MyResponsiveness } from '../../../common/referral-outcomes.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { hourlyAt } from '../../lib/jobs.ts';

const JOB = 'referrals.responsiveness';

/** Recomputes every member's figures as of `now`; answers how many members' rows changed. */
export async function computeResponsiveness(db: Db, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await queryRows<{ n: number }>(db, sql`
    WITH received AS (
      SELECT rr.recipient_id AS user_id, rr.response <> 'pending' AS answered,
        extract(epoch FROM (CASE WHEN rr.via_board THEN o.created_at ELSE rr.responded_at END)
          - (CASE WHEN rr.via_board THEN r.created_at ELSE rr.created_at END)) / 3600.0 AS hours,
        (rr.response = 'pending' AND r.status = 'open' AND r.expires_at <= ${at}) AS lapsed
      FROM referral_recipients rr JOIN referrals r ON r.id = rr.referral_id
        LEFT JOIN referral_offers o ON rr.via_board AND o.referral_id = rr.referral_id AND o.therapist_id = rr.recipient_id
      WHERE rr.created_at > ${at} - make_interval(days => ${RESPONSIVENESS.windowDays}) AND rr.created_at <= ${at}
    ),
    figures AS (
      SELECT user_id, count(*) FILTER (WHERE answered OR lapsed)::int AS counted, count(*) FILTER (WHERE answered)::int AS answered_n,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY greatest(hours, 0)) FILTER (WHERE answered) AS median
      FROM received GROUP BY user_id
    ),
    wanted AS (
      SELECT u.id, coalesce(f.counted, 0) AS counted, coalesce(f.answered_n, 0) AS answered_n,
        CASE WHEN f.counted >= ${RESPONSIVENESS.threshold} THEN f.answered_n::real / f.counted END AS rate,
        CASE WHEN f.counted >= ${RESPONSIVENESS.threshold} THEN f.median::real END AS median
      FROM users u LEFT JOIN figures f ON f.user_id = u.id
      WHERE f.user_id IS NOT NULL OR u.responses_counted <> 0 OR u.response_rate IS NOT NULL
    )
    UPDATE users u SET response_rate = w.rate, median_response_hours = w.median, responses_counted = w.counted,
      responses_answered = w.answered_n, responsiveness_at = ${at}
    FROM wanted w
    WHERE u.id = w.id AND (u.response_rate IS DISTINCT FROM w.rate OR u.median_response_hours IS DISTINCT FROM w.median
      OR u.responses_counted <> w.counted OR u.responses_answered <> w.answered_n)
    RETURNING 1 AS n`);
  return rows.length;
}

/** Every hour, at five past. */
export function registerResponsivenessJob(ctx: AppContext): void {
  ctx.jobs.recurring(JOB, hourlyAt(5), async (_payload, { now }) => {
    await computeResponsiveness(ctx.db, now);
  });
}

/** A member's own figures, as the job last left them, with what they are computed from. */
export async function myResponsiveness(db: Db, userId: string): Promise<MyResponsiveness> {
  const [row] = await queryRows<{ rate: number | null; median: number | null; counted: number; answered: number; at: string | null }>(db, sql`
    SELECT response_rate AS rate, median_response_hours AS median, responses_counted AS counted, responses_answered AS answered,
      to_char(responsiveness_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
    FROM users WHERE id = ${userId}`);
  return {
    responseRate: row?.rate === null || row?.rate === undefined ? null : Math.round(row.rate * 100) / 100,
    medianResponseHours: row?.median === null || row?.median === undefined ? null : Math.round(row.median * 10) / 10,
    counted: row?.counted ?? 0, answered: row?.answered ?? 0,
    windowDays: RESPONSIVENESS.windowDays, threshold: RESPONSIVENESS.threshold, computedAt: row?.at ?? null,
  };
}
