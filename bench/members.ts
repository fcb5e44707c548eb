// The members benchmark: a fleet of simulated members, each signed in with its own session and one socket,
// visiting the signed-in screens, chatting, liking, commenting and posting at the mix of bench/members/mix.ts, against
// real server processes on PostgreSQL (10k users, 2k communities, 1M posts, 3M comments). It ramps members in steps
// until the pass rule fails (p99 of every request and of chat delivery under 2 s; errors + timeouts under 0.025%) and
// reports the highest count that passed, on one node and on two nodes over Redis, with each process's CPU.
// Run: npm run bench:members  (writes bench/results/members.json; about 20 minutes). Knobs (env):
//  BENCH_MEMBERS_STEPS  member counts (500,1000,2000,3000,4000,5000,6000,8000,10000)
//  BENCH_MEMBERS_HOLD   measured seconds per step (45); BENCH_MEMBERS_WARMUP seconds after adding members, not counted (15)
//  BENCH_MEMBERS_K      time compression (1: real pace; k divides every think time and interval)
//  BENCH_MEMBERS_NODES  one | two | both | none (both);  BENCH_MEMBERS_REPLICAS=1 adds a phase of two nodes on a private
//  primary and one streaming replica (bench/members/replica.ts; ports 5461-5462). A phase not run keeps its last figures.  BENCH_MEMBERS_PROFILE=0 skips the CPU profile of the best one-node step
//  BENCH_MEMBERS_WORKERS fleet processes (2);  BENCH_MEMBERS_POOL keep-alive connections per fleet process per node (128)
//  BENCH_MEMBERS_TEMPLATE (thera_bench_forum: seeded with the forum-scale data first when it holds less;
//  BENCH_MEMBERS_SKIP_SEED_CHECK=1 uses it as it is), BENCH_MEMBERS_DB (thera_bench_members), DATABASE_POOL_SIZE (server, 10)
// The ceiling stands beside a hello-world Fastify server's requests a second at 50 connections, measured in the same run
// (bench/baseline.ts, BENCH_MEMBERS_BASELINE_SECONDS, 10): members held per hello-world request a second, budget 0.15.
// Smoke: BENCH_MEMBERS_STEPS=100,200 BENCH_MEMBERS_HOLD=10 BENCH_MEMBERS_WARMUP=5 BENCH_MEMBERS_PROFILE=0 npm run bench:members
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { runPhase, type Options } from './members/phase.ts';
import { REAL, WRITES_PER_VISIT, SCREENS } from './members/mix.ts';
import { seedMembers } from './members/seed.ts';
import { startReplicaPair } from './members/replica.ts';
import { helloWorld, RATIO_BUDGETS, type Baseline } from './baseline.ts';
import { benchDatabase, count, FORUM_DATA, seedForumData, writeResult } from './lib.ts';
import { load1 } from './machine.ts';

const env = process.env;
const STEPS = (env.BENCH_MEMBERS_STEPS ?? '500,1000,2000,3000,4000,5000,6000,8000,10000').split(',').map(Number).filter((n) => n > 0);
const HARD_STOP_MS = Number(env.BENCH_MEMBERS_HARD_STOP_MIN ?? 40) * 60_000;
const opts: Options = {
  holdSeconds: Number(env.BENCH_MEMBERS_HOLD ?? 45),
  warmupSeconds: Number(env.BENCH_MEMBERS_WARMUP ?? 15),
  k: Number(env.BENCH_MEMBERS_K ?? 1),
  workers: Number(env.BENCH_MEMBERS_WORKERS ?? 2),
  pool: Number(env.BENCH_MEMBERS_POOL ?? 128),
  redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
  database: env.BENCH_MEMBERS_DB ?? 'thera_bench_members',
};
const TEMPLATE = env.BENCH_MEMBERS_TEMPLATE ?? 'thera_bench_forum';
const PHASES = env.BENCH_MEMBERS_NODES ?? 'both';
const REPLICAS = env.BENCH_MEMBERS_REPLICAS === '1';

/** Each socket is a file descriptor in a fleet process and in a server: re-run under a raised `ulimit -n` when it is too low. */
function ensureFileLimit(): void {
  // Limits are per process: the server holds every member's socket (the fleet splits them over its processes).
  const needed = Math.max(...STEPS) + 2000;
  const limit = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim());
  if (!Number.isFinite(limit) || limit >= needed || env.BENCH_MEMBERS_RAISED) return;
  console.log(`members bench: open-files limit ${limit} < ${needed}, running again with ulimit -n ${needed}`);
  const again = spawnSync('bash', ['-c', `ulimit -n ${needed} && exec "${process.execPath}" ${process.execArgv.join(' ')} bench/members.ts`], {
    stdio: 'inherit', env: { ...env, BENCH_MEMBERS_RAISED: '1' },
  });
  process.exit(again.status ?? 1);
}

/** The template holds the forum-scale data (seeded here the first time, as bench/forums.ts and bench/feed.ts do). */
async function ensureTemplate(): Promise<void> {
  const template = await benchDatabase(TEMPLATE);
  try {
    const posts = await count(template.db, 'posts');
    if (posts >= FORUM_DATA.posts) return;
    console.log(`members bench: ${TEMPLATE} holds ${posts} posts, seeding ${FORUM_DATA.posts} (takes minutes the first time)`);
    await seedForumData(template.db);
  } finally {
    // Nobody may be connected to a template while it is copied.
    await template.close();
  }
}

async function main() {
  ensureFileLimit();
  if (!/^redis:\/\/(127\.0\.0\.1|localhost)[:/]/.test(opts.redisUrl)) throw new Error('benchmarks only use a loopback Redis');
  if (!env.BENCH_MEMBERS_SKIP_SEED_CHECK) await ensureTemplate();
  const started = Date.now();
  const total = Math.max(...STEPS) + (Math.max(...STEPS) % 2);
  const { url, members } = await seedMembers(opts.database, TEMPLATE, total);
  console.log(`members bench: ${members.length} members ready (${Math.round((Date.now() - started) / 1000)} s)`);
  const steps = STEPS.filter((n) => n <= members.length);
  const hello = await helloWorld(Number(env.BENCH_MEMBERS_BASELINE_PORT ?? 3399), 50, Number(env.BENCH_MEMBERS_BASELINE_SECONDS ?? 10));
  const runs = (phase: 'one' | 'two') => PHASES === 'both' || PHASES === phase;
  const oneNode = runs('one') ? withCeilingRatio(await runPhase({ ...opts, nodes: 1, steps, url, members, profile: env.BENCH_MEMBERS_PROFILE !== '0' }), hello) : 'not run';
  // Written after each phase, so a run stopped in the second keeps the first.
  write(started, hello, { oneNode, twoNodes: runs('two') ? 'running' : 'not run', replicas: REPLICAS ? 'running' : 'not run' });
  const twoNodes = runs('two') ? withCeilingRatio(await runPhase({ ...opts, nodes: 2, steps, url, members, profile: false }), hello) : 'not run';
  write(started, hello, { oneNode, twoNodes, replicas: REPLICAS ? 'running' : 'not run' });
  if (REPLICAS) {
    const pair = startReplicaPair(opts.database);
    try {
      const replicas = withCeilingRatio(await runPhase({ ...opts, nodes: 2, steps, url: pair.url, members, profile: false, replica: pair }), hello);
      write(started, hello, { oneNode, twoNodes, replicas });
    } finally {
      pair.destroy();
    }
  }
  console.log('members bench: written to bench/results/members.json');
}

/** The ceiling (the highest count that passed) per hello-world request a second in this run, against its budget. */
function withCeilingRatio<T extends { highestPassingMembers: number }>(phase: T, hello: Baseline) {
  const ratio = hello.rps > 0 ? Math.round((phase.highestPassingMembers / hello.rps) * 1000) / 1000 : null;
  const budget = RATIO_BUDGETS.membersPerHelloWorldRps;
  return { ...phase, ceilingPerHelloWorldRps: { ratio, helloWorldRps: hello.rps, minRatio: budget, withinRatioBudget: ratio !== null && ratio >= budget } };
}

const FILE = 'bench/results/members.json';

function write(started: number, hello: Baseline, phases: Record<'oneNode' | 'twoNodes' | 'replicas', unknown>) {
  // A phase this run left out keeps the figures (and the date) of the run that measured it.
  const before = fs.existsSync(FILE) ? JSON.parse(fs.readFileSync(FILE, 'utf8')) as Record<string, unknown> : {};
  const kept = Object.fromEntries(Object.entries(phases).map(([name, value]) => [name, value === 'not run' && before[name] && before[name] !== 'not run'
    ? { settingsOfThatRun: before.settings, ...(before[name] as object), keptFromRunOf: (before[name] as { keptFromRunOf?: string }).keptFromRunOf ?? before.measuredAt }
    : value]));
  writeResult('members', {
    note: 'Server(s), PostgreSQL, Redis and the fleet share the machine; each one\'s CPU is reported as % of one core (200 = both cores). '
      + 'PostgreSQL CPU is that of the backends connected to the bench database (other databases\' work is left out); Redis is the whole redis-server.',
    passRule: { p99Ms: 2000, chatDeliveryP99Ms: 2000, errorsAndTimeoutsPercent: 0.025 },
    goal: { membersOnOneNode: 5000, ceilingPerHelloWorldRps: RATIO_BUDGETS.membersPerHelloWorldRps },
    helloWorld: hello,
    data: { template: TEMPLATE, users: '10k verified', communities: '2k', posts: '1M', comments: '3M', resources: '50k' },
    mix: {
      source: 'docs/decisions/0088-members-benchmark.md; writes per visit from the 90-9-1 participation rule (Nielsen 2006), likes = 3 per comment (assumption)',
      realSeconds: REAL, writesPerVisit: WRITES_PER_VISIT, screensPerVisit: SCREENS,
      compression: opts.k, note: `N members at k=${opts.k} make the request rate of N x ${opts.k} members at real pace, with N sockets`,
    },
    fleet: { processes: opts.workers, keepAliveConnectionsPerProcessPerNode: opts.pool, fdLimit: execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim() },
    settings: { holdSeconds: opts.holdSeconds, warmupSeconds: opts.warmupSeconds, databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 10), steps: STEPS },
    load1AtStart: load1(),
    tookSeconds: Math.round((Date.now() - started) / 1000),
    ...kept,
  });
}

const hardStop = setTimeout(() => {
  console.error('members bench: hard stop reached, exiting');
  process.exit(2);
}, HARD_STOP_MS);
try {
  await main();
} finally {
  clearTimeout(hardStop);
}
process.exit(0);
