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

type Columns<T extends PgTable> = T['_']['columns'];

/**
 * A value as a raw read gives it, from the column's description: Raw<V>, and a bigint in 'number' mode as text too
 * (node-postgres leaves int8 as text, PGlite gives a number).
 */
type RawOf<C extends Column, V> = C['_']['columnType'] extends 'PgBigInt53' ? Raw<V> | string : Raw<V>;

/** A column's name in the database: the one schema.ts gives it, else (none given) its property's, as drizzle does. */
type DbName<C extends Column, K> = C['_']['name'] extends '' ? K & string : C['_']['name'];

/** A table's columns keyed by their names in the database (`sender_id`), each with its value as a raw read gives it. */
type ByColumnName<T extends PgTable> = {
  [K in keyof Columns<T> & keyof T['$inferSelect'] as DbName<Columns<T>[K], K>]: RawOf<Columns<T>[K], T['$inferSelect'][K]>;
};

/** The database names of a table's columns (`'id' | 'sender_id' | ...`). */
export type ColumnName<T extends PgTable> = keyof ByColumnName<T> & string;

/**
 * The row of a raw read that selects columns under their database names (`SELECT m.id, m.sender_id FROM messages m`):
 * its type still comes from schema.ts, so a column renamed there fails the type check here, and the statement, which
 * names the column, must follow (decision 0410).
 */
export type SqlRow<T extends PgTable, N extends ColumnName<T>> = Pick<ByColumnName<T>, N>;

/** One column's value as a raw read gives it, by its database name: for a column selected under another name. */
export type SqlValue<T extends PgTable, N extends ColumnName<T>> = ByColumnName<T>[N];

/** The same row read through a LEFT JOIN that may find nothing: every value may be null. */
export type Nullable<R> = { [K in keyof R]: R[K] | null };

/**
 * The select list of a raw read of SqlRow<T, N>: each column as `"alias"."column"`, so one `as const` list of database
 * names gives both the statement and its row type (a name that is not one of the table's columns fails the check).
 */
export function sqlColumns<T extends PgTable, N extends ColumnName<T>>(_table: T, names: readonly N[], alias: string): SQL {
  return sql.join(names.map((name) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`), sql`, `);
}
