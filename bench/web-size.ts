// The JavaScript a browser fetches to show a screen, gzipped: the landing page to a visitor and the forums to a signed-in
// member, in English and in French (the browser's language; the member has chosen none). Runs a checkout's own build and
// server on a throwaway embedded database (its demo members) and reads what Chromium requested.
//   node bench/web-size.ts [--dir=<checkout>] [--label=after] [--port=3390]
// --dir measures another checkout (a `git worktree` of an older commit, with node_modules linked): "before" figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { chromium, type Browser } from '@playwright/test';
import { MEMBER_HINT_COOKIE } from '../common/member-hint.ts';
import { PAGE_SESSION_COOKIE } from '../common/member-page.ts';
import { startServerProcess, type ServerProcess } from '../scripts/server-process.ts';
import { arg } from './lib.ts';

const PORT = Number(arg('port', '3390'));
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHECKOUT = path.resolve(arg('dir', '.'));
const LABEL = arg('label', 'after');
const DEMO_MEMBER = { email: 'amara.okafor@demo.thera-root.local', password: 'demo-therapist-2026' };
const LOCALES = ['en', 'fr-CA'];

type Script = { file: string; raw: number; gzip: number };

function buildIn(webDir: string) {
  const built = spawnSync(process.execPath, ['scripts/build-web.ts', webDir], { cwd: CHECKOUT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`the build in ${CHECKOUT} failed`);
}

async function signInToken(): Promise<string> {
  const answer = await fetch(`${ORIGIN}/api/users/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_MEMBER),
  });
  const { token } = await answer.json() as { token?: string };
  if (!token) throw new Error(`the demo member could not sign in (${answer.status})`);
  return token;
}

/** The scripts one cold visit fetched before the network went quiet, with their sizes in the build. */
async function scriptsOf(browser: Browser, webDir: string, screen: string, locale: string, token?: string): Promise<Script[]> {
  const cookie = { domain: '127.0.0.1', path: '/', expires: -1, secure: false, sameSite: 'Strict' as const };
  const context = await browser.newContext({
    locale,
    storageState: token ? {
      cookies: [{ ...cookie, name: PAGE_SESSION_COOKIE, value: token, httpOnly: true }, { ...cookie, name: MEMBER_HINT_COOKIE, value: '1', httpOnly: false }],
      origins: [{ origin: ORIGIN, localStorage: [{ name: 'token', value: token }] }],
    } : undefined,
  });
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (r) => { if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname); });
    await page.goto(ORIGIN + screen, { waitUntil: 'networkidle' });
    return [...scripts].map((p) => {
      const raw = fs.readFileSync(path.join(webDir, p));
      return { file: p, raw: raw.length, gzip: zlib.gzipSync(raw, { level: 9 }).length };
    });
  } finally {
    await context.close();
  }
}

const kb = (files: Script[]) => Math.round(files.reduce((n, f) => n + f.gzip, 0) / 102.4) / 10;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-websize-'));
const webDir = path.join(dir, 'web');
buildIn(webDir);
let server: ServerProcess | undefined;
try {
  // npm start's flags (a production server); its output is kept for the message if it does not start within a minute.
  server = await startServerProcess({
    port: PORT, cwd: CHECKOUT, flags: 'start',
    env: { ...process.env, DATA_DIR: path.join(dir, 'data'), WEB_DIR: webDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', DATABASE_URL: '', REDIS_URL: '' },
  }, 60_000);
  const token = await signInToken();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const screens: Record<string, { gzipKB: number; files: Script[] }> = {};
  try {
    for (const locale of LOCALES) {
      for (const [name, screen, signedIn] of [['landing', '/', false], ['forums', '/forums', true]] as const) {
        const files = await scriptsOf(browser, webDir, screen, locale, signedIn ? token : undefined);
        screens[`${name} ${locale}`] = { gzipKB: kb(files), files };
        console.log(`${LABEL} ${name.padEnd(8)} ${locale.padEnd(5)} ${kb(files).toFixed(1).padStart(6)} KB gzipped in ${files.length} files`);
      }
    }
  } finally {
    await browser.close();
  }
  const file = 'bench/results/web-size.json';
  const previous = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const run = { measuredAt: new Date().toISOString(), checkout: CHECKOUT === process.cwd() ? '.' : path.basename(CHECKOUT), screens };
  fs.writeFileSync(file, `${JSON.stringify({
    method: 'the scripts Chromium fetched for one cold visit until the network was quiet, each gzipped at level 9; the forums signed in as a demo member; the language is the browser\'s (the member chose none)',
    machine: `${os.cpus().length} cores, Node ${process.version}`,
    landingJsGzipKB: screens['landing en'].gzipKB,
    runs: { ...previous.runs, [LABEL]: run },
  }, null, 2)}\n`);
} finally {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
