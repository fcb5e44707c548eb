import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/db/client.ts';
import { openWindowQuery, windowPageQuery } from '../server/features/forums/search.ts';
import { prefixQuery } from '../server/db/text-search.ts';
const { db, close } = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/thera_bench_forum', poolSize: 1 });
const [viewer] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE verification_status = 'verified' ORDER BY created_at LIMIT 1`);
async function plan(name: string, q: ReturnType<typeof sql>) {
  await queryRows(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${q}`); // warm
  const rows = await queryRows<{ 'QUERY PLAN': string }>(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${q}`);
  const lines = rows.map((r) => r['QUERY PLAN']);
  const top = lines.find((l) => /Buffers/.test(l)) ?? '';
  console.log(`${name}: ${lines.filter((l) => /Planning Time|Execution Time/.test(l)).join(' ')} | ${top.trim()}`);
  if (process.env.FULL === name) console.log(lines.join('\n'));
}
const t = 'grief -zzq7';
await plan('old querytree', sql`SELECT querytree(websearch_to_tsquery('english', ${t}))::text AS tree`);
await plan('old walk (lexeme given, no viewer)', openWindowQuery(t, { communityId: null, top: null, window: 60, want: 20, strategy: 'terms', cap: 610, lexeme: 'grief' }));
await plan('old likes', sql`SELECT post_id::text AS id FROM post_likes WHERE user_id = ${viewer.id} AND post_id = ANY(ARRAY(SELECT id FROM posts ORDER BY created_at DESC LIMIT 20))`);
await plan('new walk (word in statement, viewer)', openWindowQuery(t, { communityId: null, top: null, window: 60, want: 20, strategy: 'terms', cap: 610, viewerId: viewer.id }));
await plan('new titles walk (8)', openWindowQuery(t, { communityId: null, top: null, window: 60, want: 8, strategy: 'terms', cap: 610, titles: true }));
await plan('therapy new walk', openWindowQuery('therapy -zzq7', { communityId: null, top: null, window: 60, want: 20, strategy: 'terms', cap: 610, viewerId: viewer.id }));
for (const words of ['grief -zzq7', 'therapy -zzq7', 'therapy', 'bench -zzq7']) {
  const q = prefixQuery(words)!;
  await plan(`communities count [${words}]`, sql`SELECT count(*)::int AS n FROM communities c WHERE c.search @@ ${q}`);
  await plan(`communities top [${words}]`, sql`SELECT c.id, c.name FROM communities c WHERE c.search @@ ${q} ORDER BY ts_rank(c.search, ${q}) DESC, c.name, c.id LIMIT 5`);
  await plan(`resources count [${words}]`, sql`SELECT count(*)::int FROM resources WHERE is_approved AND search @@ ${q}`);
}
void windowPageQuery;
await close();
