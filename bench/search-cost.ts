// What one uncached search costs, apart from the machine's load (issue 18, decision 0096): requests one at a time to a
// server of its own, each a search nobody made before, and per request the server's CPU, its PostgreSQL backends' CPU
// and the statements they ran (the database's committed transactions: each statement outside a transaction is one).
// Run: node_modules/.bin/node bench/search-cost.ts [--requests=300] [--server-dir=.] (BENCH_DB, default
// thera_bench_forum, only read, but for the sessions the benches sign in with; BENCH_PORT, default 3305).
// --server-dir runs another checkout's server (e.g. the code before a change) on the same database, for a before/after.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/db/client.ts';
import { benchDatabase, benchTokens } from './lib.ts';
import { arg, loadAverage } from './machine-load.ts';
import { cpuSeconds } from './proc.ts';

const DATABASE = process.env.BENCH_DB ?? 'thera_bench_forum';
const PORT = Number(process.env.BENCH_PORT ?? 3305);
const REQUESTS = Number(arg('requests', '300'));
const SERVER_DIR = path.resolve(arg('server-dir', '.'));
const APP = 'search-cost';

const { db, url, close } = await benchDatabase(DATABASE);
const tokens = await benchTokens(db, 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-cost-'));
const server = spawn(process.execPath, ['server/main.ts'], {
  cwd: SERVER_DIR,
  env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(PORT), HOST: '127.0.0.1',
    DATABASE_URL: `${url}?application_name=${APP}`, DATA_DIR: dataDir, SEED_DEMO: '0' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${PORT}`;
for (let i = 0; i < 200 && !(await fetch(`${base}/readyz`).then((r) => r.ok).catch(() => false)); i++) await new Promise((r) => setTimeout(r, 300));

const backends = async () => (await queryRows<{ pid: number }>(db, sql`
  SELECT pid FROM pg_stat_activity WHERE application_name = ${APP}`)).map((r) => r.pid);
const commits = async () => {
  // Statistics reach pg_stat_database when a backend reports them: an idle backend waits up to 10 s (PostgreSQL 15).
  await new Promise((r) => setTimeout(r, 11_000));
  const [row] = await queryRows<{ n: string }>(db, sql`SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()`);
  return Number(row.n);
};

let n = 0;
const paths: Record<string, () => string> = {
  forumGriefDistinct: () => `/api/forumPosts/search?query=${encodeURIComponent(`grief -zzq${n++}`)}`,
  forumTherapyDistinct: () => `/api/forumPosts/search?query=${encodeURIComponent(`therapy -zzq${n++}`)}`,
  forumEmdrGriefDistinct: () => `/api/forumPosts/search?query=${encodeURIComponent(`emdr grief -zzq${n++}`)}`,
  unifiedGriefDistinct: () => `/api/search?q=${encodeURIComponent(`grief -zzq${n++}`)}`,
  unifiedTherapyDistinct: () => `/api/search?q=${encodeURIComponent(`therapy -zzq${n++}`)}`,
  unifiedNameDistinct: () => `/api/search?q=${encodeURIComponent(`bench -zzq${n++}`)}`,
  unifiedGriefRepeated: () => '/api/search?q=grief',
};

const get = async (p: string, i: number) => {
  const res = await fetch(base + p, { headers: { 'x-auth-token': tokens[i % tokens.length] } });
  if (!res.ok) throw new Error(`${p}: ${res.status}`);
  await res.arrayBuffer();
};

const results: Record<string, unknown> = {};
try {
  for (const [name, next] of Object.entries(paths)) {
    for (let i = 0; i < 40; i++) await get(next(), i); // every pooled connection prepares its statements
    const pids = await backends();
    const before = { server: cpuSeconds(server.pid), pg: pids.reduce((s, p) => s + cpuSeconds(p), 0), commits: await commits() };
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) await get(next(), i);
    const ms = performance.now() - started;
    const after = { server: cpuSeconds(server.pid), pg: pids.reduce((s, p) => s + cpuSeconds(p), 0), commits: await commits() };
    const per = (x: number) => Math.round((x / REQUESTS) * 1000 * 100) / 100;
    results[name] = {
      meanMs: Math.round((ms / REQUESTS) * 100) / 100,
      serverCpuMs: per(after.server - before.server), postgresCpuMs: per(after.pg - before.pg),
      // Less the probe's own read; anyone else's transactions in this database would count too (run it alone).
      statements: Math.round(((after.commits - before.commits - 1) / REQUESTS) * 100) / 100,
    };
    console.log(name.padEnd(24), JSON.stringify(results[name]));
  }
  console.log(JSON.stringify({ serverDir: SERVER_DIR, requests: REQUESTS, load: loadAverage(), results }));
} finally {
  server.kill();
  await close();
}
