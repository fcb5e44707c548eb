// Every test file used to start its own database from nothing: PGlite's initdb (2-12 s, more on a busy machine) and all
// the migrations (2-3 s). The suite's global setup now does that once per set of migrations and each file starts from
// the result: PGlite from a data-directory dump (1-2 s), PostgreSQL with CREATE DATABASE ... TEMPLATE (a file copy).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'db', 'migrations');

/** A name that changes whenever a migration is added or edited, so a stale template is never used. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort()) {
    hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The migrated PGlite data directory as a file, made once per set of migrations and kept in the temp folder. */
export async function pgliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `thera-test-template-${migrationsFingerprint()}.tar`);
  if (fs.existsSync(file)) return file;
  const database = await openDatabase({ dataDir: null });
  await migrate(database.db);
  const dump = await database.snapshot!();
  await database.close();
  // Written aside, then renamed: a run beside this one never reads half a file.
  const partial = `${file}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return file;
}

/** A migrated PostgreSQL database to copy, named after the migrations; made once on the server. */
export async function postgresTemplate(baseUrl: string): Promise<string> {
  const name = `thera_template_${migrationsFingerprint()}`;
  const admin = await openDatabase({ url: baseUrl, poolSize: 1 });
  try {
    const found = await queryRows<{ datname: string }>(admin.db, sql`SELECT datname FROM pg_database WHERE datname = ${name}`);
    if (found.length) return name;
    // Built under a private name and renamed when complete, so a concurrent run never copies a half-migrated one.
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.db.execute(sql.raw(`CREATE DATABASE ${building}`));
    const database = await openDatabase({ url: withDatabase(baseUrl, building), poolSize: 1 });
    await migrate(database.db);
    await database.close();
    try {
      await admin.db.execute(sql.raw(`ALTER DATABASE ${building} RENAME TO ${name}`));
    } catch {
      // Another run finished the same template first.
      await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`));
    }
    return name;
  } finally {
    await admin.close();
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A migrated database of its own on the PostgreSQL at `baseUrl`, for a test that must look at one whole (a pg_dump):
 * `fill` writes into it while it is open; `inspect` runs once it is closed, with its URL. Dropped in every case.
 */
export async function inThrowawayDatabase<T>(
  baseUrl: string, prefix: string, fill: (database: Database) => Promise<void>, inspect: (url: string) => T | Promise<T>,
): Promise<T> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ url: baseUrl, poolSize: 1 });
  await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
  const url = withDatabase(baseUrl, name);
  try {
    const database = await openDatabase({ url, poolSize: 4 });
    try {
      await migrate(database.db);
      await fill(database);
    } finally {
      await database.close();
    }
    return await inspect(url);
  } finally {
    await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    await admin.close();
  }
}
