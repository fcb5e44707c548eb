// Screens usable within a second: the built app on the real production server and a bench database, each
// screen opened cold in Chromium at 390x844 with a 4x slower CPU, several times; median and worst time to usable, and
// the request waterfall. SCREENS_LABEL names the run ("before", "after"); runs with other labels stay in the JSON.
//   SCREENS_DB      database to use (default thera_bench_screens, seeded here if empty)
//   SCREENS_TEMPLATE copy this database into SCREENS_DB first when SCREENS_DB does not exist (e.g. thera_bench_forum)
//   SCREENS_RUNS    visits per screen (default 7)
//   SCREENS_BASE    a git revision (e.g. the commit before a change to the screens' start): its build is measured too, in turns with
//                   this one, and written as "before"
//   SCREENS_LIGHTHOUSE=0 skips Lighthouse
//   SCREENS_LOCALE  the member's and the browser's language (en, fr-CA; default en): the French screens' times
//   SCREENS_PORT    the server's port (default 3420; SCREENS_BASE's app takes the next one)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { buildWeb } from '../scripts/build-web.ts';
import { openDatabase, queryRows, type Db } from '../server/db/client.ts';
import { PG_BASE, benchDatabase, benchToken, count, seedForum, seedResources, seedTherapists, startServer, writeResult } from './lib.ts';
import { startBaseApp } from './screens-base.ts';
import { CHROMIUM_ARGS, summary, visit, type Sample, type Screen } from './screens-browser.ts';
import { lighthouse } from './screens-lighthouse.ts';
import { load1, machineTicks, stealSince } from './machine.ts';

// SCREENS_PORT: another port (and the next one for SCREENS_BASE), when two checkouts measure at once.
const PORT = Number(process.env.SCREENS_PORT ?? 3420);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DB = process.env.SCREENS_DB ?? 'thera_bench_screens';
const RUNS = Number(process.env.SCREENS_RUNS ?? 7);
const LABEL = process.env.SCREENS_LABEL ?? 'after';
const BASE = process.env.SCREENS_BASE;
const CONVERSATIONS = 30;
const LOCALE = process.env.SCREENS_LOCALE ?? 'en';

const SCREENS: Screen[] = [
  { name: 'landing', path: '/', selector: 'h1', signedIn: false },
  // The list's name is in the member's language: either will do.
  { name: 'forums', path: '/forums', selector: 'section[aria-label="Posts"] article h3, section[aria-label="Publications"] article h3', signedIn: true },
  { name: 'therapists', path: '/therapists', selector: 'article[aria-labelledby^="therapist-"]', signedIn: true },
  { name: 'chat', path: '/chat', selector: '[data-testid="conversation-row"]', signedIn: true },
];

async function copyTemplate(): Promise<void> {
  const template = process.env.SCREENS_TEMPLATE;
  if (!template) return;
  const admin = await openDatabase({ url: `${PG_BASE}/postgres`, poolSize: 1 });
  const exists = await queryRows(admin.db, sql`SELECT 1 FROM pg_database WHERE datname = ${DB}`);
  if (!exists.length) await admin.db.execute(sql.raw(`CREATE DATABASE ${DB} TEMPLATE ${template}`));
  await admin.close();
}

/** The first verified member (the one benchToken signs in) gets conversations with colleagues, each with a message. */
async function seedChat(db: Db): Promise<void> {
  const users = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE verification_status = 'verified' ORDER BY created_at LIMIT ${CONVERSATIONS + 1}`);
  const [me, ...others] = users.map((u) => u.id);
  for (const other of others) {
    const pairKey = [me, other].sort().join(':');
    const [made] = await queryRows<{ id: string }>(db, sql`
      INSERT INTO conversations (pair_key) VALUES (${pairKey}) ON CONFLICT (pair_key) DO NOTHING RETURNING id`);
    if (!made) continue;
    await db.execute(sql`INSERT INTO conversation_participants (conversation_id, user_id) VALUES (${made.id}, ${me}), (${made.id}, ${other})`);
    await db.execute(sql`
      WITH m AS (INSERT INTO messages (conversation_id, sender_id, text) VALUES (${made.id}, ${other}, 'Could we talk about a referral?') RETURNING id)
      UPDATE conversations SET last_message_id = (SELECT id FROM m), updated_at = now() WHERE id = ${made.id}`);
  }
}

async function sizes(db: Db) {
  const tables = ['users', 'communities', 'posts', 'comments', 'resources', 'conversations'];
  return Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(db, t)])));
}

await copyTemplate();
const { db, url, close } = await benchDatabase(DB);
if ((await count(db, 'posts')) === 0) {
  await seedTherapists(db, 2_000);
  await seedForum(db, { communities: 100, posts: 50_000, comments: 150_000 });
  await seedResources(db, 2_000);
}
await seedChat(db);
const token = await benchToken(db);
// The member's own choice decides the language of the pages drawn for them (decision 0270); the landing page follows the browser's.
await db.execute(sql`UPDATE users SET locale = ${LOCALE} WHERE id = (SELECT id FROM users WHERE verification_status = 'verified' ORDER BY created_at LIMIT 1)`);
const data = await sizes(db);
await close();

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-screens-'));
await buildWeb(webDir);
const server = await startServer(url, PORT, { WEB_DIR: webDir });
const apps: { label: string; origin: string }[] = [{ label: LABEL, origin: ORIGIN }];
const base = BASE ? await startBaseApp(BASE, url, PORT + 1) : undefined;
if (base) apps.push({ label: 'before', origin: base.origin });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const cpu = machineTicks();
  const screens = new Map(apps.map((app) => [app.label, {} as Record<string, unknown>]));
  for (const screen of SCREENS) {
    const samples = new Map(apps.map((app) => [app.label, [] as Sample[]]));
    for (const app of apps) await visit(browser, app.origin, screen, token, LOCALE); // warms the server's caches, not the browser's
    // In turns, so both apps meet the same load.
    for (let i = 0; i < RUNS; i++) for (const app of apps) samples.get(app.label)!.push(await visit(browser, app.origin, screen, token, LOCALE));
    for (const app of apps) {
      const s = summary(samples.get(app.label)!);
      screens.get(app.label)![screen.name] = { path: screen.path, element: screen.selector, signedIn: screen.signedIn, ...s };
      console.log(`${app.label.padEnd(7)} ${screen.path.padEnd(12)} median ${s.medianMs} ms, worst ${s.worstMs} ms, live (React owns it) median ${s.liveMedianMs} ms, worst ${s.liveWorstMs} ms, ${s.requestsBeforeUsable} requests in ${s.sequentialSteps} steps`);
    }
  }
  const machine = { loadAverage1m: load1(), stealPercent: stealSince(cpu) };
  const runs: Record<string, unknown> = {};
  for (const app of apps) {
    const lh = process.env.SCREENS_LIGHTHOUSE === '0' ? undefined : await lighthouse(`${app.origin}/`);
    if (lh) console.log(`${app.label} lighthouse ${lh.performance} on /`, lh.metrics);
    runs[app.label] = {
      measuredAt: new Date().toISOString(), locale: LOCALE, data, visitsPerScreen: RUNS, ...machine, ...(base ? { inTurnsWith: apps.map((a) => a.label), base: BASE } : {}),
      screens: screens.get(app.label), lighthouse: lh,
    };
  }
  const file = 'bench/results/screens.json';
  const previous = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  writeResult('screens', {
    method: 'Chromium (/usr/bin/chromium), new context per visit (cold cache), 390x844, CDP CPU throttling 4x, loopback; time from navigation start to the frame after the element appears, and to the frame in which React owns it (live: a tap works); one warm-up visit per screen first; with SCREENS_BASE the two builds are visited in turns',
    runs: { ...previous.runs, ...runs },
  });
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await base?.stop();
  fs.rmSync(webDir, { recursive: true, force: true });
}
