// A group practice's shared intake inbox at scale: 100,000 referrals sent to one practice (seeded with generate_series,
// a third unassigned, a third assigned, a third answered "no capacity"), read by its ten intake members and admins:
// the first page, the unassigned ones, and a page deep in the inbox by cursor. Budget: p95 under 25 ms.
// Run: node bench/practices.ts (the first run seeds, about a minute; later runs reuse it). BENCH_PRACTICES_SECONDS and
// BENCH_PRACTICES_CONNECTIONS set each read's duration and concurrency.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/db/client.ts';
import { createSession } from '../server/lib/auth.ts';
import { benchDatabase, count, measure, seedTherapists, startServer, writeResult, type Figures } from './lib.ts';
import { loadAverage, watchLoad, type MachineLoad } from './machine.ts';

const SIZES = { therapists: 2_000, practiceReferrals: 100_000 };
const DATABASE = 'thera_bench_practices';
const PORT = Number(process.env.BENCH_PORT ?? 3327);
const SECONDS = Number(process.env.BENCH_PRACTICES_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_PRACTICES_CONNECTIONS ?? 20);
const BUDGET_P95_MS = 25;
const STAFF = 10;

const { db, url, close } = await benchDatabase(DATABASE);
await seedTherapists(db, SIZES.therapists);
await db.execute(sql`CREATE TEMP TABLE IF NOT EXISTS bench_people AS
  SELECT row_number() OVER (ORDER BY created_at, id) AS n, id FROM users WHERE verification_status = 'verified' AND role <> 'admin'`);
if ((await count(db, 'practices')) === 0) {
  await db.execute(sql`INSERT INTO practices (slug, name, locations, regions) VALUES ('bench-harbour', 'Bench Harbour Therapy',
    '[{"city":"Toronto","region":"ON"}]'::jsonb, ARRAY['ON'])`);
  // The first person owns it, the next nine are admins and intake members, the next twenty clinicians.
  await db.execute(sql`INSERT INTO practice_members (practice_id, user_id, role)
    SELECT (SELECT id FROM practices WHERE slug = 'bench-harbour'), p.id,
      CASE WHEN p.n = 1 THEN 'owner' WHEN p.n <= 4 THEN 'admin' WHEN p.n <= ${STAFF} THEN 'intake' ELSE 'clinician' END
    FROM bench_people p WHERE p.n <= 30`);
}
const [practice] = await queryRows<{ id: string }>(db, sql`SELECT id FROM practices WHERE slug = 'bench-harbour'`);
for (let have = await count(db, 'practice_referrals'); have < SIZES.practiceReferrals; have += 20_000) {
  const upto = Math.min(SIZES.practiceReferrals, have + 20_000);
  // Senders are everyone past the practice's members; times one second apart (milliseconds: the cursors' precision).
  await db.execute(sql`
    WITH made AS (
      INSERT INTO referrals (sender_id, age_group, concerns, session_formats, region, urgency, note, status, expires_at, created_at, updated_at)
      SELECT s.id, (ARRAY['Teen', 'Adults', 'Elders (65+)'])[1 + g % 3], ARRAY['Anxiety', 'Depression'], ARRAY['Online'], 'ON', 'routine', '',
        (ARRAY['open', 'open', 'placed', 'withdrawn'])[1 + g % 4], now() - (g || ' seconds')::interval + interval '30 days',
        date_trunc('milliseconds', now() - (g || ' seconds')::interval), now()
      FROM generate_series(${have + 1}::int, ${upto}::int) AS g JOIN bench_people s ON s.n = 31 + g % (${SIZES.therapists} - 31)
      RETURNING id, created_at)
    INSERT INTO practice_referrals (referral_id, practice_id, state, assigned_to, created_at)
    SELECT m.id, ${practice.id}::uuid, (ARRAY['unassigned', 'assigned', 'no capacity'])[1 + (row_number() OVER ()) % 3],
      CASE WHEN (row_number() OVER ()) % 3 = 1 THEN (SELECT id FROM bench_people WHERE n = 11) END, m.created_at
    FROM made m`);
  console.log(`practice referrals: ${upto}`);
}
await db.execute(sql`VACUUM ANALYZE referrals`);
await db.execute(sql`VACUUM ANALYZE practice_referrals`);
const data = { practiceReferrals: await count(db, 'practice_referrals'), referrals: await count(db, 'referrals'), users: await count(db, 'users') };
console.log(JSON.stringify(data));

const staff = await queryRows<{ user_id: string }>(db, sql`
  SELECT user_id FROM practice_members WHERE practice_id = ${practice.id} AND role <> 'clinician'`);
const tokens = await Promise.all(staff.map((s) => createSession(db, s.user_id)));
const [deep] = await queryRows<{ at: string; id: string }>(db, sql`
  SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, referral_id AS id FROM practice_referrals
  WHERE practice_id = ${practice.id} ORDER BY created_at DESC, referral_id DESC OFFSET 50000 LIMIT 1`);

type Run = { path: string; readers: number; budgetP95Ms?: number; withinBudget?: boolean } & Figures & MachineLoad;
const server = await startServer(url, PORT);
try {
  const base = `http://127.0.0.1:${PORT}`;
  const inbox = `/api/practices/${practice.id}/referrals`;
  const paths = {
    inboxFirstPage: inbox,
    inboxUnassigned: `${inbox}?status=unassigned`,
    inboxDeepPage: `${inbox}?cursor=${encodeURIComponent(`${deep.at}_${deep.id}`)}`,
    // The floor under every figure on this machine at this moment: no database, and one signed-in read (the session).
    baseline: '/healthz',
    signedInBaseline: '/api/users/me',
  };
  for (const path of Object.values(paths)) {
    const res = await fetch(base + path, { headers: { 'x-auth-token': tokens[0] } });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    const body = await res.json() as { referrals?: unknown[] };
    if (body.referrals && body.referrals.length !== 20) throw new Error(`${path} answered ${body.referrals.length} items`);
  }
  await measure(base + paths.inboxFirstPage, { tokens, seconds: 2, connections: CONNECTIONS }); // warm-up
  const loadBefore = loadAverage();
  const runs: Record<string, Run> = {};
  for (const [name, path] of Object.entries(paths)) {
    const done = watchLoad();
    const figures = await measure(base + path, { tokens, seconds: SECONDS, connections: CONNECTIONS });
    // The baselines are the floor under the reads, not reads with a budget.
    const budget = name.endsWith('aseline') ? {} : {
      budgetP95Ms: BUDGET_P95_MS, withinBudget: figures.p95 < BUDGET_P95_MS && figures.non2xx === 0 && figures.errors === 0,
    };
    runs[name] = { path, readers: tokens.length, ...budget, ...figures, ...done() };
    console.log(`${name.padEnd(16)} ${JSON.stringify(runs[name])}`);
  }
  writeResult('practices', {
    data, connections: CONNECTIONS, seconds: SECONDS, budgetP95Ms: BUDGET_P95_MS,
    loadAverage: { before: loadBefore, after: loadAverage(), cpus: os.cpus().length },
    note: 'Every page is read from the database (no cache), the caller\'s role and the page in one prepared statement '
      + '(decision 0350); a line of the inbox is not a read in the audit trail. The inbox is one index range of '
      + 'practice_referrals_inbox_idx or _state_idx.',
    withinBudget: Object.values(runs).every((run) => run.withinBudget !== false),
    ...runs,
  });
} finally {
  server.kill();
  await close();
}
