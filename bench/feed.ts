// The dashboard's reads at forum scale: the activity feed over 1,000,000 posts, 3,000,000 comments and 50,000 resources,
// and the public resource list, at 50 connections for 10 s each, with the query plans of the SQL behind them.
// Run: node_modules/.bin/node bench/feed.ts (the first run copies or seeds the data; later runs reuse the database).
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/db/client.ts';
import { feedSql } from '../server/features/activity/queries.ts';
import { publishedPageSql } from '../server/features/resources/queries.ts';
import { ACTIVITY_FEED_SIZE, RESOURCES_PAGE_SIZE } from '../common/constants.ts';
import {
  arg, benchDatabase, benchToken, count, explain, measure, PG_BASE, seedForumData, startServer, writeResult,
  type Figures,
} from './lib.ts';
import { helloWorld, withRatios } from './baseline.ts';
import { explainGeneric } from './generic-plan.ts';
import { machineTicks, loadAverage, stealSince } from './machine.ts';

const DATABASE = 'thera_bench_feed';
// The forum benchmark's database holds exactly the forum data above; copying it takes seconds, seeding it many minutes.
const FORUM_DATABASE = 'thera_bench_forum';
const PORT = Number(process.env.BENCH_PORT ?? 3303);
// `--seconds=5` for a short run while others work; the coordinator's quiet runs use the default.
const SECONDS = Number(arg('seconds', '10'));
const BUDGET_P95_MS = 25;

/** A first run starts from a copy of the forum benchmark's data when that exists and nobody is using it. */
async function copyForumData(): Promise<void> {
  const admin = await openDatabase({ url: `${PG_BASE}/postgres`, poolSize: 1 });
  try {
    const names = (await queryRows<{ datname: string }>(admin.db, sql`SELECT datname FROM pg_database`)).map((r) => r.datname);
    if (names.includes(DATABASE) || !names.includes(FORUM_DATABASE)) return;
    await admin.db.execute(sql.raw(`CREATE DATABASE ${DATABASE} TEMPLATE ${FORUM_DATABASE}`));
    console.log(`copied ${FORUM_DATABASE} into ${DATABASE}`);
  } catch (error) {
    console.log(`could not copy ${FORUM_DATABASE} (${(error as Error).message}); seeding instead`);
  } finally {
    await admin.close();
  }
}

await copyForumData();
const { db, url, close } = await benchDatabase(DATABASE);
await seedForumData(db);
await db.execute(sql`VACUUM ANALYZE resources`);
const data = {
  users: await count(db, 'users'), communities: await count(db, 'communities'), posts: await count(db, 'posts'),
  comments: await count(db, 'comments'), resources: await count(db, 'resources'),
  approvedResources: (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM resources WHERE is_approved`))[0].n,
};
console.log(JSON.stringify(data));

// The same SQL the server sends (server/features/activity/queries.ts, server/features/resources/queries.ts).
const firstPage = {};
const [oldest] = await queryRows<{ created_at: string; id: string }>(db, sql`
  SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at, id::text AS id
  FROM posts ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST OFFSET 500 LIMIT 1`);
const deeper = { before: oldest.created_at, beforeId: oldest.id };
// Many readers at different depths: 1,000 different cursors, each request the next, so no two overlapping requests
// share a read (a cursor page's read is shared only by requests for the same cursor at the same time).
const spread = await queryRows<{ created_at: string; id: string }>(db, sql`
  SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at, id::text AS id
  FROM posts ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST OFFSET 500 LIMIT 1000`);
let spreadAt = 0;
const nextCursorPath = () => {
  const c = spread[spreadAt++ % spread.length];
  return `/api/activity/feed?before=${encodeURIComponent(c.created_at)}&beforeId=${c.id}`;
};
const plans = {
  feed: await explain(db, feedSql(firstPage, ACTIVITY_FEED_SIZE)),
  feedWithCursor: await explain(db, feedSql(deeper, ACTIVITY_FEED_SIZE)),
  // What the server runs once the prepared statement has gone generic (docs/decisions/0090).
  feedWithCursorGeneric: await explainGeneric(db, feedSql(deeper, ACTIVITY_FEED_SIZE)),
  resourcesPage: await explain(db, publishedPageSql(db, { page: 1, limit: RESOURCES_PAGE_SIZE })),
  resourcesCategoryPage: await explain(db, publishedPageSql(db, { page: 1, limit: RESOURCES_PAGE_SIZE, category: 'Books' })),
  // Kept for 30 s per category by the server, so it runs about once per category per run, not per request.
  resourcesCount: await explain(db, sql`SELECT count(*)::int FROM resources WHERE is_approved`),
};
for (const [name, plan] of Object.entries(plans)) console.log(`\n-- ${name}\n${plan}`);

const token = await benchToken(db);
const server = await startServer(url, PORT);
try {
  const base = `http://127.0.0.1:${PORT}`;
  const auth = { 'x-auth-token': token };
  const feedPath = '/api/activity/feed';
  const cursorPath = `/api/activity/feed?before=${encodeURIComponent(deeper.before)}&beforeId=${deeper.beforeId}`;
  const check = await fetch(base + feedPath, { headers: auth });
  if (!check.ok) throw new Error(`feed answered ${check.status}`);
  console.log(`\nfeed items: ${((await check.json()) as unknown[]).length}`);

  await measure(base + feedPath, { headers: auth, seconds: 2 }); // warm-up: JIT, pool, caches
  // The machine may be shared: its load before and after is part of the result.
  const loadBefore = loadAverage();
  const runs: Record<string, { path: string; loadBefore: number[]; stealPercent: number; oneConnection: Figures } & Figures> = {};
  for (const [name, path, headers, nextPath] of [
    ['feed', feedPath, auth], ['resources', '/api/resources', undefined], ['feedWithCursor', cursorPath, auth],
    ['feedWithDistinctCursors', cursorPath, auth, nextCursorPath],
    ['resourcesCategory', '/api/resources?category=Books', undefined],
    // Floors on this machine at this moment: the framework alone, and the session lookup every signed-in call pays.
    ['baseline', '/healthz', undefined], ['signedInBaseline', '/api/users/me', auth],
  ] as const) {
    const [loadBefore, ticks] = [loadAverage(), machineTicks()];
    const figures = await measure(base + path, { headers, nextPath, connections: 50, seconds: SECONDS });
    const stealPercent = stealSince(ticks);
    // One request at a time: the cost of the request itself, apart from queueing on a shared machine.
    const oneConnection = await measure(base + path, { headers, nextPath, connections: 1, seconds: Math.min(3, SECONDS) });
    runs[name] = { path, ...figures, loadBefore, stealPercent, oneConnection };
    console.log(`${name.padEnd(18)} ${JSON.stringify(runs[name])}`);
  }
  // Beside a hello-world server's at the same connections in this run: first pages hold the cached budget, pages past
  // the first (a cursor) the uncached one.
  const hello = await helloWorld(PORT + 100, 50, SECONDS);
  const compared = withRatios(runs, hello, {
    feed: 'cached', resources: 'cached', resourcesCategory: 'cached', feedWithCursor: 'uncached', feedWithDistinctCursors: 'uncached',
  });
  writeResult('feed', {
    data, connections: 50, seconds: SECONDS, budgetP95Ms: BUDGET_P95_MS, helloWorld: hello,
    withinRatioBudgets: Object.values(compared).every((run) => run.vsHelloWorld.withinRatioBudget !== false),
    loadAverage: { before: loadBefore, after: loadAverage() },
    withinBudget: {
      feed: runs.feed.p95 < BUDGET_P95_MS, feedWithCursor: runs.feedWithCursor.p95 < BUDGET_P95_MS,
      feedWithDistinctCursors: runs.feedWithDistinctCursors.p95 < BUDGET_P95_MS, resources: runs.resources.p95 < BUDGET_P95_MS,
    },
    ...compared,
    plans,
  });
} finally {
  server.kill();
  await close();
}
