// What one uncached search costs, apart from the machine's load (decision 0096): requests one at a time to a
// server of its own, each a search nobody made before, and per request the server's CPU, its PostgreSQL backends' CPU
// and the statements it sent (counted in the server by bench/count-queries.ts).
// Run: node_modules/.bin/node bench/search-cost.ts [--requests=300] [--server-dir=.] (BENCH_DB, default
// thera_bench_forum, only read, but for the sessions the benches sign in with; BENCH_PORT, default 3305).
// --server-dir runs another checkout's server (e.g. the code before a change) on the same database, for a before/after.
// --only=name,name measures those request kinds only; --cpu-prof=dir writes the server's CPU profile there (node --cpu-prof).
// --accept-encoding=identity asks for answers uncompressed, as the 50-connection benches (autocannon) do; by default the
// requests ask for gzip as browsers do (fetch's own 'gzip, deflate').
import path from 'node:path';
import { arg, benchDatabase, benchTokens } from './lib.ts';
import { loadAverage } from './machine.ts';
import { costBetween, startCostServer } from './cost-server.ts';

const DATABASE = process.env.BENCH_DB ?? 'thera_bench_forum';
const PORT = Number(process.env.BENCH_PORT ?? 3305);
const REQUESTS = Number(arg('requests', '300'));
const SERVER_DIR = path.resolve(arg('server-dir', '.'));
const APP = 'search-cost';
const ONLY = arg('only', '').split(',').filter(Boolean);
const CPU_PROF = arg('cpu-prof', '');
const ACCEPT_ENCODING = arg('accept-encoding', '');

const { db, url, close } = await benchDatabase(DATABASE);
const tokens = await benchTokens(db, 10);
const { base, snapshot, stop } = await startCostServer({
  db, url, app: APP, port: PORT, serverDir: SERVER_DIR, cpuProfileDir: CPU_PROF ? path.resolve(CPU_PROF) : undefined,
});

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
  const encoding: Record<string, string> = ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {};
  const res = await fetch(base + p, { headers: { 'x-auth-token': tokens[i % tokens.length], ...encoding } });
  if (!res.ok) throw new Error(`${p}: ${res.status}`);
  await res.arrayBuffer();
};

const results: Record<string, unknown> = {};
try {
  for (const [name, next] of Object.entries(paths).filter(([kind]) => !ONLY.length || ONLY.includes(kind))) {
    for (let i = 0; i < 40; i++) await get(next(), i); // every pooled connection prepares its statements
    const before = await snapshot();
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) await get(next(), i);
    const ms = performance.now() - started;
    const cost = costBetween(before, await snapshot());
    const per = (x: number) => Math.round((x / REQUESTS) * 1000 * 100) / 100;
    results[name] = {
      meanMs: Math.round((ms / REQUESTS) * 100) / 100,
      serverCpuMs: per(cost.serverSeconds), postgresCpuMs: per(cost.postgresSeconds),
      statements: Math.round((cost.statements / REQUESTS) * 100) / 100,
    };
    console.log(name.padEnd(24), JSON.stringify(results[name]));
  }
  console.log(JSON.stringify({ serverDir: SERVER_DIR, requests: REQUESTS, acceptEncoding: ACCEPT_ENCODING || 'gzip, deflate', load: loadAverage(), results }));
} finally {
  await stop();
  await close();
}
