// Forums at scale: 2,000 communities, 1,000,000 posts, 3,000,000 comments and one thread of 500 comments,
// in PostgreSQL. Measures the feed, the community list, full-text search and a long thread at 50 connections.
// Run: node bench/forums.ts [--seconds=10] (seeding takes minutes the first time; later runs reuse the database).
// Each figure stands beside a hello-world Fastify server's at the same connections, measured in the same run
// (bench/baseline.ts): repeated reads hold the cached budget, distinct searches and deep pages the uncached one.
// `--only=search` (or any comma-separated endpoint names or prefixes) measures only those endpoints and keeps the
// other endpoints' last figures in bench/results/forums.json.
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../server/db/client.ts';
import { communitiesPageQuery } from '../server/features/forums/communities.ts';
import { commentsPageQuery } from '../server/features/forums/comments.ts';
import { feedQuery } from '../server/features/forums/posts.ts';
import { chooseStrategy, openWindowQuery, windowPageQuery } from '../server/features/forums/search.ts';
import { estimateMatches, requiredWords } from '../server/features/forums/search-words.ts';
import { decodeSearchCursor } from '../server/features/forums/cursor.ts';
import { SEARCH_WINDOW } from '../common/posts.ts';
import { helloWorld, versusHelloWorld, type Baseline, type ReadKind } from './baseline.ts';
import { arg, benchDatabase, benchToken, benchTokens, count, explain, measure, seedForumData, startServer, writeResult, type Figures } from './lib.ts';
import { machineTicks, loadAverage, stealSince } from './machine.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3302);
// BENCH_DB: a copy of the forum data to measure on (e.g. while others read thera_bench_forum).
const DATABASE = process.env.BENCH_DB ?? 'thera_bench_forum';
const THREAD_TITLE = 'Bench thread with 500 comments';
const THREAD_COMMENTS = 500;
const BUDGET_MS = { default: 25, search: 50 };
const RUNS = 3;
const SECONDS = Number(arg('seconds', '10'));
const STEAL_RETRY_PERCENT = 5;
// Search words: common in the generated posts ('grief' in 1.4 % of them, 'therapy' in about 20 %), both common but
// rare together ('emdr grief', 211 posts), and rare ('discussion': only the bench thread).
const RARE_WORD = 'discussion';
const ONLY = (process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? '').split(',').filter(Boolean);
const selected = (name: string) => !ONLY.length || ONLY.some((o) => name.startsWith(o));
const anySelected = (prefix: string) => !ONLY.length || ONLY.some((o) => o.startsWith(prefix) || prefix.startsWith(o));

/** One post with 500 comments (every fifth a reply to the comment before it), made once. */
async function ensureThread(db: Db): Promise<string> {
  const [found] = await queryRows<{ id: string }>(db, sql`SELECT id FROM posts WHERE title = ${THREAD_TITLE} LIMIT 1`);
  if (found) return found.id;
  const [post] = await queryRows<{ id: string }>(db, sql`
    INSERT INTO posts (community_id, author_id, title, content, comments_count)
    SELECT (SELECT id FROM communities ORDER BY created_at LIMIT 1), (SELECT id FROM users ORDER BY created_at LIMIT 1),
      ${THREAD_TITLE}, 'A long discussion about grief work and EMDR.', ${THREAD_COMMENTS}
    RETURNING id`);
  await db.execute(sql`
    INSERT INTO comments (post_id, author_id, content, created_at)
    SELECT ${post.id}, u.id, 'Comment number ' || g || ' in a long thread, with **some** Markdown.', now() - ((${THREAD_COMMENTS}::int - g) || ' seconds')::interval
    FROM generate_series(1, ${THREAD_COMMENTS}::int) g JOIN LATERAL (SELECT id FROM users OFFSET g % 100 LIMIT 1) u ON true`);
  // Every fifth comment answers the one before it, so the thread is a tree.
  await db.execute(sql`
    UPDATE comments c SET parent_id = prev.id FROM (
      SELECT id, lag(id) OVER (ORDER BY created_at, id) AS prev_id, row_number() OVER (ORDER BY created_at, id) AS n
      FROM comments WHERE post_id = ${post.id}) numbered
    JOIN comments prev ON prev.id = numbered.prev_id
    WHERE c.id = numbered.id AND numbered.n % 5 = 0`);
  return post.id;
}

/** Likes, so the capped likes lists are measured too: 2,000 on the thread, 4 per thread comment, 10 on each of the newest 2,000 posts. */
async function ensureLikes(db: Db, threadId: string): Promise<void> {
  if ((await count(db, 'post_likes')) > 0) return;
  await db.execute(sql`INSERT INTO post_likes (post_id, user_id) SELECT ${threadId}, id FROM users LIMIT 2000`);
  await db.execute(sql`
    INSERT INTO post_likes (post_id, user_id)
    SELECT p.id, u.id FROM (SELECT id FROM posts WHERE id <> ${threadId} ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 2000) p
    CROSS JOIN LATERAL (SELECT id FROM users ORDER BY id OFFSET (abs(hashtext(p.id::text)) % 9000) LIMIT 10) u`);
  await db.execute(sql`
    INSERT INTO comment_likes (comment_id, user_id, post_id)
    SELECT c.id, u.id, c.post_id FROM comments c CROSS JOIN LATERAL (SELECT id FROM users ORDER BY id OFFSET (abs(hashtext(c.id::text)) % 9000) LIMIT 4) u
    WHERE c.post_id = ${threadId}`);
  await db.execute(sql`UPDATE posts p SET likes_count = l.n FROM (SELECT post_id, count(*)::int AS n FROM post_likes GROUP BY post_id) l
    WHERE p.id = l.post_id`);
}


async function explainBuffers(db: Db, query: ReturnType<typeof sql>): Promise<string> {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(db, sql`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

const started = Date.now();
const { db, url, close } = await benchDatabase(DATABASE);
await seedForumData(db);
const threadId = await ensureThread(db);
await ensureLikes(db, threadId);
await db.execute(sql`ANALYZE`);
const data = {
  users: await count(db, 'users'), communities: await count(db, 'communities'), posts: await count(db, 'posts'),
  comments: await count(db, 'comments'), threadComments: THREAD_COMMENTS,
  postLikes: await count(db, 'post_likes'), commentLikes: await count(db, 'comment_likes'),
};
console.log('data', data, `ready in ${Math.round((Date.now() - started) / 1000)} s`);

const token = await benchToken(db);
// 50 readers: each request signs in as the next of them, so their own likes and memberships are read as in real use.
const tokens = await benchTokens(db, 50);
const headers = { 'x-auth-token': token };
const server = await startServer(url, PORT);
const base = `http://127.0.0.1:${PORT}`;

try {
  // A cursor 50 pages deep, to show that later pages cost the same as the first.
  let cursor: string | undefined;
  for (let i = 0; selected('feedPage51') && i < 50; i++) {
    const page = await (await fetch(`${base}/api/forumPosts/feed${cursor ? `?before=${encodeURIComponent(cursor)}` : ''}`, { headers })).json();
    cursor = page.nextCursor;
  }
  // The second page of a search: a later page of the same window of matches.
  const griefPage1 = await (await fetch(`${base}/api/forumPosts/search?query=grief`, { headers })).json();
  const [community] = await queryRows<{ id: string; posts_count: number }>(db, sql`
    SELECT c.id, c.posts_count FROM communities c JOIN posts p ON p.community_id = c.id WHERE p.id = ${threadId}`);
  // Every request a different search (the same matches as 'grief': a made-up word is excluded), so none is answered
  // from the node's 5-second search cache: the cost of searches nobody made just before.
  let distinct = 0;
  const distinctGrief = () => `/api/forumPosts/search?query=${encodeURIComponent(`grief -zzq${distinct++}`)}`;
  const endpoints: Record<string, { path: string; budget: number; kind?: ReadKind; nextPath?: () => string; headers?: Record<string, string> }> = {
    feed: { path: '/api/forumPosts/feed', budget: BUDGET_MS.default },
    feedPage51: { path: `/api/forumPosts/feed?before=${encodeURIComponent(cursor ?? '')}`, budget: BUDGET_MS.default, kind: 'uncached' },
    communities: { path: '/api/communities?page=1&limit=9', budget: BUDGET_MS.default },
    searchGrief: { path: '/api/forumPosts/search?query=grief', budget: BUDGET_MS.search },
    searchGriefDistinct: { path: '/api/forumPosts/search?query=grief%20-zzq', budget: BUDGET_MS.search, nextPath: distinctGrief, kind: 'uncached' },
    searchGriefPage2: { path: `/api/forumPosts/search?query=grief&before=${encodeURIComponent(griefPage1.nextCursor)}`, budget: BUDGET_MS.search },
    searchEmdrGrief: { path: '/api/forumPosts/search?query=emdr%20grief', budget: BUDGET_MS.search },
    searchTherapy: { path: '/api/forumPosts/search?query=therapy', budget: BUDGET_MS.search },
    searchRare: { path: `/api/forumPosts/search?query=${RARE_WORD}`, budget: BUDGET_MS.search },
    searchCommunityGrief: { path: `/api/forumPosts/search/${community.id}?query=grief`, budget: BUDGET_MS.search },
    post: { path: `/api/forumPosts/${threadId}`, budget: BUDGET_MS.default },
    comments500: { path: `/api/forumPosts/${threadId}/comments?limit=500`, budget: BUDGET_MS.default },
    commentsFirstPage: { path: `/api/forumPosts/${threadId}/comments`, budget: BUDGET_MS.default },
  };
  type Result = Figures & {
    path: string; budgetMs: number; withinBudget: boolean; measuredAt: string; loadBefore: number[]; stealPercent: number; oneConnection: Figures;
    attempts: { p95: number; rps: number; stealPercent: number }[];
    helloWorld: Baseline; vsHelloWorld: ReturnType<typeof versusHelloWorld>;
  };
  const previous = ONLY.length && fs.existsSync('bench/results/forums.json')
    ? JSON.parse(fs.readFileSync('bench/results/forums.json', 'utf8')) as { results?: Record<string, Result>; plans?: Record<string, string> }
    : {};
  const results: Record<string, Result> = { ...previous.results };
  // The same run's hello-world at the same connections (each result keeps the one it was measured beside: --only keeps older ones).
  const hello = await helloWorld(PORT + 100, 50, SECONDS);
  for (const [name, { path, budget, kind = 'cached', nextPath, headers: extra }] of Object.entries(endpoints)) {
    if (!selected(name)) continue;
    const check = await fetch(base + path, { headers });
    if (!check.ok) throw new Error(`${name}: ${check.status} ${await check.text()}`);
    await measure(base + path, { tokens, nextPath, headers: extra, seconds: 2 }); // warm-up, not reported
    // The host lends these cores to other guests at times: a run that lost more than STEAL_RETRY_PERCENT of its time
    // is repeated (at most RUNS times) and the least disturbed run is reported, with every attempt listed.
    const attempts: (Figures & { stealPercent: number; loadBefore: number[] })[] = [];
    for (let run = 0; run < RUNS && !attempts.some((a) => a.stealPercent <= STEAL_RETRY_PERCENT); run++) {
      const loadBefore = loadAverage();
      const cpuBefore = machineTicks();
      const run50 = await measure(base + path, { tokens, nextPath, headers: extra, connections: 50, seconds: SECONDS });
      attempts.push({ ...run50, stealPercent: stealSince(cpuBefore), loadBefore });
    }
    const { stealPercent, loadBefore, ...figures } = attempts.reduce((best, a) => (a.stealPercent < best.stealPercent ? a : best));
    // One request at a time: the cost of a request itself, apart from queueing behind 49 others on a shared machine.
    const oneConnection = await measure(base + path, { tokens, nextPath, headers: extra, connections: 1, seconds: 3 });
    results[name] = {
      path, ...figures, budgetMs: budget, withinBudget: figures.p95 < budget, measuredAt: new Date().toISOString(), loadBefore, stealPercent, oneConnection,
      attempts: attempts.map((a) => ({ p95: a.p95, rps: a.rps, stealPercent: a.stealPercent })),
      helloWorld: hello, vsHelloWorld: versusHelloWorld(figures, hello, kind),
    };
    console.log(name.padEnd(18), `p50 ${figures.p50} ms  p95 ${figures.p95} ms  p99 ${figures.p99} ms  ${figures.rps} req/s  errors ${figures.errors + figures.non2xx}`,
      `| 1 conn p50 ${oneConnection.p50} ms p95 ${oneConnection.p95} ms | load ${loadBefore.join(' ')} | steal ${stealPercent} % (${attempts.length} runs)`);
  }

  // Search plans with buffers: how many pages each way of finding a window reads (docs/decisions/0021).
  const searchPlan = async (text: string, communityId: string | null, scopeSize: number | null) => {
    // The service first walks post_terms for a query with one required word outside a community (docs/decisions/0091).
    const words = communityId ? [] : await requiredWords(db, text);
    if (words.length === 1) {
      const choice = { strategy: 'terms' as const, cap: 10 * (SEARCH_WINDOW + 1), lexeme: words[0] };
      const query = openWindowQuery(text, { communityId, top: null, window: SEARCH_WINDOW, want: 20, ...choice });
      return `${JSON.stringify(choice)}\n${await explainBuffers(db, query)}`;
    }
    const estimate = await estimateMatches(db, text);
    const choice = chooseStrategy(estimate, SEARCH_WINDOW, scopeSize);
    const query = openWindowQuery(text, { communityId, top: null, window: SEARCH_WINDOW, want: 20, ...choice });
    return `estimate ${JSON.stringify(estimate)} -> ${JSON.stringify(choice)}\n${await explainBuffers(db, query)}`;
  };
  const griefCursor = decodeSearchCursor(griefPage1.nextCursor);
  const plans: Record<string, string> = {
    ...(anySelected('feed') ? { feed: await explain(db, feedQuery()) } : {}),
    ...(selected('communities') ? { communities: await explain(db, communitiesPageQuery(1, 9)) } : {}),
    ...(anySelected('search') ? {
      searchGrief: await searchPlan('grief', null, null),
      searchGriefDistinct: await searchPlan('grief -zzq', null, null),
      searchTherapy: await searchPlan('therapy', null, null),
    searchGriefPage2: griefCursor?.kind === 'in'
        ? await explainBuffers(db, windowPageQuery('grief', null, griefCursor, 20)) : 'no second page',
      searchEmdrGrief: await searchPlan('emdr grief', null, null),
      searchRare: await searchPlan(RARE_WORD, null, null),
      searchCommunityGrief: await searchPlan('grief', community.id, community.posts_count),
    } : {}),
    ...(selected('comments500') ? { comments500: await explain(db, commentsPageQuery(threadId, { limit: 500 })) } : {}),
  };
  for (const [name, plan] of Object.entries(plans)) console.log(`\n--- ${name}\n${plan}`);
  writeResult('forums', {
    data, connections: 50, secondsEach: SECONDS, loadAverageAtEnd: loadAverage(), cpus: os.cpus().length,
    note: 'The machine is shared with other engineers\' work: loadBefore is the 1/5/15-minute load average when each run began.',
    ...(ONLY.length ? { lastRunOnly: ONLY } : {}),
    withinRatioBudgets: Object.values(results).every((r) => r.vsHelloWorld?.withinRatioBudget !== false),
    results, plans: { ...previous.plans, ...plans },
  });
} finally {
  server.kill();
  await close();
}
