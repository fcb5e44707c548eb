// What one uncached search costs, apart from the machine's load (issue 18, decision 0096): requests one at a time to a
// server of its own, each a search nobody made before, and per request the server's CPU, its PostgreSQL backends' CPU
// and the statements it sent (counted in the server by bench/count-queries.ts).
// Run: node_modules/.bin/node bench/search-cost.ts [--requests=300] [--server-dir=.] (BENCH_DB, default
// thera_bench_forum, only read, but for the sessions the benches sign in with; BENCH_PORT, default 3305).
// --server-dir runs another checkout's server (e.g. the code before a change) on the same database, for a before/after.
// --only=name,name measures those request kinds only; --cpu-prof=dir writes the server's CPU profile there (node --cpu-prof).
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
const ONLY = arg('only', '').split(',').filter(Boolean);
const CPU_PROF = arg('cpu-prof', '');

const { db, url, close } = await benchDatabase(DATABASE);
const tokens = await benchTokens(db, 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-cost-'));
const countFile = path.join(dataDir, 'statements');
const profile = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : [];
const server = spawn(process.execPath, [...profile, '--import', path.join(import.meta.dirname, 'count-queries.ts'), 'server/main.ts'], {
  cwd: SERVER_DIR,
  env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(PORT), HOST: '127.0.0.1',
    DATABASE_URL: `${url}?application_name=${APP}`, DATA_DIR: dataDir, SEED_DEMO: '0', COUNT_QUERIES_FILE: countFile },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${PORT}`;
for (let i = 0; i < 200 && !(await fetch(`${base}/readyz`).then((r) => r.ok).catch(() => false)); i++) await new Promise((r) => setTimeout(r, 300));

/** CPU seconds so far of each of the server's PostgreSQL backends (the pool opens and closes them as it goes). */
const backendCpu = async () => new Map((await queryRows<{ pid: number }>(db, sql`
  SELECT pid FROM pg_stat_activity WHERE application_name = ${APP}`)).map((r) => [r.pid, cpuSeconds(r.pid)]));
const statements = async () => {
  server.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 200));
  return Number(fs.readFileSync(countFile, 'utf8'));
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
  forumGriefRepeated: () => '/api/forumPosts/search?query=grief',
};

const get = async (p: string, i: number) => {
  const res = await fetch(base + p, { headers: { 'x-auth-token': tokens[i % tokens.length] } });
  if (!res.ok) throw new Error(`${p}: ${res.status}`);
  await res.arrayBuffer();
};

const results: Record<string, unknown> = {};
try {
  for (const [name, next] of Object.entries(paths).filter(([kind]) => !ONLY.length || ONLY.includes(kind))) {
    for (let i = 0; i < 40; i++) await get(next(), i); // every pooled connection prepares its statements
    const before = { server: cpuSeconds(server.pid), pg: await backendCpu(), statements: await statements() };
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) await get(next(), i);
    const ms = performance.now() - started;
    const after = { server: cpuSeconds(server.pid), pg: await backendCpu(), statements: await statements() };
    // A backend opened meanwhile counts from zero; one closed meanwhile loses its last CPU (an undercount, small).
    const pgSeconds = [...after.pg].reduce((sum, [pid, cpu]) => sum + cpu - (before.pg.get(pid) ?? 0), 0);
    const per = (x: number) => Math.round((x / REQUESTS) * 1000 * 100) / 100;
    results[name] = {
      meanMs: Math.round((ms / REQUESTS) * 100) / 100,
      serverCpuMs: per(after.server - before.server), postgresCpuMs: per(pgSeconds),
      statements: Math.round(((after.statements - before.statements) / REQUESTS) * 100) / 100,
    };
    console.log(name.padEnd(24), JSON.stringify(results[name]));
  }
  console.log(JSON.stringify({ serverDir: SERVER_DIR, requests: REQUESTS, load: loadAverage(), results }));
} finally {
  // The profile is written as the server exits (its graceful shutdown on SIGTERM).
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill();
  await exited;
  await close();
}
