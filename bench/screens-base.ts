// The app as it was at a git revision, beside the current one: so "before" and "after" are measured in turns under the
// same load (SCREENS_BASE=<revision> for bench/screens.ts). Its own checkout in a temporary folder, this node_modules.
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureKeyFile } from '../faults/harness/key-file.ts';
import { startServerProcess } from '../scripts/server-process.ts';

export type App = { origin: string; stop: () => Promise<void> };

/** Checks out `revision`, builds its web app and starts its production server on the same database. */
export async function startBaseApp(revision: string, databaseUrl: string, port: number): Promise<App> {
  if (!/^[\w./~^-]+$/.test(revision)) throw new Error('SCREENS_BASE must be a git revision');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-screens-base-'));
  execSync(`git archive ${revision} | tar -x -C ${dir}`);
  fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  const webDir = path.join(dir, 'dist-web');
  execFileSync(process.execPath, ['scripts/build-web.ts', webDir], { cwd: dir, stdio: 'inherit' });
  // With the current app's flags (npm run start:node, as bench/lib.ts's startServer): only the code differs between the two.
  const server = await startServerProcess({
    port, cwd: dir, output: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, ENCRYPTION_KEY_FILE: ensureKeyFile(),
      DATA_DIR: path.join(dir, 'data'), WEB_DIR: webDir, SEED_DEMO: '0', ADMIN_EMAIL: 'bench-admin@bench.test', ADMIN_PASSWORD: 'bench-admin-password' },
  }, 60_000).catch((error: unknown) => {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  return {
    origin: server.url,
    stop: async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
