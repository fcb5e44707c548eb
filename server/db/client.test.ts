import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DatabaseClosingError, openDatabase } from './client.ts';

describe('closing the embedded database', () => {
  it('lets the work under way finish and refuses the queries that arrive after close began', async () => {
    const database = await openDatabase({ dataDir: null });
    let began!: () => void;
    const inTransaction = new Promise<void>((resolve) => (began = resolve));
    const underWay = database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      began();
      await new Promise((resolve) => setTimeout(resolve, 200));
      return ((await tx.execute(sql`SELECT 2 AS two`)) as unknown as { rows: unknown[] }).rows;
    });
    await inTransaction;
    const closed = database.close();
    const late = database.db.execute(sql`SELECT 3`).then(() => 'ran', (error: Error) => error.cause ?? error);
    expect(await late).toBeInstanceOf(DatabaseClosingError);
    await expect(underWay).resolves.toEqual([{ two: 2 }]);
    await closed;
  // A database from nothing (PGlite's initdb) took 41 s at load 20 on two cores: the bound is for a hang.
  }, 120_000);
});
