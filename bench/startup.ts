// `npm start` on a second start (the first installs data): time to the first 200 on `/`, and resident memory when idle.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeResult } from './lib.ts';
import { rssMb } from './proc.ts';

const PORT = 3391;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-startup-'));
const env = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', DATABASE_URL: '', REDIS_URL: '' };

async function startOnce(): Promise<{ ms: number; pid: number; stop: () => Promise<void> }> {
  const started = performance.now();
  // `npm start` itself, not scripts/server-process.ts: what is timed is the command people run (npm, its build check, the server).
  const child = spawn('npm', ['start', '--silent'], { env, stdio: 'ignore', detached: true });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/`).then((r) => r.status === 200).catch(() => false);
    if (ok) break;
    if (performance.now() - started > 120_000) throw new Error('no 200 within 2 minutes');
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = Math.round(performance.now() - started);
  return {
    ms, pid: descendantRunning(child.pid!, 'scripts/start.ts'),
    stop: async () => {
      process.kill(-child.pid!, 'SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** npm → sh → node: the pid of the process under `root` whose command line mentions `script`. */
function descendantRunning(root: number, script: string): number {
  const children = execSync(`pgrep -P ${root} || true`).toString().trim().split('\n').filter(Boolean).map(Number);
  for (const pid of children) {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (args[0].endsWith('node') && args.includes(script)) return pid;
    const found = descendantRunning(pid, script);
    if (found) return found;
  }
  return 0;
}

const first = await startOnce();
await first.stop();
const second = await startOnce();
await new Promise((r) => setTimeout(r, 10_000));
const idleRss = rssMb(second.pid);
await second.stop();
console.log(`first start (installs data): ${first.ms} ms; second start to first 200 on /: ${second.ms} ms; idle RSS: ${idleRss} MB`);
writeResult('startup', { firstStartMs: first.ms, secondStartMs: second.ms, idleRssMb: idleRss, database: 'PGlite (embedded)' });
fs.rmSync(dataDir, { recursive: true, force: true });
