// A private PostgreSQL for one fault file: its own cluster in a temporary directory, on its own port, fsync on, so it
// can be stopped and started (and killed) without touching the machine's shared server on 5432.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const BIN = '/usr/lib/postgresql/15/bin';
// initdb refuses to run as root: the cluster then belongs to the postgres user.
const AS_POSTGRES = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];

export type PrivatePostgres = {
  url: string;
  port: number;
  /** The cluster's temporary directory (its data in data/, its log in log). */
  dir: string;
  /** pg_ctl stop: 'fast' ends every session (what an operator's restart does), 'immediate' is a crash. */
  stop: (mode?: 'fast' | 'immediate') => void;
  start: () => void;
  destroy: () => void;
};

export function run(args: string[]): void {
  const [cmd, ...rest] = [...AS_POSTGRES, ...args];
  const result = spawnSync(cmd, rest, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`${args[0]} failed: ${result.stderr || result.stdout}`);
}

/** With `tls` the server also speaks TLS with this certificate and key (PEM files; copied, as PostgreSQL wants them private). */
export function startPostgres(port: number, { tls }: { tls?: { certFile: string; keyFile: string } } = {}): PrivatePostgres {
  const dir = clusterDir(port);
  run([`${BIN}/initdb`, '-D', path.join(dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-instructions', '-E', 'UTF8']);
  if (tls) {
    fs.copyFileSync(tls.certFile, path.join(dir, 'server.crt'));
    fs.copyFileSync(tls.keyFile, path.join(dir, 'server.key'));
    fs.chmodSync(path.join(dir, 'server.key'), 0o600);
    if (AS_POSTGRES.length) execFileSync('chown', ['postgres:postgres', path.join(dir, 'server.crt'), path.join(dir, 'server.key')]);
  }
  return controlCluster(dir, port, { tls: Boolean(tls) });
}

export function clusterDir(port: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `thera-faults-pg-${port}-`));
  if (AS_POSTGRES.length) execFileSync('chown', ['postgres:postgres', dir]);
  return dir;
}

/**
 * Starts the cluster in `dir`/data on `port`, and the handle that stops, starts and removes it; with `tls`, speaking TLS
 * with `dir`/server.crt and server.key.
 */
export function controlCluster(dir: string, port: number, { tls = false }: { tls?: boolean } = {}): PrivatePostgres {
  const data = path.join(dir, 'data');
  // Sockets in the cluster's own directory (not /var/run/postgresql, which the shared server uses); fsync stays on.
  const ssl = tls ? ` -c ssl=on -c ssl_cert_file=${dir}/server.crt -c ssl_key_file=${dir}/server.key` : '';
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=100${ssl}`;
  const ctl = (...args: string[]) => run([`${BIN}/pg_ctl`, '-D', data, '-l', path.join(dir, 'log'), ...args]);
  let running = false;
  const handle: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    start() {
      ctl('-w', '-t', '60', '-o', options, 'start');
      running = true;
    },
    stop(mode = 'fast') {
      ctl('-w', '-t', '60', '-m', mode, 'stop');
      running = false;
    },
    destroy() {
      if (running) {
        try {
          handle.stop('immediate');
        } catch {
          // Already gone: the directory is removed below either way.
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  handle.start();
  return handle;
}
