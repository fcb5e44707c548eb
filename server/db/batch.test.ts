// Statements started together go as one (docs/decisions/0105), each part's rows as they would be alone.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.ts';
import { sentStatements } from '../test/statements.ts';
import type { Db } from './client.ts';
import { batchOf, runAlone, type Shaped } from './batch.ts';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
});
afterAll(async () => {
  await close?.();
});

/** How many statements `work` sends. */
const statements = async (work: () => Promise<unknown>) => (await sentStatements(db, work)).length;

// Every part names its value `v`: the batch keeps the parts' values apart.
const countdown = (from: number): Shaped => ({
  key: 'test-countdown',
  build: (p) => sql`SELECT x AS n, 'row ' || x AS label FROM generate_series(1, ${p('v')}::int) x ORDER BY x DESC`,
  values: { v: from },
});
const kinds: Shaped = {
  key: 'test-kinds',
  build: (p) => sql`SELECT ${p('v')}::text AS t, 42::int AS i, true AS b, 1.25::float8 AS f, ARRAY['a', 'b c']::text[] AS a,
    NULL::text AS none, '2026-11-25T06:00:00.123Z'::timestamptz::text AS at`,
  values: { v: "it's" },
};
const nothing: Shaped = { key: 'test-nothing', build: (p) => sql`SELECT 1 AS one WHERE ${p('v')}::int = 0`, values: { v: 1 } };

describe('batchOf', () => {
  it('sends statements started together as one, and gives each its own rows, in its order, as alone', async () => {
    const alone = runAlone(db);
    const expected = [await alone(countdown(3)), await alone(kinds), await alone(nothing), await alone(countdown(5))];
    expect(expected[0]).toEqual([{ n: 3, label: 'row 3' }, { n: 2, label: 'row 2' }, { n: 1, label: 'row 1' }]);
    expect(expected[2]).toEqual([]);
    let got: unknown[] = [];
    const sent = await statements(async () => {
      const run = batchOf(db);
      got = await Promise.all([run(countdown(3)), run(kinds), run(nothing), run(countdown(5))]);
    });
    expect(sent).toBe(1);
    expect(got).toEqual(expected);
  });

  it('sends a statement started after the batch went with the next one', async () => {
    const run = batchOf(db);
    const sent = await statements(async () => {
      expect(await run(countdown(1))).toEqual([{ n: 1, label: 'row 1' }]);
      expect(await Promise.all([run(countdown(2)), run(nothing)])).toEqual([[{ n: 2, label: 'row 2' }, { n: 1, label: 'row 1' }], []]);
    });
    expect(sent).toBe(2);
  });

  it('fails every part of a statement that fails, and the next batch runs', async () => {
    const run = batchOf(db);
    const failing: Shaped = { key: 'test-failing', build: (p) => sql`SELECT 1 / ${p('v')}::int AS x`, values: { v: 0 } };
    const results = await Promise.allSettled([run(countdown(2)), run(failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await run(countdown(1))).toEqual([{ n: 1, label: 'row 1' }]);
  });
});
