// Statements that one request starts together, sent as one (docs/decisions/0105). The top bar's search reads four
// features' searches at once; each statement costs a round trip (a send and pg's parsing in Node, a Bind/Execute and a
// wake-up in PostgreSQL) worth about as much CPU as the small reads themselves, so they go as sub-selects of one.
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';
import { queryShaped } from './prepared.ts';

/**
 * A statement whose text depends only on `key` (as for queryShaped): `build` writes every value that varies as
 * `p(name)`, and `values` gives them by name. Its columns should be of types that read the same from JSON as from the
 * driver (text, integers, booleans, float8, arrays of text; timestamps as text), since a batch reads them as JSON.
 */
export type Shaped = { key: string; build: (p: (name: string) => Placeholder) => SQL; values: Record<string, unknown> };
/** Runs a shaped statement and gives its rows: alone (runAlone) or with others (batchOf). */
export type RunShaped = <T>(statement: Shaped) => Promise<T[]>;

/** One statement of its own, prepared once per shape. */
export const runAlone = (db: Db): RunShaped => <T>(s: Shaped) =>
  queryShaped<T>(db, s.key, () => s.build((name) => sql.placeholder(name)), s.values);

type Pending = { statement: Shaped; resolve: (rows: unknown[]) => void; reject: (error: unknown) => void };

/** Each part's rows as a JSON array, in the part's own order (json_agg takes its sorted subquery's rows in turn). */
function combined(parts: Pending[]) {
  const names = parts.map((_, i) => `part${i}`);
  const values: Record<string, unknown> = {};
  parts.forEach(({ statement }, i) => {
    for (const [name, value] of Object.entries(statement.values)) values[`${i}_${name}`] = value;
  });
  const build = () => sql`SELECT ${sql.join(parts.map(({ statement }, i) => sql`(SELECT coalesce(json_agg(r), '[]'::json) FROM (
    ${statement.build((name) => sql.placeholder(`${i}_${name}`))}) r) AS ${sql.raw(names[i])}`), sql`, `)}`;
  return { key: `batch|${parts.map((p) => p.statement.key).join('|+|')}`, build, values, names };
}

async function runTogether(db: Db, parts: Pending[]): Promise<void> {
  const { key, build, values, names } = combined(parts);
  try {
    const [row] = await queryShaped<Record<string, unknown[]>>(db, key, build, values);
    parts.forEach((part, i) => part.resolve(row[names[i]]));
  } catch (error) {
    for (const part of parts) part.reject(error);
  }
}

/**
 * A runner whose statements, started in the same turn of the event loop (including what their promises run before
 * it ends), go as one statement of sub-selects. A statement started later (say after another one's answer) goes with
 * the others started with it. Every statement reads its rows as JSON, one at a time or not, so its rows are the same.
 */
export function batchOf(db: Db): RunShaped {
  let pending: Pending[] = [];
  const flush = () => {
    const parts = pending;
    pending = [];
    void runTogether(db, parts);
  };
  return <T>(statement: Shaped) => new Promise<T[]>((resolve, reject) => {
    if (!pending.length) setImmediate(flush);
    pending.push({ statement, resolve: resolve as (rows: unknown[]) => void, reject });
  });
}
