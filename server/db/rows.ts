// Row types taken from schema.ts, for the reads written in SQL (`sql` through queryRows, queryPrepared, queryShaped)
// as well as those of the query builder: a column renamed or retyped in schema.ts then fails the type check where a
// row is read, instead of a hand-written type going on describing the old column.
import { sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A value as a raw read gives it: drizzle's drivers leave timestamps and dates as PostgreSQL's text (the builder's
 * selects turn timestamps into Dates). Every other type arrives as the schema says (bigint aside: a number from
 * PGlite, text from node-postgres; no raw read selects one).
 */
type Raw<V> = V extends Date ? string : V;

/** The row a raw read gives for some columns of a table, keyed by their names in schema.ts. */
export type RawRow<T extends PgTable, K extends keyof T['$inferSelect']> = { [P in K]: Raw<T['$inferSelect'][P]> };

/** The row the query builder gives for a selection of columns (`db.select(fields)`, `.returning(fields)`). */
export type Selected<F extends Record<string, Column>> = {
  [K in keyof F]: F[K]['_']['notNull'] extends true ? F[K]['_']['data'] : F[K]['_']['data'] | null;
};

/**
 * The select list of a raw read of RawRow<T, K>: each column as `"table"."column" AS "key"` (or `"alias"."column"` when
 * the statement names the table by an alias), keyed by its name in schema.ts, so the statement follows a column renamed
 * in the database and the row type a property renamed in schema.ts.
 */
export function rawColumns<T extends PgTable, K extends keyof T['$inferSelect'] & keyof T & string>(
  table: T, keys: readonly K[], alias?: string,
): SQL {
  return sql.join(keys.map((key) => {
    const column = table[key] as Column;
    const source = alias === undefined ? sql`${column}` : sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;
    return sql`${source} AS ${sql.identifier(key)}`;
  }), sql`, `);
}
