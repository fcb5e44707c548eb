// Streaming read replicas (docs/decisions/0215): one drizzle database whose every statement goes to a replica in
// rotation, or to the primary when no replica is fit. A replica is fit while its measured lag stays under the bound
// and it answers; a statement that fails on a replica for a reason of the replica's (connection lost, refused,
// cancelled by recovery) runs again on the primary at once, so a replica's loss costs members nothing.
import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client.ts';
import { CONNECTION_OPTIONS } from './connection-options.ts';
import * as schema from './schema.ts';
import { postgresTls } from '../lib/transport-tls.ts';

export type ReplicaOptions = {
  urls: string[]; poolSize: number; statementTimeoutMs: number;
  /** The CA of the replicas' certificates, as the primary's (DATABASE_CA_FILE; sslmode read from each URL). */
  caFile?: string;
  /** A replica further behind than this is left out until it catches up. */
  maxLagMs: number;
  /** How often each replica's replay position is compared with the primary's. */
  checkMs: number;
  /** Told when a replica leaves or comes back (the node logs it). */
  onChange?: (change: { replica: number; fit: boolean; reason: string }) => void;
};

type ReplicaStatus = { replica: number; fit: boolean; lagMs: number | null; reason: string };

export type ReplicaSet = {
  /** Reads that tolerate a little lag; transactions on it run on the primary. */
  db: Db;
  status: () => ReplicaStatus[];
  /** Runs `work` with every statement of this database sent to the primary (a cache fill that must be fresh). */
  onPrimary: <T>(work: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

type Queryable = { query: (...args: unknown[]) => Promise<unknown> };
type Replica = { pool: pg.Pool; fit: boolean; lagMs: number | null; reason: string };

// Connection-level failures and hot-standby cancellations: the statement itself was fine, the replica was not.
const REPLICA_DOWN = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08006', '08001', '08003']);
// The statement is fine elsewhere but not here, while the replica stays fit: cancelled by a conflict with recovery
// (40001), or a write that reached a read-only server (25006).
const NOT_HERE = new Set(['40001', '25006']);
const faultOf = (error: unknown): 'down' | 'not here' | null => {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code && NOT_HERE.has(code)) return 'not here';
  if (code && REPLICA_DOWN.has(code)) return 'down';
  return /Connection terminated|timeout exceeded when trying to connect|connection error/i.test(message ?? '') ? 'down' : null;
};
// A check slower than this counts as a failure; generous, so a busy server is not taken for a lost one.
const CHECK_TIMEOUT_MS = 5000;
const within = <T>(ms: number, work: Promise<T>): Promise<T> => Promise.race([
  work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
]);

// An LSN is 'hi/lo' in hexadecimal: as one number, bytes of WAL since the cluster began.
const lsn = (text: string): bigint => {
  const [hi, lo] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
};

export function openReplicas(primary: pg.Pool, opts: ReplicaOptions): ReplicaSet {
  const replicas: Replica[] = opts.urls.map((url) => {
    const pool = new pg.Pool({
      ...postgresTls(url, opts.caFile), max: opts.poolSize, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 2000, keepAlive: true,
      options: CONNECTION_OPTIONS,
      ...(opts.statementTimeoutMs > 0 ? { statement_timeout: opts.statementTimeoutMs } : {}),
    });
    pool.on('error', () => {});
    // Fit only once a first check has measured it.
    return { pool, fit: false, lagMs: null, reason: 'not checked yet' };
  });
  const primaryOnly = new AsyncLocalStorage<true>();
  let turn = 0;

  const setFit = (index: number, fit: boolean, reason: string) => {
    const replica = replicas[index];
    replica.reason = reason;
    if (replica.fit === fit) return;
    replica.fit = fit;
    opts.onChange?.({ replica: index, fit, reason });
  };

  const pick = (): number => {
    for (let i = 0; i < replicas.length; i++) {
      const index = (turn + i) % replicas.length;
      if (replicas[index].fit) {
        turn = index + 1;
        return index;
      }
    }
    return -1;
  };

  const router: Queryable = {
    async query(...args: unknown[]) {
      const index = primaryOnly.getStore() ? -1 : pick();
      if (index < 0) return (primary.query as Queryable['query'])(...args);
      try {
        return await (replicas[index].pool.query as Queryable['query'])(...args);
      } catch (error) {
        const fault = faultOf(error);
        if (!fault) throw error;
        if (fault === 'down') setFit(index, false, `failed: ${(error as Error).message}`);
        return (primary.query as Queryable['query'])(...args);
      }
    },
  };
  const db = drizzle(router as unknown as pg.Pool, { schema }) as unknown as Db;
  // A transaction needs one connection for all its statements, and sees its own writes: the primary's.
  const primaryDb = drizzle(primary, { schema }) as unknown as Db;
  db.transaction = primaryDb.transaction.bind(primaryDb) as Db['transaction'];

  // Where the primary's WAL stood at each recent check: a replica that has not replayed up to the position of time t
  // misses writes at least (now - t) old. Unlike now() - pg_last_xact_replay_timestamp(), this reads 0 when nothing
  // is written, and needs no heartbeat row.
  const history: { at: number; lsn: bigint }[] = [];
  let checking = false;
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      const at = Date.now();
      const { rows } = await within(CHECK_TIMEOUT_MS, primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn'));
      history.push({ at, lsn: lsn(rows[0].lsn) });
      while (history.length > 1 && at - history[0].at > opts.maxLagMs * 2 + opts.checkMs * 4) history.shift();
      await Promise.all(replicas.map(async (replica, index) => {
        try {
          // A replica that hangs must not stop the checks of the others (nor its own recovery's).
          const answer = await within(CHECK_TIMEOUT_MS, replica.pool.query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn'));
          const replayed = answer.rows[0].lsn;
          if (replayed === null) return setFit(index, false, 'not a standby');
          const position = lsn(replayed);
          const behind = history.find((h) => h.lsn > position);
          replica.lagMs = behind ? Date.now() - behind.at : 0;
          if (replica.lagMs > opts.maxLagMs) setFit(index, false, `lag ${replica.lagMs} ms`);
          else setFit(index, true, 'caught up');
        } catch (error) {
          replica.lagMs = null;
          setFit(index, false, `unreachable: ${(error as Error).message}`);
        }
      }));
    } catch {
      // The primary itself is away: the replicas keep their last verdict, and every read fails over as writes do.
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), opts.checkMs);
  timer.unref();
  void check();

  return {
    db,
    status: () => replicas.map((r, replica) => ({ replica, fit: r.fit, lagMs: r.lagMs, reason: r.reason })),
    onPrimary: (work) => primaryOnly.run(true, work),
    async close() {
      clearInterval(timer);
      await Promise.all(replicas.map((r) => r.pool.end()));
    },
  };
}
