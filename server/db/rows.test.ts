// Row types from schema.ts (decisions 0132, 0410). Most of this file is checked by the type checker, not run: tsc
// reads it with the rest of server/, and each `@ts-expect-error` fails the check if the line below it stops being an
// error, so a row type that no longer follows its column is caught here as well as where the row is read.
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { sqlColumns, type ColumnName, type Nullable, type RawRow, type SqlRow, type SqlValue } from './rows.ts';
import { files, messages, users } from './schema.ts';

/** True when A and B are the same type (not merely assignable one to the other). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
const same = <T extends true>(): T | undefined => undefined;

// Keyed by database names, with times as text and nullable columns nullable.
same<Same<SqlRow<typeof messages, 'sender_id' | 'created_at' | 'edited_at'>, { sender_id: string; created_at: string; edited_at: string | null }>>();
// A bigint in 'number' mode: a number from PGlite, text from node-postgres.
same<Same<SqlValue<typeof files, 'size'>, number | string>>();
// Arrays and booleans as the schema says.
same<Same<SqlRow<typeof users, 'fee_models' | 'disabled'>, { fee_models: string[]; disabled: boolean }>>();
same<Same<Nullable<SqlRow<typeof users, 'name'>>, { name: string | null }>>();
// The same column by its schema.ts name (RawRow) and by its database name (SqlRow) has one type.
same<Same<RawRow<typeof messages, 'senderId'>['senderId'], SqlValue<typeof messages, 'sender_id'>>>();

const columnsOf = <N extends ColumnName<typeof messages>>(names: N[]) => names;
columnsOf(['id', 'conversation_id', 'sender_id']);
// @ts-expect-error senderId is the property's name in schema.ts; a raw statement names the column, sender_id.
columnsOf(['senderId']);
// @ts-expect-error a column messages does not have (a renamed column reads the same way).
columnsOf(['author_id']);
// @ts-expect-error the select list takes only the table's database names.
sqlColumns(files, ['id', 'ownerId'], 'f');

describe('sqlColumns', () => {
  it('selects each column of the aliased table under its database name', () => {
    const { sql } = new PgDialect().sqlToQuery(sqlColumns(files, ['id', 'owner_id', 'attached_at'], 'f'));
    expect(sql).toBe('"f"."id", "f"."owner_id", "f"."attached_at"');
  });
});
