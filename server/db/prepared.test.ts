import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.ts';
import { queryRows, type Db } from './client.ts';
import { queryPrepared, queryShaped, statementName, watchStatements } from './prepared.ts';

/**
 * prepared.ts runs statements through drizzle's session.prepareQuery, which is not a public API: these tests fail if a
 * drizzle upgrade moves it or changes what its arguments mean (the statement's name is the third), on PGlite and, with
 * DATABASE_URL, on PostgreSQL, where the named statement must be found in pg_prepared_statements.
 */
let db: Db;
let close: () => Promise<void>;
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  ({ db, close } = await openTestDatabase({ migrated: false }));
});
afterAll(async () => close());

const sample = (n: number) => sql`SELECT ${n}::int AS n, 'a'::text AS t, ARRAY['x', 'y']::text[] AS list,
  '2026-01-02T03:04:05Z'::timestamptz AS at, NULL::uuid AS nothing`;

describe('prepared statements through drizzle', () => {
  it('answers the rows db.execute answers, with the same value types', async () => {
    const prepared = await queryPrepared<Record<string, unknown>>(db, sample(7));
    const plain = await queryRows<Record<string, unknown>>(db, sample(7));
    expect(prepared).toEqual(plain);
    expect(prepared[0].n).toBe(7);
    expect(prepared[0].list).toEqual(['x', 'y']);
  });

  it('fills the placeholders of a shape built once', async () => {
    let builds = 0;
    const build = () => {
      builds += 1;
      return sql`SELECT ${sql.placeholder('a')}::int + ${sql.placeholder('b')}::int AS sum`;
    };
    expect(await queryShaped(db, 'prepared.test:sum', build, { a: 2, b: 3 })).toEqual([{ sum: 5 }]);
    expect(await queryShaped(db, 'prepared.test:sum', build, { a: 10, b: 1 })).toEqual([{ sum: 11 }]);
    expect(builds).toBe(1);
  });

  it('sends each statement under the name of its text, and the watcher sees it', async () => {
    const sent: { text: string; name: string | undefined }[] = [];
    const stop = watchStatements(db, (text, name) => sent.push({ text, name }));
    try {
      await queryPrepared(db, sample(1));
      await queryRows(db, sql`SELECT 1`);
    } finally {
      stop();
    }
    expect(sent).toHaveLength(2);
    expect(sent[0].name).toBe(statementName({ sql: sent[0].text }));
    expect(sent[0].name).toMatch(/^q_[0-9a-f]{20}$/);
    expect(sent[1].name).toBeUndefined();
  });

  it.runIf(onPostgres)('is a named statement PostgreSQL keeps for the connection', async () => {
    const found = await db.transaction(async (tx) => {
      const rows = await queryPrepared<{ n: number }>(tx as unknown as Db, sample(3));
      expect(rows[0].n).toBe(3);
      const name = statementName(new PgDialect().sqlToQuery(sample(3)));
      return queryRows<{ name: string }>(tx as unknown as Db, sql`SELECT name FROM pg_prepared_statements WHERE name = ${name}`);
    });
    expect(found).toHaveLength(1);
  });
});
