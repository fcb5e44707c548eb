// Notifications at scale, against a real server process on PostgreSQL (issue 15):
//  1. Fan-out: a comment on a post with 10,000 followers. The request's time (the fan-out runs after the response, by a
//     job) and the time until every follower's notification is stored.
//  2. `GET /api/notifications/unread-count` at 50 connections with 10,000,000 notifications in the table (50 readers,
//     each with their own token), p50/p95/p99.
// Loopback only, bounded (a hard stop after 30 minutes). Run: node bench/notifications.ts (writes bench/results/notifications.json).
// Knobs: BENCH_NOTIF_SEED_ONLY=1, BENCH_NOTIF_FOLLOWERS (10000), BENCH_NOTIF_ROWS (10000000), BENCH_NOTIF_SECONDS (15), BENCH_NOTIF_RUNS (5), BENCH_PG (see lib.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../server/db/client.ts';
import { createSession } from '../server/lib/auth.ts';
import { benchDatabase, benchTokens, count, explain, measure, seedTherapists, startServer, writeResult } from './lib.ts';

const FOLLOWERS = Number(process.env.BENCH_NOTIF_FOLLOWERS ?? 10_000);
const ROWS = Number(process.env.BENCH_NOTIF_ROWS ?? 10_000_000);
const SECONDS = Number(process.env.BENCH_NOTIF_SECONDS ?? 15);
const RUNS = Number(process.env.BENCH_NOTIF_RUNS ?? 5);
// Only fill the database (the long part), so the measured run can come later on a quiet machine.
const SEED_ONLY = process.env.BENCH_NOTIF_SEED_ONLY === '1';
const PORT = 3311;
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

async function main() {
  const { db, url, close } = await benchDatabase('thera_bench_notifications');
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
    await warmUp(db, users);
    // The fan-out first (written at once), so its figures stand even if the 10M-row phase runs out of time.
    const fanOutRuns = await fanOut(db, users);
    const fanOutResult = {
      goal: 'request under 25 ms; every follower stored within 2 s',
      notificationsInTable: await count(db, 'notifications'),
      runs: fanOutRuns,
      worstResponseMs: Math.max(...fanOutRuns.map((r) => r.responseMs)),
      worstAllStoredMs: Math.max(...fanOutRuns.map((r) => r.allStoredMs)),
    };
    writeResult('notifications', { fanOut: fanOutResult, loadAverageAtEnd: os.loadavg().map((l) => Math.round(l * 100) / 100) });
    server.kill('SIGTERM');
    const seedStarted = performance.now();
    await seedNotifications(db, users.slice(0, 10_000));
    const seedMs = Math.round(performance.now() - seedStarted);
    server = await startServer(url, PORT);
    const tokens = await benchTokens(db, 50);
    await measure(`http://127.0.0.1:${PORT}/api/notifications/unread-count`, { tokens, connections: 50, seconds: 3 }); // warm-up
    const unread = await measure(`http://127.0.0.1:${PORT}/api/notifications/unread-count`, { tokens, connections: 50, seconds: SECONDS });
    console.log('unread-count', unread);
    // The same readers on the cheapest signed-in route: what the session check alone costs on this machine now.
    const signedInBaseline = await measure(`http://127.0.0.1:${PORT}/api/users/me`, { tokens, connections: 50, seconds: SECONDS });
    console.log('signed-in baseline /api/users/me', signedInBaseline);
    const plan = await explain(db, sql`SELECT count(*)::int FROM notifications WHERE user_id = ${users[1]} AND read_at IS NULL AND visible`);
    writeResult('notifications', {
      sizes: { notifications: await count(db, 'notifications'), followers: FOLLOWERS, users: await count(db, 'users') },
      seedMs,
      fanOut: fanOutResult,
      unreadCount: { goal: 'p95 under 10 ms at 50 connections', connections: 50, seconds: SECONDS, ...unread },
      signedInBaseline: { path: '/api/users/me', ...signedInBaseline },
      loadAverageAtEnd: os.loadavg().map((l) => Math.round(l * 100) / 100),
      unreadCountPlan: plan,
    });
  } finally {
    server.kill('SIGTERM');
    await close();
    clearTimeout(hardStop);
  }
}

await main();
