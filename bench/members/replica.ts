// The members bench's replica phase (BENCH_MEMBERS_REPLICAS=1): the machine's shared PostgreSQL allows no replication
// connections, so the phase runs on a private primary and its hot standby (the fault suite's, faults/harness), the
// seeded bench database copied into the primary with pg_dump | pg_restore, then the standby made with pg_basebackup -R.
import { execSync } from 'node:child_process';
import { startPostgres } from '../../faults/harness/postgres.ts';
import { startStandby } from '../../faults/harness/standby.ts';
import { PG_BASE } from '../lib.ts';

export type ReplicaPair = {
  /** The bench database on the primary and on the standby. */
  url: string; replicaUrl: string;
  /** Each server's maintenance database, for the CPU watchers. */
  primaryBase: string; replicaBase: string;
  destroy: () => void;
};

const BIN = '/usr/lib/postgresql/15/bin';
const base = (url: string) => url.replace(/\/[^/]*$/, '');

export function startReplicaPair(database: string, ports = { primary: 5461, replica: 5462 }): ReplicaPair {
  const primary = startPostgres(ports.primary);
  try {
    const started = Date.now();
    execSync(`${BIN}/createdb -h 127.0.0.1 -p ${ports.primary} -U postgres ${database}`);
    execSync(`${BIN}/pg_dump -Fc ${PG_BASE}/${database} | ${BIN}/pg_restore --no-owner -d ${base(primary.url)}/${database}`, { stdio: ['ignore', 'ignore', 'inherit'], shell: '/bin/bash' });
    execSync(`${BIN}/psql -q -d ${base(primary.url)}/${database} -c 'ANALYZE'`);
    console.log(`members bench: ${database} copied into a private primary (${Math.round((Date.now() - started) / 1000)} s)`);
    const standby = startStandby(primary, ports.replica);
    return {
      url: `${base(primary.url)}/${database}`, replicaUrl: `${base(standby.url)}/${database}`,
      primaryBase: base(primary.url), replicaBase: base(standby.url),
      destroy() {
        standby.destroy();
        primary.destroy();
      },
    };
  } catch (error) {
    primary.destroy();
    throw error;
  }
}
