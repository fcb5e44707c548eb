// The server that bench/read-cost.ts and bench/search-cost.ts measure: a process of its own (optionally another
// checkout's), counting the statements it sends (count-queries.ts), with its PostgreSQL backends named by `app` so their
// CPU can be read from /proc. A snapshot before and after a run gives what the run cost.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../server/db/client.ts';
import { startServerProcess } from '../scripts/server-process.ts';
import { cpuSeconds } from './proc.ts';
import { ensureKeyFile } from '../faults/harness/key-file.ts';

export type CostSnapshot = { server: number; pg: Map<number, number>; statements: number };
export type CostServer = { base: string; snapshot: () => Promise<CostSnapshot>; stop: () => Promise<void> };
type Options = { db: Db; url: string; app: string; port: number; serverDir: string; cpuProfileDir?: string };

export async function startCostServer({ db, url, app, port, serverDir, cpuProfileDir }: Options): Promise<CostServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-cost-'));
  const countFile = path.join(dataDir, 'statements');
  const profile = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
  // Run with this checkout's start:node flags, whichever checkout's server it is, so two checkouts compare alike.
  const serverProcess = await startServerProcess({
    port, cwd: serverDir, output: 'inherit', nodeArgs: [...profile, '--import', path.join(import.meta.dirname, 'count-queries.ts')],
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: `${url}?application_name=${app}`, ENCRYPTION_KEY_FILE: ensureKeyFile(), DATA_DIR: dataDir,
      SEED_DEMO: '0', COUNT_QUERIES_FILE: countFile },
  }, 60_000);
  const server = serverProcess.child;
  const base = serverProcess.url;

  /** CPU seconds so far of each of the server's PostgreSQL backends (the pool opens and closes them as it goes). */
  const backendCpu = async () => new Map((await queryRows<{ pid: number }>(db, sql`
    SELECT pid FROM pg_stat_activity WHERE application_name = ${app}`)).map((r) => [r.pid, cpuSeconds(r.pid)]));
  const statements = async () => {
    server.kill('SIGUSR2');
    await new Promise((r) => setTimeout(r, 200));
    return Number(fs.readFileSync(countFile, 'utf8'));
  };
  return {
    base,
    snapshot: async () => ({ server: cpuSeconds(server.pid), pg: await backendCpu(), statements: await statements() }),
    // A CPU profile is written as the server exits (its graceful shutdown).
    async stop() {
      await serverProcess.stop('SIGTERM', 60_000);
    },
  };
}

/** What happened between two snapshots: server CPU seconds, PostgreSQL CPU seconds, statements sent. */
export function costBetween(before: CostSnapshot, after: CostSnapshot) {
  // A backend opened meanwhile counts from zero; one closed meanwhile loses its last CPU (an undercount, small).
  const postgresSeconds = [...after.pg].reduce((sum, [pid, cpu]) => sum + cpu - (before.pg.get(pid) ?? 0), 0);
  return { serverSeconds: after.server - before.server, postgresSeconds, statements: after.statements - before.statements };
}
