import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.ts';
import { catalogDifferences, readCatalog, type Catalog } from './catalog.ts';
import { queryRows, type Db } from './client.ts';
import * as schema from './schema.ts';

/**
 * The migrations are the truth and schema.ts must describe what they build. One database is migrated; a second, empty
 * one gets the SQL drizzle-kit writes for schema.ts; PostgreSQL then describes both in its own words, so the comparison
 * does not depend on how either text was written.
 */
let migrated: Catalog;
let described: Catalog;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const fromMigrations = await openTestDatabase();
  const fromSchema = await openTestDatabase({ migrated: false });
  closers.push(fromMigrations.close, fromSchema.close);
  await copyWhatSchemaTsCannotSay(fromMigrations.db, fromSchema.db);
  for (const statement of await schemaTsStatements()) await fromSchema.db.execute(sql.raw(statement));
  migrated = await readCatalog(fromMigrations.db);
  described = await readCatalog(fromSchema.db);
}, 300_000);

afterAll(async () => {
  for (const close of closers) await close();
});

/** The whole of schema.ts as drizzle-kit would create it in an empty database. */
async function schemaTsStatements(): Promise<string[]> {
  return generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
}

/** Extensions and functions (which generated columns and indexes call) come from migrations only; copy them first. */
async function copyWhatSchemaTsCannotSay(from: Db, to: Db): Promise<void> {
  const extensions = await queryRows<{ name: string }>(from, sql`SELECT extname AS name FROM pg_extension WHERE extname <> 'plpgsql'`);
  for (const { name } of extensions) await to.execute(sql.raw(`CREATE EXTENSION IF NOT EXISTS "${name}"`));
  const functions = await queryRows<{ definition: string }>(from, sql`
    SELECT pg_get_functiondef(p.oid) AS definition FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND p.prokind = 'f'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`);
  await to.execute(sql`SET check_function_bodies = off`);
  for (const { definition } of functions) await to.execute(sql.raw(definition));
}

describe('schema.ts describes what the migrations build', () => {
  it('has the same tables, columns (type, nullability, default), indexes and constraints', () => {
    const differences = catalogDifferences(migrated, described);
    expect(differences, `schema.ts differs from the migrations; change schema.ts:\n${differences.join('\n')}\n`).toEqual([]);
  });

  it('found something to compare', () => {
    expect(migrated.tables.size).toBeGreaterThan(20);
    expect(migrated.indexes.size).toBeGreaterThan(50);
  });
});

describe("drizzle-kit's snapshot", () => {
  // Compared as JSON, not through generateMigration: a column both dropped and added would make drizzle-kit ask a
  // person whether it was renamed.
  it('is the current schema, so db:generate writes only what is new', () => {
    const saved = JSON.parse(fs.readFileSync(new URL('./migrations/meta/0000_snapshot.json', import.meta.url), 'utf8')) as Snapshot;
    const current: Snapshot = generateDrizzleJson(schema);
    const behind = [...new Set([...Object.keys(saved.tables), ...Object.keys(current.tables)])].sort()
      .filter((name) => JSON.stringify(saved.tables[name]) !== JSON.stringify(current.tables[name]));
    expect(behind, `the snapshot is behind schema.ts for these tables; run npm run db:snapshot: ${behind.join(', ')}`).toEqual([]);
  });
});

// Only the part compared: drizzle-kit's snapshot JSON is not a public type.
type Snapshot = { tables: Record<string, unknown> };
