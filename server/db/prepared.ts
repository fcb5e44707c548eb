import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();
type Built = ReturnType<PgDialect['sqlToQuery']>;

/**
 * Drizzle has no public way to run a raw `sql` statement under a statement name (its `.prepare(name)` exists only on
 * the query builder's queries), so this module calls its session's prepareQuery, the one step every statement of
 * every query passes through, here and nowhere else. prepared.test.ts fails if that step's place or arguments change.
 * Going to the driver instead would skip drizzle's own value parsers (timestamps arrive as the text PostgreSQL sent)
 * and any transaction the caller is in.
 */
function prepare(db: Db, query: Built, name: string) {
  return db._.session.prepareQuery(query, undefined, name, false);
}

/**
 * Rows of a query run as a named prepared statement, so PostgreSQL plans each query shape once per connection
 * instead of on every request: on hot paths planning is most of the database time (a directory search spent
 * 0.45 ms of 0.7 ms planning). The name comes from the SQL text, so each shape has its own statement and a name never
 * meets a different text. PGlite ignores the name. Needs session pooling if a PgBouncer ever sits in front.
 */
export async function queryPrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const result = (await prepare(db, built, statementName(built)).execute()) as { rows: T[] };
  return result.rows;
}

type Shape = { query: Built; name: string };
const shapes = new Map<string, Shape>();
// Shapes are named by the code (a few per search kind and page size), so this stays small; the bound is a safeguard.
const MAX_SHAPES = 500;

/**
 * queryPrepared for a statement whose text depends only on `key`: `build` (with sql.placeholder() for every value that
 * varies) runs once per key, and each call only fills in `values`. Building and hashing a large statement costs
 * about half a millisecond of CPU (the forum search's, 2.9 kB), more than PostgreSQL spends running it.
 */
export async function queryShaped<T>(db: Db, key: string, build: () => SQL, values: Record<string, unknown>): Promise<T[]> {
  let shape = shapes.get(key);
  if (!shape) {
    const query = dialect.sqlToQuery(build());
    shape = { query, name: statementName(query) };
    if (shapes.size < MAX_SHAPES) shapes.set(key, shape);
  }
  const result = (await prepare(db, shape.query, shape.name).execute(values)) as { rows: T[] };
  return result.rows;
}

/** The statement name of a query's text (q_ and 20 hex digits of its SHA-1). */
export function statementName(query: { sql: string }): string {
  return `q_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`;
}

/**
 * For tests: calls `seen` with the text and statement name (undefined when unnamed) of every statement sent on `db`
 * until the returned function is called. Each is one round trip to the database.
 */
export function watchStatements(db: Db, seen: (text: string, name: string | undefined) => void): () => void {
  const session = db._.session;
  const original = session.prepareQuery;
  session.prepareQuery = function watched(this: typeof session, ...args: Parameters<typeof original>) {
    seen(args[0].sql, args[2]);
    return original.apply(this, args);
  } as typeof original;
  return () => {
    session.prepareQuery = original;
  };
}
