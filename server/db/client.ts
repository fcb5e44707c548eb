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
import { CONNECTION_OPTIONS } from './connection-options.ts';
import { openReplicas, type ReplicaOptions, type ReplicaSet } from './replicas.ts';
import { postgresTls } from '../lib/transport-tls.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Database = {
  db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void>;
  /** The embedded database's files as a gzipped tar, taken under its query lock (server/db/backup.ts). */
  snapshot?: () => Promise<Blob>;
  /** PostgreSQL with DATABASE_REPLICA_URLS: where reads that tolerate a little lag may go (server/db/replicas.ts). */
  replicas?: ReplicaSet;
};

export type DatabaseOptions = {
  url?: string; dataDir?: string | null; poolSize?: number;
  /** The CA that signed PostgreSQL's certificate (DATABASE_CA_FILE); see server/lib/transport-tls.ts for sslmode. */
  caFile?: string;
  /** PostgreSQL stops a statement running longer than this (0 or unset: never); the app answers 503 (lib/errors.ts). */
  statementTimeoutMs?: number;
  /** The embedded database starts from this snapshot (`npm run restore`). */
  loadDataDir?: Blob;
  /** Streaming replicas of `url` (PostgreSQL only; none: every read on the primary, as before). */
  replicas?: Omit<ReplicaOptions, 'poolSize' | 'statementTimeoutMs' | 'caFile'>;
};

/** Real PostgreSQL when a URL is given, otherwise embedded PGlite (in memory when dataDir is null). */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolSize ?? 10, opts.statementTimeoutMs ?? 0, opts.caFile, opts.replicas);
  return openPglite(opts.dataDir ?? null, opts.loadDataDir);
}

// A request waits at most this long for a connection (the server down, starting, or every connection busy) and is then
// answered 503, instead of waiting with no end as the pool does by default.
const CONNECT_TIMEOUT_MS = 5000;

async function openPostgres(
  url: string, max: number, statementTimeoutMs: number, caFile?: string, replicaOptions?: DatabaseOptions['replicas'],
): Promise<Database> {
  const pool = new pg.Pool({
    ...postgresTls(url, caFile), max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, options: CONNECTION_OPTIONS,
    // TCP keep-alive finds a connection whose server vanished without closing it (a host lost, a network cut).
    keepAlive: true,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // An idle client losing its connection (PostgreSQL restarted) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const replicas = replicaOptions?.urls.length ? openReplicas(pool, { ...replicaOptions, poolSize: max, statementTimeoutMs, caFile }) : undefined;
  return {
    db, kind: 'postgres', replicas,
    close: async () => {
      await replicas?.close();
      await pool.end();
    },
  };
}

/** Opens (or, from a backup's files, first creates) an embedded data directory. */
async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  // A small buffer pool: the embedded database serves one node, and the default doubles idle memory.
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    postgresqlconf: ['shared_buffers = 16MB', 'wal_buffers = 1MB'],
    loadDataDir,
  });
  const close = closeWhenIdle(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close, snapshot: () => client.dumpDataDir('gzip') };
}

/** What a query that arrives while the embedded database is closing hears (a 503; the client retries elsewhere). */
export class DatabaseClosingError extends Error {
  readonly code = 'DATABASE_CLOSING';
}

/**
 * PGlite's own close() releases its lock before it shuts the database down, so a query that passed its checks just
 * before could run on a half-closed database (seen: a TypeError; worse, its protocol loop retries swallowed errors),
 * and nothing else stops work that outlived its request from arriving late. So: from the first call to close, new
 * queries are refused, the ones under way finish (up to a bound), and only then is PGlite closed.
 */
function closeWhenIdle(client: PGlite, drainMs = 5000): () => Promise<void> {
  let closing = false;
  const inFlight = new Set<Promise<unknown>>();
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      if (closing) return Promise.reject(new DatabaseClosingError('The database is closing.'));
      const work = original(...args);
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work)).catch(() => {});
      return work;
    };
  }
  return async () => {
    closing = true;
    const bound = new Promise((resolve) => setTimeout(resolve, drainMs).unref());
    while (inFlight.size) await Promise.race([Promise.allSettled([...inFlight]), bound.then(() => inFlight.clear())]);
    await client.close();
  };
}

/** Rows of a raw SQL query (parameterised through drizzle's sql tag); both drivers return `{rows}`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
