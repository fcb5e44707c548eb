// Referral insights (docs/decisions/0242): a member's own (GET /api/referrals/insights) and the platform's counts for
// administrators (GET /api/admin/referrals/insights). Each is one statement over a date range (UTC days): the member's
// from three index ranges read without the tables (myInsightsSql, docs/decisions/0370); the platform's through
// referrals_created_idx and referral_recipients_created_idx. A referral's placement time is its updated_at once placed:
// 'placed' is final, and nothing writes a placed referral again. Outcomes are counts only.
import { sql, type SQL } from 'drizzle-orm';
import {
  INSIGHTS_LIMITS, INSIGHTS_TEXTS, type InsightsColleague, type InsightsMonth, type InsightsQuery, type MyInsights,
  type OutcomeCounts, type PlatformInsights,
} from '../../../common/referral-insights.ts';
import { REFERRAL_OUTCOMES } from '../../../common/referral-outcomes.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { lifetimeOf } from '../../lib/caches.ts';
import { badRequest } from '../../lib/errors.ts';
import { nowOf, todayOf } from './clock.ts';
import { myResponsiveness } from './responsiveness.ts';

const DAY_MS = 86_400_000;

type Range = { from: string; to: string; start: string; end: string };

/** `to` defaults to today, `from` to the first of the month eleven months earlier: twelve calendar months. */
export function rangeOf(query: InsightsQuery, now: Date): Range {
  const to = query.to ?? todayOf(now);
  const toDate = new Date(`${to}T00:00:00.000Z`);
  const from = query.from ?? new Date(Date.UTC(toDate.getUTCFullYear(), toDate.getUTCMonth() - (INSIGHTS_LIMITS.defaultMonths - 1), 1)).toISOString().slice(0, 10);
  if (from > to) throw badRequest(INSIGHTS_TEXTS.badRange);
  const days = (toDate.getTime() - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS + 1;
  if (days > INSIGHTS_LIMITS.maxDays) throw badRequest(INSIGHTS_TEXTS.tooLong);
  return { from, to, start: `${from}T00:00:00.000Z`, end: new Date(toDate.getTime() + DAY_MS).toISOString() };
}

type Totals = { sent: number; received: number; accepted_sent: number; accepted_received: number; placed: number; median: number | null };
type Row = {
  months: { month: string; sent: number; received: number; accepted: number; placed: number }[] | null;
  totals: Totals; outcomes_sent: Record<string, number> | null; outcomes_received: Record<string, number> | null;
  referred_to: InsightsColleague[] | null; received_from: InsightsColleague[] | null;
};

const monthKey = (column: SQL) => sql`date_trunc('month', ${column} AT TIME ZONE 'UTC')`;

/** The month series joined with each month's counts, and the totals, from CTEs `sent` and `recv` the caller writes. */
function figures(range: Range): SQL {
  return sql`
    sent_m AS (SELECT ${monthKey(sql`created_at`)} AS m, count(*)::int AS sent, count(*) FILTER (WHERE accepted)::int AS accepted,
      count(*) FILTER (WHERE status = 'placed')::int AS placed FROM sent GROUP BY 1),
    recv_m AS (SELECT ${monthKey(sql`created_at`)} AS m, count(*)::int AS received FROM recv GROUP BY 1),
    months AS (SELECT generate_series(date_trunc('month', ${range.from}::date), date_trunc('month', ${range.to}::date), interval '1 month') AS m)
    SELECT
      (SELECT json_agg(json_build_object('month', to_char(months.m, 'YYYY-MM'), 'sent', coalesce(s.sent, 0),
          'received', coalesce(v.received, 0), 'accepted', coalesce(s.accepted, 0), 'placed', coalesce(s.placed, 0)) ORDER BY months.m)
        FROM months LEFT JOIN sent_m s ON s.m = months.m LEFT JOIN recv_m v ON v.m = months.m) AS months,
      (SELECT json_build_object('sent', t.sent, 'received', v.received, 'accepted_sent', t.accepted_sent,
          'accepted_received', v.accepted_received, 'placed', t.placed, 'median', t.median)
        FROM (SELECT count(*)::int AS sent, count(*) FILTER (WHERE accepted)::int AS accepted_sent,
            count(*) FILTER (WHERE status = 'placed')::int AS placed,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM updated_at - created_at) / 3600.0)
              FILTER (WHERE status = 'placed') AS median
          FROM sent) t,
          (SELECT count(*)::int AS received, count(*) FILTER (WHERE response = 'accepted')::int AS accepted_received FROM recv) v) AS totals`;
}

const outcomeCounts = (from: SQL) => sql`(SELECT json_object_agg(outcome, n) FROM (SELECT outcome, count(*)::int AS n ${from} GROUP BY outcome) o)`;

const colleagues = (idColumn: string, from: SQL) => sql`(SELECT json_agg(json_build_object('_id', c.id, 'name', u.name, 'avatar', u.avatar, 'count', c.n)
    ORDER BY c.n DESC, u.name, c.id)
  FROM (SELECT ${sql.raw(idColumn)} AS id, count(*)::int AS n ${from} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${INSIGHTS_LIMITS.topColleagues}) c
  JOIN users u ON u.id = c.id AND u.deleted_at IS NULL)`;

/**
 * Three index ranges, none of which reads a table row (docs/decisions/0370): the member's referrals by sending time
 * (referrals_sender_created_idx carries status and updated_at), their recipients by the referral's sending time
 * (referral_recipients_sender_idx: who, the answer, the outcome) and the rows received (referral_recipients_inbox_idx
 * carries the sender, the answer and the outcome). Whether a sent referral was accepted is whether its id is among the
 * recipients' accepted rows (a hashed subplan), where a lookup of each referral's recipients made 5,000 index descents.
 */
export function myInsightsSql(userId: string, range: Range): SQL {
  return sql`
    WITH sent_to AS MATERIALIZED (
      SELECT x.referral_id, x.recipient_id, x.response, x.outcome FROM referral_recipients x
      WHERE x.sender_id = ${userId} AND x.referral_created_at >= ${range.start}::timestamptz AND x.referral_created_at < ${range.end}::timestamptz),
    sent AS MATERIALIZED (
      SELECT r.created_at, r.updated_at, r.status, r.id IN (SELECT referral_id FROM sent_to WHERE response = 'accepted') AS accepted
      FROM referrals r
      WHERE r.sender_id = ${userId} AND r.created_at >= ${range.start}::timestamptz AND r.created_at < ${range.end}::timestamptz),
    recv AS MATERIALIZED (
      SELECT rr.created_at, rr.response, rr.outcome, rr.sender_id FROM referral_recipients rr
      WHERE rr.recipient_id = ${userId} AND rr.created_at >= ${range.start}::timestamptz AND rr.created_at < ${range.end}::timestamptz),
    ${figures(range)},
      ${outcomeCounts(sql`FROM sent_to WHERE outcome IS NOT NULL`)} AS outcomes_sent,
      ${outcomeCounts(sql`FROM recv WHERE outcome IS NOT NULL`)} AS outcomes_received,
      ${colleagues('recipient_id', sql`FROM sent_to`)} AS referred_to,
      ${colleagues('sender_id', sql`FROM recv`)} AS received_from`;
}

function platformInsightsSql(range: Range): SQL {
  return sql`
    WITH sent AS MATERIALIZED (
      SELECT r.id, r.created_at, r.updated_at, r.status,
        EXISTS (SELECT 1 FROM referral_recipients x WHERE x.referral_id = r.id AND x.response = 'accepted') AS accepted
      FROM referrals r WHERE r.created_at >= ${range.start}::timestamptz AND r.created_at < ${range.end}::timestamptz),
    recv AS MATERIALIZED (
      SELECT rr.created_at, rr.response, rr.outcome FROM referral_recipients rr
      WHERE rr.created_at >= ${range.start}::timestamptz AND rr.created_at < ${range.end}::timestamptz),
    ${figures(range)},
      ${outcomeCounts(sql`FROM recv WHERE outcome IS NOT NULL`)} AS outcomes_sent, NULL::json AS outcomes_received,
      NULL::json AS referred_to, NULL::json AS received_from`;
}

const outcomesOf = (counts: Record<string, number> | null): OutcomeCounts =>
  Object.fromEntries(REFERRAL_OUTCOMES.map((o) => [o, counts?.[o] ?? 0])) as OutcomeCounts;

function totalsOf(t: Totals) {
  return {
    sent: t.sent, received: t.received, acceptedSent: t.accepted_sent, acceptedReceived: t.accepted_received, placed: t.placed,
    medianHoursToPlacement: t.median === null ? null : Math.round(t.median * 10) / 10,
  };
}

async function run(db: Db, statement: SQL): Promise<Row> {
  const [row] = await queryRows<Row>(db, statement);
  return row;
}

export async function myInsights(ctx: AppContext, user: CurrentUser, query: InsightsQuery): Promise<MyInsights> {
  const range = rangeOf(query, nowOf(ctx));
  const [row, responsiveness] = await Promise.all([run(ctx.db, myInsightsSql(user.id, range)), myResponsiveness(ctx.db, user.id)]);
  return {
    from: range.from, to: range.to, months: (row.months ?? []) as InsightsMonth[], totals: totalsOf(row.totals),
    outcomesSent: outcomesOf(row.outcomes_sent), outcomesReceived: outcomesOf(row.outcomes_received),
    referredTo: row.referred_to ?? [], receivedFrom: row.received_from ?? [], responsiveness,
  };
}

/** Administrators: the platform's counts, kept as briefly as the referral figures (a scan of the period's rows). */
export async function platformInsights(ctx: AppContext, _admin: CurrentUser, query: InsightsQuery): Promise<PlatformInsights> {
  const range = rangeOf(query, nowOf(ctx));
  return ctx.cache.read(`referrals:insights:${range.from}:${range.to}`, async () => {
    const row = await run(ctx.db, platformInsightsSql(range));
    return { from: range.from, to: range.to, months: (row.months ?? []) as InsightsMonth[], totals: totalsOf(row.totals), outcomes: outcomesOf(row.outcomes_sent) };
  }, { ttlMs: lifetimeOf(ctx.config, 'referralStats') });
}
