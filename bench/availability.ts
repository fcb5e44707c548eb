// The directory's availability filters on PostgreSQL with 100,000 generated therapists whose availability,
// languages, fee models and licensed regions are filled: the plans of the SQL, then each filter at 50 connections.
// Every request asks for a different page size or page, so the 5 s read cache of a search does not answer for the database.
// Run: node_modules/.bin/node bench/availability.ts
import { sql } from 'drizzle-orm';
import { FEE_MODELS, LANGUAGES } from '../common/options.ts';
import { REGION_CODES } from '../common/regions.ts';
import type { DirectoryFilters } from '../common/therapists.ts';
import type { Db } from '../server/db/client.ts';
import { acceptingPageSql, filteredPageSql } from '../server/features/therapists/queries.ts';
import { benchDatabase, count, explain, measure, seedTherapists, startServer, writeResult } from './lib.ts';
import { loadAverage } from './machine.ts';

const THERAPISTS = 100_000;
const PORT = 3311;
const SECONDS = 5;

const pgArray = (items: readonly string[]) => sql.raw(`ARRAY[${items.map((s) => `'${s.replaceAll("'", "''")}'`).join(',')}]::text[]`);

/** Availability for every generated therapist that has none yet, spread evenly by a hash of the id. */
async function fillAvailability(db: Db): Promise<void> {
  await db.execute(sql`
    WITH h AS (SELECT id, abs(hashtext(id::text)) AS n FROM users WHERE cardinality(languages) = 0)
    UPDATE users u SET
      accepting_clients = (ARRAY['accepting', 'waitlist', 'not accepting'])[1 + h.n % 3],
      availability_note = 'Evenings',
      availability_updated_at = now() - ((h.n % 120) || ' days')::interval,
      languages = ARRAY['English', (${pgArray(LANGUAGES)})[1 + (h.n / 3) % ${LANGUAGES.length}]],
      fee_models = ARRAY[(${pgArray(FEE_MODELS)})[1 + (h.n / 7) % ${FEE_MODELS.length}]],
      licensed_regions = ARRAY[(${pgArray(REGION_CODES)})[1 + (h.n / 11) % ${REGION_CODES.length}]]
    FROM h WHERE u.id = h.id`);
}

const CASES: { name: string; path: string; filters: DirectoryFilters }[] = [
  { name: 'accepting', path: '/api/users?accepting=accepting', filters: { accepting: ['accepting'] } },
  { name: 'acceptingFrench', path: '/api/users?accepting=accepting&languages=French', filters: { accepting: ['accepting'], languages: ['French'] } },
  { name: 'regionON', path: '/api/users?region=ON', filters: { region: 'ON' } },
  {
    name: 'narrow', path: '/api/users?region=ON&accepting=accepting,waitlist&languages=French&feeModels=Sliding%20scale',
    filters: { region: 'ON', accepting: ['accepting', 'waitlist'], languages: ['French'], feeModels: ['Sliding scale'] },
  },
  { name: 'withSpecialty', path: '/api/users?accepting=accepting&specialties=Anxiety&region=WA', filters: { accepting: ['accepting'], specialties: ['Anxiety'], region: 'WA' } },
];

const { db, url, close } = await benchDatabase('thera_bench_avail');
await seedTherapists(db, THERAPISTS);
await fillAvailability(db);
await db.execute(sql`VACUUM ANALYZE users`);
const users = await count(db, 'users');
console.log(`users: ${users}`);

const plans: Record<string, string> = {};
// The status alone has its own query (service.ts); every other case collects the matches first.
for (const c of CASES) {
  plans[c.name] = await explain(db, c.name === 'accepting' ? acceptingPageSql(['accepting'], 12, 0) : filteredPageSql(c.filters, 12, 0));
  console.log(`\n-- ${c.name}\n${plans[c.name]}`);
}

const loadBefore = loadAverage();
const server = await startServer(url, PORT);
try {
  const base = `http://127.0.0.1:${PORT}`;
  const figures: Record<string, unknown> = {};
  await measure(base + CASES[0].path, { seconds: 2 }); // warm-up: JIT, pool, prepared statements
  for (const c of CASES) {
    const matches = ((await (await fetch(base + c.path)).json()) as { total: number }).total;
    let n = 0;
    const nextPath = () => { n += 1; return `${c.path}&limit=${1 + (n % 50)}&page=${1 + (Math.floor(n / 50) % 5)}`; };
    const result = await measure(base + c.path, { seconds: SECONDS, nextPath });
    figures[c.name] = { path: c.path, matches, ...result };
    console.log(`${c.name.padEnd(16)} matches ${matches}  ${JSON.stringify(result)}`);
  }
  writeResult('availability', {
    data: { users }, connections: 50, seconds: SECONDS, budgetP95Ms: 25,
    loadAverage: { before: loadBefore, after: loadAverage() },
    note: 'each request varies limit (1-50) and page (1-5), so most miss the 5 s search cache; the machine is shared by other engineers',
    ...figures,
    plans,
  });
} finally {
  server.kill();
  await close();
}
