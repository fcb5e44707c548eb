// Notifications at scale, against a real server process on PostgreSQL (docs/decisions/0058):
//  1. Fan-out: a comment on a post with 10,000 followers. The request's time (the fan-out runs after the response, by a
//     job) and the time until every follower's notification is stored.
//  2. The reads the web makes, at 50 connections with 10,000,000 notifications in the table (50 readers, each with
//     their own token and about 1,000 items of their own), p50/p95/p99 against the 25 ms p95 budget: the
//     bell's unread count (every screen), the list's first page, the next page from each reader's own cursor, and the
//     preferences (read once per browser session, for the time zone).
// Loopback only, bounded (a hard stop after 30 minutes). Run: node bench/notifications.ts (writes bench/results/notifications.json).
// Knobs: BENCH_NOTIF_SEED_ONLY=1 (fill the database only), BENCH_NOTIF_READS_ONLY=1 (skip the fan-out, which adds 50,000
// rows a run; its last figures are kept), BENCH_NOTIF_FOLLOWERS (10000), BENCH_NOTIF_ROWS (10000000),
// BENCH_NOTIF_SECONDS (15), BENCH_NOTIF_RUNS (5), BENCH_NOTIF_DB (thera_bench_notifications), BENCH_PORT (3311), BENCH_PG (see lib.ts).
import { helloWorld, withRatios } from './baseline.ts';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../server/db/client.ts';
import { createSession } from '../server/lib/auth.ts';
import * as q from '../server/features/notifications/queries.ts';
import { NOTIFICATIONS_PAGE_SIZE } from '../common/notifications.ts';
import { benchDatabase, benchTokens, count, explain, measure, seedTherapists, startServer, writeResult, type Figures } from './lib.ts';
import { loadAverage, watchLoad, type MachineLoad } from './machine.ts';

const FOLLOWERS = Number(process.env.BENCH_NOTIF_FOLLOWERS ?? 10_000);
const ROWS = Number(process.env.BENCH_NOTIF_ROWS ?? 10_000_000);
const SECONDS = Number(process.env.BENCH_NOTIF_SECONDS ?? 15);
const RUNS = Number(process.env.BENCH_NOTIF_RUNS ?? 5);
// Another database: a smaller copy to try a change on while the recorded one is in use.
const DATABASE = process.env.BENCH_NOTIF_DB ?? 'thera_bench_notifications';
// Only fill the database (the long part), so the measured run can come later on a quiet machine.
const SEED_ONLY = process.env.BENCH_NOTIF_SEED_ONLY === '1';
// Only the reads (the database already seeded): re-runnable as often as wanted without growing the table.
const READS_ONLY = process.env.BENCH_NOTIF_READS_ONLY === '1';
const BUDGET_P95_MS = 25;
// The list's page size when the web asks without a limit.
const PAGE = NOTIFICATIONS_PAGE_SIZE;
const RESULT_FILE = path.join(import.meta.dirname, 'results', 'notifications.json');
const PORT = Number(process.env.BENCH_PORT ?? 3311);
const BATCH = 1_000_000;
const HARD_STOP_MS = 30 * 60_000;

const hardStop = setTimeout(() => {
  console.error('notifications bench: still running after 30 minutes, stopping');
  process.exit(2);
}, HARD_STOP_MS);

/** The notifications indexes of migration 0101: dropped while the table is bulk-loaded, built once after. */
function notificationIndexes(): { name: string; ddl: string }[] {
  const file = fs.readFileSync(path.join(import.meta.dirname, '..', 'server/db/migrations/0101_notifications.sql'), 'utf8');
  return [...file.matchAll(/CREATE (?:UNIQUE )?INDEX IF NOT EXISTS "(notifications_\w+)" ON "notifications"[^;\n]*/g)]
    .map((m) => ({ name: m[1], ddl: m[0] }));
}

/** ROWS notifications over the first 10,000 users, 1 in 50 unread, spread over the last 100 days. */
async function seedNotifications(db: Db, users: string[]): Promise<void> {
  const have = await count(db, 'notifications');
  if (have >= ROWS) return;
  await db.execute(sql`CREATE UNLOGGED TABLE IF NOT EXISTS bench_numbered (n int PRIMARY KEY, id uuid NOT NULL)`);
  await db.execute(sql`TRUNCATE bench_numbered`);
  await db.execute(sql`INSERT INTO bench_numbered SELECT o - 1, u FROM unnest(${sql.param(users)}::uuid[]) WITH ORDINALITY AS x(u, o)`);
  const indexes = notificationIndexes();
  for (const index of indexes) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${index.name}"`));
  for (let from = have; from < ROWS; from += BATCH) {
    const to = Math.min(ROWS, from + BATCH);
    const started = performance.now();
    await db.execute(sql`
      INSERT INTO notifications (user_id, type, actor_ids, actor_count, target_kind, target_id, target_title, target_url, place,
        created_at, read_at, emailed_at)
      SELECT r.id, 'postReply', ARRAY[a.id], 1,
        'comment', gen_random_uuid(), 'Generated post ' || (g % 5000), '/post/x', 'the forums',
        now() - ((g % 144000) || ' minutes')::interval,
        CASE WHEN g % 50 = 0 THEN NULL ELSE now() END, now()
      FROM generate_series(${from + 1}::int, ${to}::int) AS g
      JOIN bench_numbered r ON r.n = g % ${users.length}
      JOIN bench_numbered a ON a.n = (g * 7) % ${users.length}`);
    console.log(`notifications ${to.toLocaleString('en-US')} (${Math.round(performance.now() - started)} ms)`);
  }
  for (const index of indexes) await db.execute(sql.raw(index.ddl));
  await db.execute(sql`VACUUM ANALYZE notifications`);
}

/** One post by the first user, followed by FOLLOWERS others. */
async function followedPost(db: Db, users: string[], n: number): Promise<string> {
  const [post] = await queryRows<{ id: string }>(db, sql`
    INSERT INTO posts (author_id, title, content) VALUES (${users[0]}, ${`Fan-out ${n}`}, 'x') RETURNING id`);
  await db.execute(sql`INSERT INTO post_follows (post_id, user_id)
    SELECT ${post.id}::uuid, u FROM unnest(${sql.param(users.slice(1, FOLLOWERS + 1))}::uuid[]) AS u ON CONFLICT DO NOTHING`);
  return post.id;
}

async function waitForFanOut(db: Db, commentId: string, expected: number, since: number): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM notifications WHERE source_id = ${commentId}`);
    if (row.n >= expected) return Math.round(performance.now() - since);
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('fan-out did not finish within 60 s');
}

/** A few comments on a small thread first, so the measured runs meet a warm server (compiled code, open connections). */
async function warmUp(db: Db, users: string[]): Promise<void> {
  // Another member than the measured commenter, whose comments per 10 minutes are limited.
  const token = await createSession(db, users[users.length - 2]);
  const [post] = await queryRows<{ id: string }>(db, sql`INSERT INTO posts (author_id, title, content) VALUES (${users[0]}, 'Warm-up', 'x') RETURNING id`);
  for (let i = 0; i < 10; i++) {
    await fetch(`http://127.0.0.1:${PORT}/api/forumPosts/${post.id}/comments`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-auth-token': token }, body: JSON.stringify({ content: `Warm-up ${i}` }),
    });
  }
}

async function fanOut(db: Db, users: string[]) {
  // The commenter is neither the author nor a follower: every follower gets "commented on a post you follow", the author a reply.
  const commenter = users[users.length - 1];
  const token = await createSession(db, commenter);
  const runs = [];
  for (let n = 0; n < RUNS; n++) {
    const postId = await followedPost(db, users, n);
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${PORT}/api/forumPosts/${postId}/comments`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-auth-token': token }, body: JSON.stringify({ content: 'A comment' }),
    });
    const responseMs = Math.round((performance.now() - started) * 10) / 10;
    if (res.status !== 201) throw new Error(`comment: ${res.status} ${await res.text()}`);
    const { _id: commentId } = (await res.json()) as { _id: string };
    const storedMs = await waitForFanOut(db, commentId, FOLLOWERS + 1, started);
    runs.push({ responseMs, allStoredMs: storedMs });
    console.log(`fan-out ${n}: response ${responseMs} ms, ${FOLLOWERS.toLocaleString('en-US')} followers stored in ${storedMs} ms`);
  }
  return runs;
}

type Read = { path: string; readers: number; budgetP95Ms: number; withinBudget: boolean } & Figures & MachineLoad;

/** One read at 50 connections for SECONDS, with what the machine was doing meanwhile. */
async function measureRead(url: string, tokens: string[], nextPath?: () => string): Promise<Read> {
  const done = watchLoad();
  const figures = await measure(url, { tokens, connections: 50, seconds: SECONDS, nextPath });
  const withinBudget = figures.p95 < BUDGET_P95_MS && figures.errors === 0 && figures.non2xx === 0;
  const shown = nextPath ? `${new URL(url).pathname}?before=(each reader's own cursor)` : new URL(url).pathname + new URL(url).search;
  return { path: shown, readers: tokens.length, budgetP95Ms: BUDGET_P95_MS, withinBudget, ...figures, ...done() };
}

/** Each reader's own second page: the cursor their first page gave them. */
async function nextPages(base: string, tokens: string[]): Promise<string[]> {
  return Promise.all(tokens.map(async (token) => {
    const page = await (await fetch(`${base}/api/notifications`, { headers: { 'x-auth-token': token } })).json() as { nextCursor: string | null };
    if (!page.nextCursor) throw new Error('a reader has a single page of notifications');
    return `/api/notifications?before=${encodeURIComponent(page.nextCursor)}`;
  }));
}

async function measureReads(db: Db, users: string[]) {
  const base = `http://127.0.0.1:${PORT}`;
  const tokens = await benchTokens(db, 50);
  await measure(`${base}/api/notifications/unread-count`, { tokens, connections: 50, seconds: 3 }); // warm-up
  await measure(`${base}/api/notifications`, { tokens, connections: 50, seconds: 3 });
  const second = await nextPages(base, tokens);
  // measure() hands request n the token tokens[n % 50] and then asks nextPath once: counting here in step gives
  // request n that same reader's own cursor.
  let n = 0;
  const reads = {
    unreadCount: { ...await measureRead(`${base}/api/notifications/unread-count`, tokens), earlierGoalP95Ms: 10 },
    listFirstPage: await measureRead(`${base}/api/notifications`, tokens),
    listNextPage: await measureRead(`${base}/api/notifications`, tokens, () => second[n++ % tokens.length]),
    preferences: await measureRead(`${base}/api/notifications/preferences`, tokens),
  };
  for (const [name, read] of Object.entries(reads)) console.log(name.padEnd(14), JSON.stringify(read));
  // The same readers on the cheapest signed-in route: what the session check alone costs on this machine now.
  const signedInBaseline = await measureRead(`${base}/api/users/me`, tokens);
  console.log('signed-in baseline /api/users/me', JSON.stringify(signedInBaseline));
  // Beside a hello-world server's at the same connections in this run: what a node keeps holds the cached budget, what
  // is read on every request (the next page, the preferences) the uncached one.
  const hello = await helloWorld(PORT + 100, 50, SECONDS);
  const compared = withRatios(reads, hello, { unreadCount: 'cached', listFirstPage: 'cached', listNextPage: 'uncached', preferences: 'uncached' });
  // The plans of one reader's pages: the cursor of the second is the first page's last item.
  const [last] = await queryRows<{ at: string; id: string }>(db, sql`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id FROM notifications
    WHERE user_id = ${users[1]} AND visible ORDER BY created_at DESC, id DESC OFFSET ${PAGE - 1} LIMIT 1`);
  const plans = {
    unreadCount: await explain(db, sql`SELECT count(*)::int FROM notifications WHERE user_id = ${users[1]} AND read_at IS NULL AND visible`),
    listFirstPage: await explain(db, q.listPageSql({ userId: users[1], limit: PAGE + 1 })),
    listNextPage: await explain(db, q.listPageSql({ userId: users[1], limit: PAGE + 1, ...last })),
  };
  return { reads: compared, hello, signedInBaseline, plans };
}

/** The fan-out's figures of the last run that measured it (a reads-only run keeps them). */
function previousFanOut(): unknown {
  try {
    return (JSON.parse(fs.readFileSync(RESULT_FILE, 'utf8')) as { fanOut?: unknown }).fanOut ?? null;
  } catch {
    return null;
  }
}

async function main() {
  const { db, url, close } = await benchDatabase(DATABASE);
  await seedTherapists(db, FOLLOWERS + 50);
  const users = (await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE verification_status = 'verified' ORDER BY created_at, id LIMIT ${FOLLOWERS + 2}`)).map((u) => u.id);
  if (SEED_ONLY) {
    await seedNotifications(db, users.slice(0, 10_000));
    await close();
    clearTimeout(hardStop);
    return;
  }
  // Jobs left by an earlier run (50,000 emails per run, due 10 minutes later) would run during this one's measurements.
  await db.execute(sql`DELETE FROM jobs`);
  let server = await startServer(url, PORT);
  try {
    let fanOutResult = previousFanOut();
    if (!READS_ONLY) {
      await warmUp(db, users);
      // The fan-out first (written at once), so its figures stand even if the 10M-row phase runs out of time.
      const fanOutRuns = await fanOut(db, users);
      fanOutResult = {
        goal: 'request under 25 ms; every follower stored within 2 s',
        notificationsInTable: await count(db, 'notifications'),
        runs: fanOutRuns,
        worstResponseMs: Math.max(...fanOutRuns.map((r) => r.responseMs)),
        worstAllStoredMs: Math.max(...fanOutRuns.map((r) => r.allStoredMs)),
      };
      writeResult('notifications', { fanOut: fanOutResult, loadAverageAtEnd: loadAverage() });
    }
    server.kill('SIGTERM');
    const seedStarted = performance.now();
    await seedNotifications(db, users.slice(0, 10_000));
    const seedMs = Math.round(performance.now() - seedStarted);
    await db.execute(sql`DELETE FROM jobs`);
    server = await startServer(url, PORT);
    const { reads, hello, signedInBaseline, plans } = await measureReads(db, users);
    writeResult('notifications', {
      sizes: { notifications: await count(db, 'notifications'), followers: FOLLOWERS, users: await count(db, 'users') },
      seedMs,
      fanOut: fanOutResult,
      fanOutMeasuredThisRun: !READS_ONLY,
      connections: 50, seconds: SECONDS, budgetP95Ms: BUDGET_P95_MS,
      withinBudget: Object.values(reads).every((read) => read.withinBudget),
      helloWorld: hello,
      withinRatioBudgets: Object.values(reads).every((read) => read.vsHelloWorld.withinRatioBudget !== false),
      ...reads,
      signedInBaseline,
      loadAverageAtEnd: loadAverage(),
      note: 'The unread count and the first page (default size, no cursor) are kept per node until the notifications fan-out '
        + 'names the member (30 s and 10 s at most); the next page and the preferences are read on every request. Cold query times are in plans.',
      plans,
    });
  } finally {
    server.kill('SIGTERM');
    await close();
    clearTimeout(hardStop);
  }
}

await main();
