// BENCH_HANDICAP=1: the measured stretch runs beside competing work anyone can reproduce, as users run Thera Root next
// to other work on the two cores they rent: a process keeping about 40 % of one core busy, and a writer issuing a
// small fsync'd write every 5 ms to the database's disk (the filesystem of PostgreSQL's data directory, or of DATA_DIR
// for the embedded database). Both run in processes of their own (bench/handicap-load.ts); what they did (the CPU the
// burner got, the writes made and how long their flushes took) is reported beside the figures.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/db/client.ts';
import { ROOT, nodeBinary } from '../scripts/server-process.ts';
import { cpuSeconds } from './proc.ts';

export const HANDICAP = process.env.BENCH_HANDICAP === '1';

export type HandicapReport = {
  seconds: number; cpuBurnerPercentOfOneCore: number; writer: { directory: string; writes: number; writesPerSecond: number; flushMs?: object };
};
export type Handicap = { report: () => HandicapReport; stop: () => HandicapReport };

/** A directory on the same filesystem as `target` that this process may write in (the target itself is the database's). */
function writableBeside(target: string): string {
  if (process.env.BENCH_HANDICAP_DIR) return process.env.BENCH_HANDICAP_DIR;
  const device = fs.statSync(target).dev;
  for (const candidate of [os.tmpdir(), ROOT, path.dirname(target)]) {
    try {
      fs.accessSync(candidate, fs.constants.W_OK);
      if (fs.statSync(candidate).dev === device) return candidate;
    } catch {
      // Not writable here: the next one.
    }
  }
  throw new Error(`no writable directory on the filesystem of ${target}: set BENCH_HANDICAP_DIR to one`);
}

/** The database's own directory: PostgreSQL's data directory (asked of the server), or DATA_DIR for the embedded one. */
async function databaseDirectory(databaseUrl: string | undefined): Promise<string> {
  if (!databaseUrl) return path.resolve(process.env.DATA_DIR ?? 'data');
  const admin = await openDatabase({ url: databaseUrl, poolSize: 1 });
  try {
    const [row] = await queryRows<{ data_directory: string }>(admin.db, sql`SELECT current_setting('data_directory') AS data_directory`);
    return row.data_directory;
  } finally {
    await admin.close();
  }
}

function load(args: string[], onFigures: (figures: Record<string, unknown>) => void): ChildProcess {
  const child = spawn(nodeBinary(), [path.join(import.meta.dirname, 'handicap-load.ts'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let partial = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('handicap ')) onFigures(JSON.parse(line.slice('handicap '.length)) as Record<string, unknown>);
  });
  // It never keeps the bench alive: a bench that ends without stop() ends it on the way out.
  child.unref();
  (child.stdout as unknown as { unref?: () => void } | null)?.unref?.();
  process.once('exit', () => child.kill('SIGKILL'));
  return child;
}

/** Starts the competing processes beside the database at `databaseUrl` (or DATA_DIR); stop() ends them and says what they did. */
export async function startHandicap(databaseUrl?: string): Promise<Handicap> {
  const directory = writableBeside(await databaseDirectory(databaseUrl));
  const file = path.join(directory, `thera-bench-handicap-${process.pid}`);
  let writer: Record<string, unknown> = {};
  const burner = load(['cpu'], () => {});
  const flusher = load(['fsync', file], (figures) => {
    writer = figures;
  });
  const started = performance.now();
  const cpuAtStart = cpuSeconds(burner.pid);
  console.log(`handicap: a process busy 40 % of one core, and an fsync'd write every 5 ms in ${directory}`);
  const report = (): HandicapReport => {
    const seconds = (performance.now() - started) / 1000;
    const writes = Number(writer.writes ?? 0);
    return {
      seconds: Math.round(seconds), cpuBurnerPercentOfOneCore: Math.round(((cpuSeconds(burner.pid) - cpuAtStart) / Math.max(1, seconds)) * 100),
      writer: { directory, writes, writesPerSecond: Math.round(writes / Math.max(1, seconds)), flushMs: writer.flushMs as object | undefined },
    };
  };
  return {
    report,
    stop() {
      const last = report();
      burner.kill('SIGTERM');
      flusher.kill('SIGTERM');
      return last;
    },
  };
}
