// Referrals at network scale: suggestions over 100,000 therapists with availability, languages, fee models and licensed
// regions filled (a broad and a narrow set of needs), and the received and sent boxes with 1,000,000 referrals
// (2,000,000 recipient rows) in the tables; 50 connections for 10 s each, with the plans of the SQL behind them.
// Run: npm run bench:referrals (the first run seeds the data, some minutes; later runs reuse it). `--seed-only` stops
// after seeding, so the measuring run can wait for a quiet machine.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../server/db/client.ts';
import { createSession } from '../server/lib/auth.ts';
import { countsSql, receivedPageSql, sentPageSql } from '../server/features/referrals/queries.ts';
import { personalSql, rankedSql } from '../server/features/referrals/suggestions.ts';
import { FEE_MODELS, LANGUAGES } from '../common/options.ts';
import { REGION_CODES } from '../common/regions.ts';
import { REFERRAL_LIMITS } from '../common/referrals.ts';
import { helloWorld, withRatios, type ReadKind } from './baseline.ts';
import { benchDatabase, count, explain, measure, seedTherapists, startServer, writeResult, type Figures } from './lib.ts';
import { loadAverage, watchLoad, type MachineLoad } from './machine.ts';

type Run = { path: string; readers: number; budgetP95Ms?: number; withinBudget?: boolean } & Figures & MachineLoad;

const SIZES = { therapists: 100_000, referrals: 1_000_000 };
const DATABASE = 'thera_bench_referrals';
const PORT = Number(process.env.BENCH_PORT ?? 3317);
// Seconds per measured read (BENCH_REFERRALS_SECONDS): 10 for the record, a few while developing.
const SECONDS = Number(process.env.BENCH_REFERRALS_SECONDS ?? 10);
const BUDGET_P95_MS = 25;
// The busiest clinician: the first generated therapist receives this many of the referrals (and sends as many).
const BUSY_INBOX = 5_000;

const pgArray = (items: readonly string[]) => sql.raw(`ARRAY[${items.map((s) => `'${s.replaceAll("'", "''")}'`).join(',')}]::text[]`);

/** Availability on every generated profile, a second age group and session format, two languages and two regions. */
async function fillAvailability(db: Db): Promise<void> {
  await db.execute(sql`
    UPDATE users u SET
      accepting_clients = (ARRAY['accepting', 'waitlist', 'not accepting'])[1 + (g.n % 3)],
      availability_updated_at = now() - ((g.n % 120) || ' days')::interval,
      availability_note = 'Weekday evenings',
      languages = ARRAY['English', (${pgArray(LANGUAGES)})[1 + (g.n * 7) % ${LANGUAGES.length}]],
      fee_models = ARRAY[(${pgArray(FEE_MODELS)})[1 + g.n % ${FEE_MODELS.length}]],
      licensed_regions = ARRAY[(${pgArray(REGION_CODES)})[1 + g.n % 13], (${pgArray(REGION_CODES)})[1 + (g.n * 3) % ${REGION_CODES.length}]],
      demographics = u.demographics || (ARRAY['Toddler', 'Children (6-10)', 'Preteen', 'Teen', 'Adults', 'Elders (65+)'])[1 + (g.n * 5) % 6],
      session_format = u.session_format || 'Online'::text
    FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM users) g
    WHERE u.id = g.id AND u.languages = '{}'`);
  await db.execute(sql`VACUUM ANALYZE users`);
}

/** 1,000,000 referrals from the generated therapists, two recipients each; the busiest one receives BUSY_INBOX of them. */
async function seedReferrals(db: Db): Promise<void> {
  await db.execute(sql`CREATE TEMP TABLE IF NOT EXISTS bench_people AS
    SELECT row_number() OVER (ORDER BY created_at, id) AS n, id FROM users WHERE verification_status = 'verified' AND role <> 'admin'`);
  const people = await count(db, 'bench_people');
  const BATCH = 100_000;
  for (let have = await count(db, 'referrals'); have < SIZES.referrals; have += BATCH) {
    const upto = Math.min(SIZES.referrals, have + BATCH);
    await db.execute(sql`
      WITH made AS (
        INSERT INTO referrals (sender_id, age_group, concerns, session_formats, region, urgency, note, to_board, status,
          expires_at, created_at, updated_at)
        SELECT s.id, (ARRAY['Toddler', 'Children (6-10)', 'Preteen', 'Teen', 'Adults', 'Elders (65+)'])[1 + g % 6],
          ARRAY['Anxiety', 'Depression'], ARRAY['Online'], 'ON', 'routine', 'Generated request ' || g, g % 10 = 0,
          (ARRAY['open', 'open', 'placed', 'withdrawn'])[1 + g % 4],
          now() - (g || ' seconds')::interval + interval '30 days', now() - (g || ' seconds')::interval,
          now() - (g || ' seconds')::interval
        FROM generate_series(${have + 1}::int, ${upto}::int) AS g JOIN bench_people s ON s.n = 1 + (g * 7) % ${people}
        RETURNING id, created_at, sender_id)
      INSERT INTO referral_recipients (referral_id, recipient_id, created_at)
      SELECT m.id, p.id, m.created_at FROM (SELECT *, row_number() OVER () AS k FROM made) m
        CROSS JOIN generate_series(0, 1) AS j
        JOIN bench_people p ON p.n = CASE WHEN j = 0 AND m.k <= ${(BUSY_INBOX * BATCH) / SIZES.referrals} THEN 1
          ELSE 1 + (m.k * 13 + j * 31 + ${have}) % ${people} END
      WHERE p.id <> m.sender_id
      ON CONFLICT DO NOTHING`);
    console.log(`referrals: ${upto}`);
  }
  await db.execute(sql`VACUUM ANALYZE referrals`);
  await db.execute(sql`VACUUM ANALYZE referral_recipients`);
}

const { db, url, close } = await benchDatabase(DATABASE);
await seedTherapists(db, SIZES.therapists);
await fillAvailability(db);
await seedReferrals(db);
const data = {
  users: await count(db, 'users'), referrals: await count(db, 'referrals'), recipientRows: await count(db, 'referral_recipients'),
};
console.log(JSON.stringify(data));
if (process.argv.includes('--seed-only')) {
  await close();
  process.exit(0);
}

const [busy] = await queryRows<{ id: string; received: number; sent: number }>(db, sql`
  SELECT u.id, (SELECT count(*)::int FROM referral_recipients WHERE recipient_id = u.id) AS received,
    (SELECT count(*)::int FROM referrals WHERE sender_id = u.id) AS sent
  FROM users u WHERE u.verification_status = 'verified' AND u.role <> 'admin' ORDER BY u.created_at, u.id LIMIT 1`);
console.log(`busiest clinician: ${busy.received} received, ${busy.sent} sent`);
const readers = await queryRows<{ id: string }>(db, sql`
  SELECT id FROM users WHERE verification_status = 'verified' AND role <> 'admin' ORDER BY created_at, id OFFSET 1 LIMIT 49`);
const tokens = [await createSession(db, busy.id), ...await Promise.all(readers.map((r) => createSession(db, r.id)))];

const BROAD = { ageGroup: 'Teen', concerns: ['Anxiety', 'Depression'], sessionFormats: ['Online'], modalities: [], languages: [], feeModels: [] };
const NARROW = { ...BROAD, concerns: ['Anxiety'], modalities: ['CBT'], region: 'ON', languages: ['French'], feeModels: ['Sliding scale'] };
const query = (needs: Record<string, string | string[]>) => new URLSearchParams(
  Object.entries(needs).filter(([, v]) => v.length).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]),
).toString();
const now = new Date();
const [deep] = await queryRows<{ at: string; id: string }>(db, sql`
  SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, referral_id AS id FROM referral_recipients
  WHERE recipient_id = ${busy.id} ORDER BY created_at DESC, referral_id DESC OFFSET 2000 LIMIT 1`);
const plans = {
  suggestionsBroadRanking: await explain(db, rankedSql(BROAD, 60)),
  suggestionsNarrowRanking: await explain(db, rankedSql(NARROW, 60)),
  suggestionsPersonal: await explain(db, personalSql(busy.id, BROAD)),
  receivedFirstPage: await explain(db, receivedPageSql(busy.id, now, REFERRAL_LIMITS.pageSize)),
  receivedDeepPage: await explain(db, receivedPageSql(busy.id, now, REFERRAL_LIMITS.pageSize, undefined, deep)),
  receivedOpenOnly: await explain(db, receivedPageSql(busy.id, now, REFERRAL_LIMITS.pageSize, 'open')),
  sentFirstPage: await explain(db, sentPageSql(busy.id, now, REFERRAL_LIMITS.pageSize)),
  countsBusiest: await explain(db, countsSql(busy.id, now)),
  countsTypical: await explain(db, countsSql(readers[0].id, now)),
};
for (const [name, plan] of Object.entries(plans)) console.log(`\n-- ${name}\n${plan}`);

const server = await startServer(url, PORT);
try {
  const base = `http://127.0.0.1:${PORT}`;
  const paths = {
    suggestionsBroad: `/api/referrals/suggestions?${query(BROAD)}`,
    suggestionsNarrow: `/api/referrals/suggestions?${query(NARROW)}`,
    received: '/api/referrals?box=received',
    // The dashboard's card: the newest open ones received.
    receivedOpen: '/api/referrals?box=received&status=open',
    receivedDeep: `/api/referrals?box=received&before=${encodeURIComponent(`${deep.at}_${deep.id}`)}`,
    sent: '/api/referrals?box=sent',
    counts: '/api/referrals/counts',
    // The floor under every figure on this machine at this moment: no database, and one signed-in read (the session).
    baseline: '/healthz',
    signedInBaseline: '/api/users/me',
  };
  for (const path of Object.values(paths)) {
    const res = await fetch(base + path, { headers: { 'x-auth-token': tokens[0] } });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  }
  const found = await (await fetch(base + paths.suggestionsBroad, { headers: { 'x-auth-token': tokens[0] } })).json() as { suggestions: unknown[] };
  console.log(`broad suggestions: ${found.suggestions.length}`);
  await measure(base + paths.received, { tokens, seconds: 2 }); // warm-up: JIT, pool, caches
  const loadBefore = loadAverage();
  const runs: Record<string, Run> = {};
  for (const [name, path] of Object.entries(paths)) {
    // The busiest inbox alone for its deep page; every other run spreads over 50 readers, the busiest among them.
    const who = name === 'receivedDeep' ? [tokens[0]] : tokens;
    const done = watchLoad();
    const figures = await measure(base + path, { tokens: who, seconds: SECONDS });
    // The baselines are the floor under the reads, not reads with a budget.
    const budget = name.endsWith('aseline') ? {} : {
      budgetP95Ms: BUDGET_P95_MS, withinBudget: figures.p95 < BUDGET_P95_MS && figures.non2xx === 0 && figures.errors === 0,
    };
    runs[name] = { path, readers: who.length, ...budget, ...figures, ...done() };
    console.log(`${name.padEnd(18)} ${JSON.stringify(runs[name])}`);
  }
  // Beside a hello-world server's at the same connections in this run: the reads a node keeps hold the cached budget,
  // the deep page (read every time) the uncached one.
  const hello = await helloWorld(PORT + 100, 50, SECONDS);
  const kinds: Record<string, ReadKind> = {
    suggestionsBroad: 'cached', suggestionsNarrow: 'cached', received: 'cached', receivedOpen: 'cached', sent: 'cached', counts: 'cached',
    receivedDeep: 'uncached',
  };
  const compared = withRatios(runs, hello, kinds);
  writeResult('referrals', {
    data: { ...data, busiestInbox: { received: busy.received, sent: busy.sent } },
    connections: 50, seconds: SECONDS, budgetP95Ms: BUDGET_P95_MS,
    loadAverage: { before: loadBefore, after: loadAverage() },
    note: 'Suggestions: the ranking of everyone for one set of needs is kept 5 s per node (the same for every caller); the caller\'s '
      + 'favourites and blocks are read on every request. The counts and the first page of each box (received, received open, sent) '
      + 'are kept per node until a referral event names the member (30 s and 10 s at most, never past the earliest expiry shown; '
      + 'decision 0092); receivedDeep (a cursor page) is read on every request. Cold query times are in plans.',
    withinBudget: Object.values(runs).every((run) => run.withinBudget !== false),
    helloWorld: hello,
    withinRatioBudgets: Object.values(compared).every((run) => run.vsHelloWorld.withinRatioBudget !== false),
    ...compared,
    plans,
  });
} finally {
  server.kill();
  await close();
}
