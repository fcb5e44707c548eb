// The browser tests' web build, kept between runs: Vite twice and brotli at its best took a minute or more of every
// e2e server's start on the busy test machine, with every test waiting. The build is stored in the temp folder under a
// hash of everything it is made from, so a changed source makes a new one and a run never serves a stale app.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { walk } from './web-freshness.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

const SOURCES = ['web', 'common', 'vite.config.ts', 'package-lock.json', 'scripts/build-web.ts', 'scripts/precompiled-messages.ts', 'server/lib/web-preload.ts'];

const PREFIX = 'thera-e2e-web-';
const DAY = 24 * 3_600_000;

/** Builds of sources that changed since, unused for a day: each is some megabytes. */
function pruneUnused(): void {
  for (const name of fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(PREFIX))) {
    const dir = path.join(os.tmpdir(), name);
    if (Date.now() - fs.statSync(dir).mtimeMs > DAY) fs.rmSync(dir, { recursive: true, force: true });
  }
}

function sourcesFingerprint(): string {
  const hash = createHash('sha256');
  for (const source of SOURCES.map((s) => path.join(ROOT, s))) {
    const files = fs.statSync(source).isDirectory() ? [...walk(source)].sort() : [source];
    for (const file of files) hash.update(path.relative(ROOT, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The built web app for these sources: reused when made before, else built aside and renamed into place. */
export function cachedWebBuild(): string {
  const dir = path.join(os.tmpdir(), `${PREFIX}${sourcesFingerprint()}`);
  if (fs.existsSync(path.join(dir, 'index.html'))) {
    // Marked as used, so the pruning below leaves it.
    const now = new Date();
    fs.utimesSync(dir, now, now);
    return dir;
  }
  pruneUnused();
  const partial = `${dir}.${randomBytes(4).toString('hex')}`;
  // In a process of its own, for production: built inside Vitest (NODE_ENV=test) the server's renderer called React's
  // development JSX, which a production server does not have, and the e2e server sent every member page plain.
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build-web.ts'), partial], {
    cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error(`the web build failed (exit ${build.status})`);
  try {
    fs.renameSync(partial, dir);
  } catch {
    // A run beside this one stored the same build first.
    fs.rmSync(partial, { recursive: true, force: true });
  }
  return dir;
}
