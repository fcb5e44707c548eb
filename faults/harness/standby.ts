// A hot standby of a private PostgreSQL (faults/harness/postgres.ts): copied with pg_basebackup -R, so it starts
// streaming the primary's WAL at once, as a production read replica does. Replay can be paused to make it lag.
import path from 'node:path';
import pg from 'pg';
import { BIN, clusterDir, controlCluster, run, type PrivatePostgres } from './postgres.ts';

export type PrivateStandby = PrivatePostgres & {
  /** pg_wal_replay_pause() / pg_wal_replay_resume(): WAL still arrives, but is not applied meanwhile. */
  pauseReplay: () => Promise<void>;
  resumeReplay: () => Promise<void>;
};

export function startStandby(primary: PrivatePostgres, port: number): PrivateStandby {
  const dir = clusterDir(port);
  run([`${BIN}/pg_basebackup`, '-D', path.join(dir, 'data'), '-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres',
    '-R', '-X', 'stream', '-c', 'fast']);
  const cluster = controlCluster(dir, port);
  const once = async (statement: string) => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return { ...cluster, pauseReplay: () => once('SELECT pg_wal_replay_pause()'), resumeReplay: () => once('SELECT pg_wal_replay_resume()') };
}
