// Shared pieces of the benchmarks: a PostgreSQL database of a chosen size, a server process on it,
// and autocannon runs reported as p50/p95/p99 and requests per second.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Db } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { createSession } from '../server/lib/auth.ts';
import { hashPassword } from '../server/lib/passwords.ts';
import { startServerProcess } from '../scripts/server-process.ts';
import { HANDICAP, startHandicap, type Handicap } from './handicap.ts';
import { describeMachine, watchLoad } from './machine.ts';
import { MODALITIES, SPECIALTIES, AGE_GROUPS, SESSION_FORMATS, RESOURCE_CATEGORIES } from '../common/options.ts';
import { ensureKeyFile } from '../faults/harness/key-file.ts';

export const PG_BASE = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';

export async function benchDatabase(name: string): Promise<{ db: Db; url: string; close: () => Promise<void> }> {
  const admin = await openDatabase({ url: `${PG_BASE}/postgres`, poolSize: 1 });
  const exists = await queryRows(admin.db, sql`SELECT 1 FROM pg_database WHERE datname = ${name}`);
  if (!exists.length) await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
  await admin.close();
  const url = `${PG_BASE}/${name}`;
  const database = await openDatabase({ url, poolSize: 4 });
  await migrate(database.db);
  return { db: database.db, url, close: database.close };
}

export async function count(db: Db, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return row.n;
}

const pgArray = (items: readonly string[]) => sql.raw(`ARRAY[${items.map((s) => `'${s.replaceAll("'", "''")}'`).join(',')}]::text[]`);
const CITIES = ['Toronto, ON, Canada', 'Vancouver, BC, Canada', 'Montreal, QC, Canada', 'Calgary, AB, Canada', 'Halifax, NS, Canada',
  'Seattle, WA, USA', 'Portland, OR, USA', 'San Francisco, CA, USA', 'Austin, TX, USA', 'Chicago, IL, USA', 'New York, NY, USA',
  'Boston, MA, USA', 'Denver, CO, USA', 'London, England, UK', 'Dublin, Leinster, Ireland', 'Sydney, NSW, Australia'];

/** Generated therapists, verified, with three specialties and two modalities each, spread over 16 cities. */
export async function seedTherapists(db: Db, total: number): Promise<void> {
  const have = await count(db, 'users');
  if (have >= total) return;
  const hash = await hashPassword('bench-password-123');
  await db.execute(sql`
    INSERT INTO users (name, email, password_hash, location, profession, specialties, modalities, demographics, session_format,
      verification_status, verified_at, licence_number, licensing_body, licence_region, licence_country)
    SELECT 'Bench Therapist ' || g, 'bench' || g || '@bench.test', ${hash},
      (${pgArray(CITIES)})[1 + g % ${CITIES.length}], 'Registered Psychotherapist',
      ARRAY[(${pgArray(SPECIALTIES)})[1 + g % ${SPECIALTIES.length}], (${pgArray(SPECIALTIES)})[1 + (g * 7) % ${SPECIALTIES.length}], (${pgArray(SPECIALTIES)})[1 + (g * 13) % ${SPECIALTIES.length}]],
      ARRAY[(${pgArray(MODALITIES)})[1 + g % ${MODALITIES.length}], (${pgArray(MODALITIES)})[1 + (g * 11) % ${MODALITIES.length}]],
      ARRAY[(${pgArray(AGE_GROUPS)})[1 + g % ${AGE_GROUPS.length}]],
      ARRAY[(${pgArray(SESSION_FORMATS)})[1 + g % ${SESSION_FORMATS.length}]],
      'verified', now() - (g || ' minutes')::interval, 'B-' || g, 'CRPO', 'ON', 'Canada'
    FROM generate_series(${have + 1}::int, ${total}::int) AS g`);
  await db.execute(sql`ANALYZE users`);
}

/** Communities, posts spread over them and comments spread over the posts (in batches, to keep memory flat). */
export async function seedForum(db: Db, sizes: { communities: number; posts: number; comments: number }): Promise<void> {
  if ((await count(db, 'communities')) < sizes.communities) {
    await db.execute(sql`
      INSERT INTO communities (name, description, specialties, modalities, created_at)
      SELECT 'Bench Community ' || g, 'A generated community number ' || g,
        ARRAY[(${pgArray(SPECIALTIES)})[1 + g % ${SPECIALTIES.length}]], ARRAY[(${pgArray(MODALITIES)})[1 + g % ${MODALITIES.length}]],
        now() - (g || ' hours')::interval
      FROM generate_series(1, ${sizes.communities}::int) AS g`);
  }
  await db.execute(sql`CREATE TEMP TABLE IF NOT EXISTS bench_ids AS SELECT row_number() OVER () AS n, id FROM communities`);
  await db.execute(sql`CREATE TEMP TABLE IF NOT EXISTS bench_users AS SELECT row_number() OVER () AS n, id FROM users LIMIT 10000`);
  const userCount = await count(db, 'bench_users');
  const communityCount = await count(db, 'bench_ids');
  const BATCH = 100_000;
  for (let have = await count(db, 'posts'); have < sizes.posts; have += BATCH) {
    const upto = Math.min(sizes.posts, have + BATCH);
    await db.execute(sql`
      INSERT INTO posts (community_id, author_id, title, content, created_at)
      SELECT c.id, u.id, 'Generated post ' || g || ' about ' || (${pgArray(SPECIALTIES)})[1 + g % ${SPECIALTIES.length}],
        'Some thoughts on ' || (${pgArray(MODALITIES)})[1 + g % ${MODALITIES.length}] || ' with clients, post number ' || g,
        now() - (g || ' seconds')::interval
      FROM generate_series(${have + 1}::int, ${upto}::int) AS g
      JOIN bench_ids c ON c.n = 1 + g % ${communityCount}
      JOIN bench_users u ON u.n = 1 + g % ${userCount}`);
  }
  const perPost = Math.max(1, Math.round(sizes.comments / sizes.posts));
  let commentsHave = await count(db, 'comments');
  while (commentsHave < sizes.comments) {
    await db.execute(sql`
      INSERT INTO comments (post_id, author_id, content, created_at)
      SELECT p.id, u.id, 'A generated reply', p.created_at + (k || ' minutes')::interval
      FROM (SELECT id, created_at, row_number() OVER () AS n FROM posts WHERE comments_count = 0 LIMIT ${Math.floor(BATCH / perPost)}) p
      CROSS JOIN generate_series(1, ${perPost}::int) AS k
      JOIN bench_users u ON u.n = 1 + (p.n + k) % ${userCount}`);
    await db.execute(sql`UPDATE posts SET comments_count = sub.n FROM (
      SELECT post_id, count(*)::int AS n FROM comments GROUP BY post_id) sub
      WHERE posts.id = sub.post_id AND posts.comments_count = 0`);
    commentsHave = await count(db, 'comments');
  }
  await db.execute(sql`UPDATE communities c SET posts_count = s.n, last_post_at = s.last FROM (
    SELECT community_id, count(*)::int AS n, max(created_at) AS last FROM posts GROUP BY community_id) s WHERE c.id = s.community_id`);
  // The counter updates above leave a dead version of every post; vacuum so scans read live rows only.
  await db.execute(sql`VACUUM ANALYZE posts`);
  await db.execute(sql`VACUUM ANALYZE comments`);
  await db.execute(sql`ANALYZE`);
}

/** The forum-scale data the forums, feed, search and members benches read (thera_bench_forum). */
export const FORUM_DATA = { therapists: 10_000, communities: 2_000, posts: 1_000_000, comments: 3_000_000, resources: 50_000 };

/** Seeds what is missing of FORUM_DATA (minutes the first time; nothing once it is there). */
export async function seedForumData(db: Db): Promise<void> {
  await seedTherapists(db, FORUM_DATA.therapists);
  await seedForum(db, FORUM_DATA);
  await seedResources(db, FORUM_DATA.resources);
}

export async function seedResources(db: Db, total: number): Promise<void> {
  const have = await count(db, 'resources');
  if (have >= total) return;
  await db.execute(sql`
    INSERT INTO resources (title, link, description, category, is_approved, approved_at, created_at)
    SELECT 'Generated resource ' || g, 'https://example.org/resource/' || g, 'A useful generated resource about ' ||
      (${pgArray(SPECIALTIES)})[1 + g % ${SPECIALTIES.length}], (${pgArray(RESOURCE_CATEGORIES)})[1 + g % ${RESOURCE_CATEGORIES.length}],
      g % 10 <> 0, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    FROM generate_series(${have + 1}::int, ${total}::int) AS g`);
  await db.execute(sql`ANALYZE resources`);
}

/** A session token for a generated user, for authenticated endpoints. */
export async function benchToken(db: Db): Promise<string> {
  const [user] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE verification_status = 'verified' ORDER BY created_at LIMIT 1`);
  return createSession(db, user.id);
}

/** Session tokens of `n` different generated users, so a run reads as many readers, each with their own likes. */
export async function benchTokens(db: Db, n: number): Promise<string[]> {
  const users = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE verification_status = 'verified' ORDER BY created_at LIMIT ${n}`);
  return Promise.all(users.map((u) => createSession(db, u.id)));
}

export async function explain(db: Db, query: ReturnType<typeof sql>): Promise<string> {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(db, sql`EXPLAIN (ANALYZE, COSTS OFF) ${query}`);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/**
 * The real server as its own process on the bench database (production logging off the hot path), with the flags of
 * `npm run start:node`, a production node (decision 0031): what is measured is what runs. BENCH_NODE_ARGS adds Node
 * flags to it, e.g. `--trace-gc` to see collection pauses.
 */
export async function startServer(
  databaseUrl: string, port: number, extraEnv: Record<string, string> = {},
  options: { nodeArgs?: string[]; onStdout?: (text: string) => void } = {},
): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-bench-'));
  const server = await startServerProcess({
    port, output: 'inherit', onStdout: options.onStdout,
    nodeArgs: [...(options.nodeArgs ?? []), ...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [])],
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, ENCRYPTION_KEY_FILE: ensureKeyFile(),
      DATA_DIR: dataDir, SEED_DEMO: '0', ADMIN_EMAIL: 'bench-admin@bench.test', ADMIN_PASSWORD: 'bench-admin-password', ...extraEnv },
    // Three minutes: on the shared two-core machine under other benches' load, a production start took over one.
  }, 180_000);
  return server.child;
}

/** `--name=value` from the command line, or the fallback. */
export const arg = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

export type Figures = { p50: number; p95: number; p99: number; rps: number; errors: number; non2xx: number };

type MeasureOptions = {
  headers?: Record<string, string>; connections?: number; seconds?: number;
  /** Each request signs in as the next of these users (x-auth-token), in turn. */
  tokens?: string[];
  /** Each request asks for the path this returns (for requests that must all differ). */
  nextPath?: () => string;
};

// With BENCH_HANDICAP=1, the competing work (bench/handicap.ts) runs from the first measurement to the end of the bench.
let handicap: Promise<Handicap> | undefined;
let runningHandicap: Handicap | undefined;

/**
 * With BENCH_HANDICAP=1, starts the competing work (once; it runs to the end of the bench and writeResult reports it).
 * measure() calls it; a bench that times something other than HTTP reads calls it before its measured stretch.
 */
export async function handicapIfAsked(): Promise<void> {
  if (HANDICAP) runningHandicap = await (handicap ??= startHandicap(`${PG_BASE}/postgres`));
}

/** autocannon for a bounded time against loopback only; percentiles are exact, from every response time. */
export async function measure(url: string, opts: MeasureOptions = {}): Promise<Figures> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error('benchmarks only target loopback');
  await handicapIfAsked();
  const times: number[] = [];
  let sent = 0;
  const setupRequest = (req: { headers?: Record<string, string>; path?: string }) => {
    const n = sent++;
    if (opts.tokens?.length) req.headers = { ...req.headers, 'x-auth-token': opts.tokens[n % opts.tokens.length] };
    if (opts.nextPath) req.path = opts.nextPath();
    return req;
  };
  const requests = opts.tokens || opts.nextPath ? [{ setupRequest }] : undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({
      url, connections: opts.connections ?? 50, duration: opts.seconds ?? 10, headers: opts.headers,
      ...(requests ? { requests: requests as autocannon.Request[] } : {}),
    },
      (error, res) => (error ? reject(error) : resolve(res)));
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round((times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0) * 100) / 100;
  return { p50: at(50), p95: at(95), p99: at(99), rps: Math.round(result.requests.average), errors: result.errors, non2xx: result.non2xx };
}

// The whole bench run, from this module's loading to its result, for the steal and load its result is written with.
const runWatch = watchLoad();

/**
 * Writes bench/results/<name>.json: when, on what machine and how busy it was over the whole run (load average, busy
 * and stolen CPU time), beside the bench's own figures (which name their data sizes under `data`).
 */
export function writeResult(name: string, data: unknown): void {
  fs.mkdirSync('bench/results', { recursive: true });
  const machine = { ...describeMachine(), duringRun: runWatch() };
  const competing = { handicap: runningHandicap?.report() ?? 'off' };
  fs.writeFileSync(`bench/results/${name}.json`, JSON.stringify({ measuredAt: new Date().toISOString(), machine, ...competing, ...(data as object) }, null, 2));
}
