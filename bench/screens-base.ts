// The app as it was at a git revision, beside the current one: so "before" and "after" are measured in turns under the
// same load (SCREENS_BASE=<revision> for bench/screens.ts). Its own checkout in a temporary folder, this node_modules.
import { execFileSync, execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureKeyFile } from '../faults/harness/key-file.ts';

export type App = { origin: string; stop: () => void };

async function ready(origin: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await fetch(`${origin}/readyz`).then((r) => r.ok).catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill();
  throw new Error(`the server at ${origin} did not start`);
}

/** Checks out `revision`, builds its web app and starts its production server on the same database. */
export async function startBaseApp(revision: string, databaseUrl: string, port: number): Promise<App> {
  if (!/^[\w./~^-]+$/.test(revision)) throw new Error('SCREENS_BASE must be a git revision');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-screens-base-'));
  execSync(`git archive ${revision} | tar -x -C ${dir}`);
  fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  const webDir = path.join(dir, 'dist-web');
  execFileSync(process.execPath, ['scripts/build-web.ts', webDir], { cwd: dir, stdio: 'inherit' });
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, ENCRYPTION_KEY_FILE: ensureKeyFile(),
      DATA_DIR: path.join(dir, 'data'), WEB_DIR: webDir, SEED_DEMO: '0', ADMIN_EMAIL: 'bench-admin@bench.test', ADMIN_PASSWORD: 'bench-admin-password' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await ready(origin, child);
  return { origin, stop: () => { child.kill('SIGTERM'); fs.rmSync(dir, { recursive: true, force: true }); } };
}
