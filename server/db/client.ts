import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Database = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

export type DatabaseOptions = {
  url?: string; dataDir?: string | null; poolSize?: number;
  /** PostgreSQL stops a statement running longer than this (0 or unset: never); the app answers 503 (lib/errors.ts). */
  statementTimeoutMs?: number;
};

/** Real PostgreSQL when a URL is given, otherwise embedded PGlite (in memory when dataDir is null). */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolSize ?? 10, opts.statementTimeoutMs ?? 0);
  return openPglite(opts.dataDir ?? null);
}

// A request waits at most this long for a connection (the server down, starting, or every connection busy) and is then
// answered 503, instead of waiting with no end as the pool does by default.
const CONNECT_TIMEOUT_MS = 5000;

async function openPostgres(url: string, max: number, statementTimeoutMs: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // TCP keep-alive finds a connection whose server vanished without closing it (a host lost, a network cut).
    keepAlive: true,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // An idle client losing its connection (PostgreSQL restarted) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}

async function openPglite(dataDir: string | null): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  // A small buffer pool: the embedded database serves one node, and the default doubles idle memory.
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    postgresqlconf: ['shared_buffers = 16MB', 'wal_buffers = 1MB'],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Rows of a raw SQL query (parameterised through drizzle's sql tag); both drivers return `{rows}`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
