import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';

const dialect = new PgDialect();

/**
 * Rows of a query run as a named prepared statement, so PostgreSQL plans each query shape once per connection
 * instead of on every request: planning was two thirds of a directory search's database time (0.45 ms of 0.7 ms).
 * The name comes from the SQL text, so each shape (which filters are present) has its own statement and a name
 * never meets a different text. PGlite ignores the name.
 */
export async function queryPrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const name = `therapists_${createHash('sha1').update(built.sql).digest('hex').slice(0, 16)}`;
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}
