// Therapist directory on PostgreSQL with 100,000 generated therapists: a filtered search and the featured call,
// 50 connections for 10 s each, plus the query plans of the SQL behind them.
// Each figure stands beside a hello-world Fastify server's at the same connections, measured in the same run (bench/baseline.ts):
// every read here is a repeated one the node's read cache answers, so each holds the cached budget (a quarter of hello-world's rate).
// Run: node_modules/.bin/node bench/therapists.ts [--seconds=10]
import { sql } from 'drizzle-orm';
import { directoryCountSql, directoryPageSql, featuredSql, filteredPageSql } from '../server/features/therapists/queries.ts';
import { helloWorld, withRatios } from './baseline.ts';
import { arg, benchDatabase, count, explain, measure, seedTherapists, startServer, writeResult } from './lib.ts';
import { loadAverage } from './machine.ts';

const THERAPISTS = 100_000;
const PORT = 3301;
const SECONDS = Number(arg('seconds', '10'));
const CONNECTIONS = 50;
const SEARCH = '/api/users?location=toronto&specialties=Anxiety,Depression';
const FEATURED = '/api/users?limit=6';
// The generated data never pairs Anxiety with Depression, so the search above matches nobody; this one matches a few hundred.
const BROAD = '/api/users?location=toronto&specialties=Anxiety';
// The framework's own cost on this machine at this moment: the floor under every figure above.
const BASELINE = '/healthz';
const UNFILTERED = '/api/users';

const { db, url, close } = await benchDatabase('thera_bench_therapists');
await seedTherapists(db, THERAPISTS);
// A table in steady state, as autovacuum leaves it: visibility map set for index-only counts, statistics fresh.
await db.execute(sql`VACUUM ANALYZE users`);
const users = await count(db, 'users');
console.log(`users: ${users}`);

// The plans of the very SQL the server sends (built by server/features/therapists/queries.ts).
const searchFilters = { location: 'toronto', specialties: ['Anxiety', 'Depression'] };
const broadFilters = { location: 'toronto', specialties: ['Anxiety'] };
const plans = {
  search: await explain(db, filteredPageSql(searchFilters, 12, 0)),
  broad: await explain(db, filteredPageSql(broadFilters, 12, 0)),
  featured: await explain(db, featuredSql(60)),
  unfilteredPage: await explain(db, directoryPageSql(12, 0)),
  unfilteredCount: await explain(db, directoryCountSql({})),
};
for (const [name, plan] of Object.entries(plans)) console.log(`\n-- ${name}\n${plan}`);

// The machine is shared: the load average beside the figures says how much of it this run had.
const loadBefore = loadAverage();
const server = await startServer(url, PORT);
try {
  const base = `http://127.0.0.1:${PORT}`;
  const matches = async (path: string) => ((await (await fetch(base + path)).json()) as { total: number }).total;
  const searchMatches = await matches(SEARCH);
  const broadMatches = await matches(BROAD);
  console.log(`\nsearch matches ${searchMatches} therapists, broad search ${broadMatches}`);
  await measure(base + SEARCH, { seconds: 2 }); // warm-up: JIT, pool, caches
  const search = await measure(base + SEARCH, { seconds: SECONDS });
  console.log(`search   ${JSON.stringify(search)}`);
  const featured = await measure(base + FEATURED, { seconds: SECONDS });
  console.log(`featured ${JSON.stringify(featured)}`);
  const broad = await measure(base + BROAD, { seconds: SECONDS });
  console.log(`broad    ${JSON.stringify(broad)}`);
  const unfiltered = await measure(base + UNFILTERED, { seconds: SECONDS });
  console.log(`all      ${JSON.stringify(unfiltered)}`);
  const baseline = await measure(base + BASELINE, { seconds: SECONDS });
  console.log(`healthz  ${JSON.stringify(baseline)}`);
  const hello = await helloWorld(PORT + 100, CONNECTIONS, SECONDS);
  const reads = withRatios({ search, featured, broad, unfiltered }, hello, { search: 'cached', featured: 'cached', broad: 'cached', unfiltered: 'cached' });
  for (const [name, r] of Object.entries(reads)) console.log(`${name.padEnd(10)} ${r.rps} req/s = ${r.vsHelloWorld.throughputRatio} of hello-world's (budget ${r.vsHelloWorld.minThroughputRatio})`);
  writeResult('therapists', {
    data: { users, searchMatches, broadMatches },
    connections: CONNECTIONS, seconds: SECONDS, budgetP95Ms: 25, helloWorld: hello,
    loadAverage: { before: loadBefore, after: loadAverage() },
    // Featured therapists and the count of all listed therapists are kept 15 s per node, each search 5 s (service.ts).
    note: 'featured and unfiltered totals are kept 15 s in the node\'s read cache; each distinct search is kept 5 s per node, so a repeated search costs one query per 5 s (cold query times are in plans)',
    search: { path: SEARCH, ...reads.search },
    featured: { path: FEATURED, ...reads.featured },
    broad: { path: BROAD, ...reads.broad },
    unfiltered: { path: UNFILTERED, ...reads.unfiltered },
    baseline: { path: BASELINE, ...baseline },
    plans,
  });
} finally {
  server.kill();
  await close();
}
