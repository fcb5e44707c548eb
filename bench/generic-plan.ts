// The plan the server actually runs: its hot queries are prepared statements (server/db/prepared.ts), and after five
// runs PostgreSQL may switch to a generic plan, made without the parameters' values. EXPLAIN of the query with its
// values shows the custom plan only, so this prepares it and forces the generic one.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../server/db/client.ts';

const dialect = new PgDialect();
const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`);

export async function explainGeneric(db: Db, query: SQL): Promise<string> {
  const built = dialect.sqlToQuery(query);
  const args = built.params.length ? `(${built.params.map(literal).join(', ')})` : '';
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
    await t.execute(sql.raw(`PREPARE bench_generic AS ${built.sql}`));
    try {
      const rows = await queryRows<{ 'QUERY PLAN': string }>(t, sql.raw(`EXPLAIN (ANALYZE, COSTS OFF) EXECUTE bench_generic${args}`));
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await t.execute(sql`DEALLOCATE bench_generic`);
    }
  });
}
