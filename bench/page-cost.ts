// What a member's page rendered on the server costs the server (decision 0104): CPU per request, in process
// (process.cpuUsage: the app, React's render, compression and the database client; PostgreSQL's own CPU is not in it),
// for the rendered page, for the plain page, and for the two API reads the app sends instead when the page is plain
// (the session check and the screen's first list), and the render alone. CPU time, so it holds while other work runs.
// Run: node_modules/.bin/node bench/page-cost.ts [--requests=300]
// Its own database (thera_ssr_cost: 2,000 therapists, 100 communities, 10,000 posts, 10,000 comments), kept for reruns.
process.env.NODE_ENV = 'production'; // React's production build in the server's renderer, as a deployed server runs it
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWeb } from '../scripts/build-web.ts';
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import { SSR_DIR, SSR_ENTRY } from '../server/lib/web-preload.ts';
import { createMailer } from '../server/lib/mail.ts';
import { memoryRateLimiter } from '../server/lib/rate-limit.ts';
import { DRAWN_SCREENS } from '../common/drawn-screens.ts';
import { PAGE_SESSION_COOKIE } from '../common/member-page.ts';
import { arg, benchDatabase, benchToken, seedForum, seedTherapists } from './lib.ts';
import { loadAverage } from './machine.ts';

const REQUESTS = Number(arg('requests', '300'));
const { db, close } = await benchDatabase('thera_ssr_cost');
await seedTherapists(db, 2_000);
await seedForum(db, { communities: 100, posts: 10_000, comments: 10_000 });
const token = await benchToken(db);
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-page-cost-'));
await buildWeb(webDir);
const config = testConfig({ DATA_DIR: webDir });
const app = await buildApp({ config, db, webDir, limiter: memoryRateLimiter(), mailer: createMailer({ from: config.mailFrom, outboxDir: webDir }) });
await app.ready();

/** CPU milliseconds per call of `fn`, after a warm-up. */
async function cpuPer(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 30; i++) await fn();
  const before = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) await fn();
  const used = process.cpuUsage(before);
  return Math.round(((used.user + used.system) / 1000 / REQUESTS) * 100) / 100;
}

const headers = { 'x-auth-token': token };
const cookie = `${PAGE_SESSION_COOKIE}=${token}; thera_member=1`;
const get = (url: string, h: Record<string, string>) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip', ...h } });
const bundle = await import(pathToFileURL(path.join(webDir, SSR_DIR, SSR_ENTRY)).href) as typeof import('../web/prerender.tsx');
const results: Record<string, unknown> = {};
try {
  // The renderer loads at the first member page asked for (that one is plain).
  for (let i = 0; i < 100 && (await get('/forums', { cookie })).headers['cache-control'] !== 'private, no-store'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const { path: screen, first: list } of DRAWN_SCREENS) {
    const drawn = await get(screen, { cookie });
    if (drawn.headers['cache-control'] !== 'private, no-store') throw new Error(`${screen} was not rendered`);
    const json = async (url: string) => (await app.inject({ method: 'GET', url, headers })).json();
    const me = await json('/api/users/me');
    const answers = { [list]: await json(list) };
    results[screen] = {
      renderedPageMs: await cpuPer(() => get(screen, { cookie })),
      plainPageMs: await cpuPer(() => get(screen, {})),
      apiSessionAndListMs: await cpuPer(() => Promise.all([get('/api/users/me', headers), get(list, headers)])),
      renderAloneMs: await cpuPer(() => bundle.renderMemberPage(screen, me, answers, 'tag')),
      pageBytes: drawn.rawPayload.length, encoding: drawn.headers['content-encoding'],
    };
    console.log(screen, results[screen]);
  }
  console.log(JSON.stringify({ requestsEach: REQUESTS, loadAverage1m: loadAverage(), results }));
} finally {
  await app.close();
  await close();
  fs.rmSync(webDir, { recursive: true, force: true });
}
