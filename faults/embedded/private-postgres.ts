// A PostgreSQL server of the test's own (never the machine's shared one): initdb and pg_ctl on a private port, as the
// postgres user when running as root (initdb refuses root).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BIN = process.env.FAULTS_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export type PrivatePostgres = { url: (database: string) => string; createDatabase: (name: string) => void; stop: () => void };

function run(command: string, args: string[]): void {
  const asPostgres = process.getuid?.() === 0;
  execFileSync(asPostgres ? 'runuser' : command, asPostgres ? ['-u', 'postgres', '--', command, ...args] : args, { stdio: 'pipe' });
}

export function startPrivatePostgres(port: number): PrivatePostgres {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-faults-pg-'));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  run(path.join(BIN, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  run(path.join(BIN, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start']);
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    createDatabase: (name) => run(path.join(BIN, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]),
    stop: () => {
      try {
        run(path.join(BIN, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
