// Referral insights and responsiveness at scale (docs/decisions/0242): a therapist with 5,000 referrals sent and 5,000
// received among 1,000,000 referrals (1,000,000 recipient rows, all in the last 90 days) over 2,000 therapists. Measures
// the member's insights statement (p50/p95 of 200 sequential runs through the driver; budget p95 25 ms) and one run of
// the responsiveness job's set-based statement over the whole window. Seeding is generate_series SQL in batches.
// Run: node bench/referral-insights.ts (BENCH_REFLOOP_REFERRALS to seed fewer while developing; BENCH_REFLOOP_DB for a
// database of your own, default thera_bench_refloop).
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/db/client.ts';
import { myInsightsSql, rangeOf } from '../server/features/referrals/insights.ts';
import { computeResponsiveness } from '../server/features/referrals/responsiveness.ts';
import { benchDatabase, count, explain, handicapIfAsked, seedTherapists, writeResult } from './lib.ts';

const SIZES = { therapists: 2_000, referrals: Number(process.env.BENCH_REFLOOP_REFERRALS ?? 1_000_000), busy: 5_000 };
const RUNS = 200;
const BUDGET_P95_MS = 25;

const { db, close } = await benchDatabase(process.env.BENCH_REFLOOP_DB ?? 'thera_bench_refloop');
await seedTherapists(db, SIZES.therapists);
const [busy] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE verification_status = 'verified' ORDER BY created_at, id LIMIT 1`);
await db.execute(sql`CREATE TEMP TABLE IF NOT EXISTS people AS
  SELECT row_number() OVER (ORDER BY created_at, id) - 1 AS n, id FROM users WHERE verification_status = 'verified'`);
const people = await count(db, 'people');
const seedStart = performance.now();
// Referral g: sent by person g mod N (the busy one sends every N-th until 5,000), to person (g * 7 + 1) mod N; answered
// after g mod 72 hours for two in three, accepted for one in four, placed for one in eight, with outcomes on some.
for (let have = await count(db, 'referrals'); have < SIZES.referrals; have += 250_000) {
  const upto = Math.min(SIZES.referrals, have + 250_000);
  await db.execute(sql`
    WITH made AS (
      INSERT INTO referrals (sender_id, age_group, concerns, session_formats, region, urgency, note, status, expires_at, created_at, updated_at)
      SELECT s.id, 'Teen', ARRAY['Anxiety'], ARRAY['Online'], 'ON', 'routine', '', CASE WHEN g % 8 = 0 THEN 'placed' ELSE 'open' END,
        now() - ((g % 89) || ' days')::interval + interval '30 days', now() - ((g % 89) || ' days')::interval - ((g % 24) || ' hours')::interval,
        now() - ((g % 89) || ' days')::interval + ((g % 50) || ' hours')::interval
      FROM generate_series(${have + 1}::int, ${upto}::int) g
        JOIN people s ON s.n = CASE WHEN g <= ${SIZES.busy * 20} AND g % 20 = 0 THEN 0 ELSE 1 + g % (${people} - 1) END
      RETURNING id, created_at, (SELECT n FROM people WHERE id = sender_id) AS sn)
    INSERT INTO referral_recipients (referral_id, recipient_id, response, responded_at, created_at, outcome, outcome_at)
    SELECT m.id, r.id, x.response, CASE WHEN x.response = 'pending' THEN NULL ELSE m.created_at + ((abs(hashtext(m.id::text)) % 72) || ' hours')::interval END,
      m.created_at, CASE WHEN x.response = 'accepted' AND abs(hashtext(m.id::text)) % 3 = 0 THEN 'first session held' END,
      CASE WHEN x.response = 'accepted' AND abs(hashtext(m.id::text)) % 3 = 0 THEN m.created_at + interval '5 days' END
    FROM made m CROSS JOIN LATERAL (SELECT (ARRAY['accepted', 'declined', 'no capacity', 'pending'])[1 + abs(hashtext(m.id::text || 'r')) % 4] AS response) x
      JOIN people r ON r.n = CASE WHEN m.sn <> 0 AND abs(hashtext(m.id::text)) % 200 = 0 THEN 0 ELSE 1 + (m.sn * 7 + 1) % (${people} - 1) END
        AND r.n <> m.sn`);
  console.log(`seeded ${upto} referrals`);
}
await db.execute(sql`VACUUM ANALYZE referrals`);
await db.execute(sql`VACUUM ANALYZE referral_recipients`);
const seedSeconds = Math.round((performance.now() - seedStart) / 1000);
const sent = (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM referrals WHERE sender_id = ${busy.id}`))[0].n;
const received = (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM referral_recipients WHERE recipient_id = ${busy.id}`))[0].n;

await handicapIfAsked();
const jobStart = performance.now();
const changed = await computeResponsiveness(db, new Date());
const jobMs = Math.round(performance.now() - jobStart);

const statement = myInsightsSql(busy.id, rangeOf({}, new Date()));
const times: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  const t = performance.now();
  await queryRows(db, statement);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const at = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] * 100) / 100;
const plan = await explain(db, statement);
const result = {
  data: { therapists: SIZES.therapists, referrals: await count(db, 'referrals'), recipientRows: await count(db, 'referral_recipients'), busySent: sent, busyReceived: received, seedSeconds },
  insights: { runs: RUNS, p50: at(50), p95: at(95), p99: at(99), budgetP95Ms: BUDGET_P95_MS, withinBudget: at(95) <= BUDGET_P95_MS, plan },
  responsivenessJob: { ms: jobMs, membersChanged: changed },
};
writeResult('referral-insights', result);
console.log(JSON.stringify({ ...result, insights: { ...result.insights, plan: undefined } }, null, 2));
await close();
