// Where a screen's time goes before it is usable: one cold visit per screen in Chromium at 390x844 with a
// 4x slower CPU, with V8's sampling profiler on; prints the main thread's busy time by script and the functions with
// the most self time. Uses thera_bench_screens (seed it with `npm run bench:screens` first) and a fresh build.
//   node bench/screens-profile.ts [/forums ...]   (default: the four screens of bench/screens.ts)
//   SCREENS_DB, SCREENS_PORT as for bench/screens.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildWeb } from '../scripts/build-web.ts';
import { benchDatabase, benchToken, startServer } from './lib.ts';
import { CHROMIUM_ARGS } from './screens-browser.ts';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const PORT = Number(process.env.SCREENS_PORT ?? 3430);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SELECTORS: Record<string, string> = {
  '/': 'h1', '/forums': 'section[aria-label="Posts"] article h3',
  '/therapists': 'article[aria-labelledby^="therapist-"]', '/chat': '[data-testid="conversation-row"]',
};

/** Self time (ms) per key, from the profile's samples. */
function selfTime(profile: Profile, key: (n: Node) => string): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const k = key(byId.get(id)!);
    totals.set(k, (totals.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const file = (url: string) => url.replace(ORIGIN, '').replace(/^\/assets\//, '') || '(native)';

const { db, url, close } = await benchDatabase(process.env.SCREENS_DB ?? 'thera_bench_screens');
const token = await benchToken(db);
await close();
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-profile-'));
await buildWeb(webDir);
const server = await startServer(url, PORT, { WEB_DIR: webDir });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const paths = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(SELECTORS);
  for (const screen of paths) {
    const signedIn = screen !== '/';
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: { cookies: [], origins: signedIn ? [{ origin: ORIGIN, localStorage: [{ name: 'token', value: token }] }] : [] },
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const started = Date.now();
    await page.goto(ORIGIN + screen, { waitUntil: 'commit' });
    await page.waitForSelector(SELECTORS[screen] ?? 'main', { timeout: 60_000 });
    const wall = Date.now() - started;
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const busy = selfTime(profile, (n) => (n.callFrame.functionName === '(idle)' ? 'idle' : 'busy'));
    console.log(`\n${screen}: usable after ${wall} ms (wall); main thread ${busy.map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}`);
    console.log('  by script:', selfTime(profile, (n) => (n.callFrame.functionName === '(idle)' ? '' : file(n.callFrame.url)))
      .filter(([k]) => k).slice(0, 12).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', '));
    console.log('  by function:', selfTime(profile, (n) => `${n.callFrame.functionName || '(anonymous)'}@${file(n.callFrame.url)}:${n.callFrame.lineNumber}`)
      .filter(([k]) => !k.startsWith('(idle)')).slice(0, 20).map(([k, v]) => `${k} ${v.toFixed(0)}`).join('\n    '));
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  fs.rmSync(webDir, { recursive: true, force: true });
}
