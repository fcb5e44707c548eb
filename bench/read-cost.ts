// What one read costs in CPU, apart from the machine's load (decision 0101): a server of its own, requests a
// few at a time, and per request the server's CPU, its PostgreSQL backends' CPU and the statements it sent (counted in
// the server by bench/count-queries.ts). On a saturated 2-core machine p95 ≈ 35 × that CPU (decision 0098), so this
// is the figure to compare before and after a change while other work runs.
// Run: node_modules/.bin/node bench/read-cost.ts --read=feed|received|receivedFirst|me|notificationsNext|practiceInbox|insights|groups [--requests=2000] [--warmup=400] [--server-dir=.] [--profile] [--save=file]
// BENCH_DB: the database (feed: a copy of thera_bench_forum; received: one seeded like bench/referrals.ts;
// notificationsNext: one seeded like bench/notifications.ts; practiceInbox: thera_bench_practices; insights:
// thera_bench_refloop; groups: thera_bench_groups); it is
// migrated by this checkout. --server-dir runs another checkout's server on it, for a before/after; --profile writes a
// V8 CPU profile of the server (--cpu-prof) to the printed directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../server/db/client.ts';
import { createSession } from '../server/lib/auth.ts';
import { NOTIFICATIONS_PAGE_SIZE } from '../common/notifications.ts';
import { arg, benchDatabase } from './lib.ts';
import { loadAverage } from './machine.ts';
import { costBetween, startCostServer } from './cost-server.ts';

const DATABASE = process.env.BENCH_DB ?? 'thera_bench_feed';
const PORT = Number(process.env.BENCH_PORT ?? 3341);
const REQUESTS = Number(arg('requests', '2000'));
const CONCURRENCY = Number(arg('concurrency', '4'));
const WARMUP = Number(arg('warmup', '400'));
const SERVER_DIR = path.resolve(arg('server-dir', '.'));
const READ = arg('read', 'feed');
const APP = 'read-cost';
// --save=<file>: the first answer's body, to compare two checkouts' answers byte for byte (and the next reads' first
// answers in <file>.1, <file>.2, for reads that take turns between paths).
const SAVE = arg('save', '');
const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

type Read = { token: string; path: (n: number) => string; tokens?: string[] };

/** The reads measured: each gives a token (or one per reader, request n taking tokens[n % length]) and the path of request n. */
const READS: Record<string, (db: Db) => Promise<Read>> = {
  // bench/feed.ts's 1,000 distinct cursors: posts 500 to 1,500 from the newest.
  async feed(db) {
    const spread = await queryRows<{ created_at: string; id: string }>(db, sql`
      SELECT ${iso('created_at')} AS created_at, id::text AS id FROM posts ORDER BY created_at DESC, id DESC OFFSET 500 LIMIT 1000`);
    const [user] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE verification_status = 'verified' ORDER BY created_at LIMIT 1`);
    return {
      token: await createSession(db, user.id),
      path: (n) => {
        const c = spread[n % spread.length];
        return `/api/activity/feed?before=${encodeURIComponent(c.created_at)}&beforeId=${c.id}`;
      },
    };
  },
  // bench/referrals.ts's deep page: the busiest inbox, 2,000 referrals down.
  async received(db) {
    const [busy] = await queryRows<{ id: string }>(db, sql`
      SELECT id FROM users WHERE verification_status = 'verified' AND role <> 'admin' ORDER BY created_at, id LIMIT 1`);
    const [deep] = await queryRows<{ at: string; id: string }>(db, sql`
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, referral_id AS id FROM referral_recipients
      WHERE recipient_id = ${busy.id} ORDER BY created_at DESC, referral_id DESC OFFSET 2000 LIMIT 1`);
    const deepPath = `/api/referrals?box=received&before=${encodeURIComponent(`${deep.at}_${deep.id}`)}`;
    return { token: await createSession(db, busy.id), path: () => deepPath };
  },
  // The same inbox's first page: as large, but kept by the server (decision 0092), so no statement: what is left is
  // the request and the writing of the page.
  async receivedFirst(db) {
    return { token: (await READS.received(db)).token, path: () => '/api/referrals?box=received' };
  },
  // The floor under every signed-in read: the session, kept by the server (decision 0098).
  async me(db) {
    return { token: (await READS.received(db)).token, path: () => '/api/users/me' };
  },
  // bench/notifications.ts's next page: 50 readers, each asking for the page after their own first page.
  async notificationsNext(db) {
    const readers = await queryRows<{ id: string; at: string; nid: string }>(db, sql`
      SELECT u.id, p.at, p.nid FROM (SELECT id FROM users WHERE verification_status = 'verified' ORDER BY created_at, id LIMIT 50) u
      CROSS JOIN LATERAL (SELECT ${iso('created_at')} AS at, id AS nid FROM notifications
        WHERE user_id = u.id AND visible ORDER BY created_at DESC, id DESC OFFSET ${NOTIFICATIONS_PAGE_SIZE - 1} LIMIT 1) p`);
    const tokens = await Promise.all(readers.map((r) => createSession(db, r.id)));
    const paths = readers.map((r) => `/api/notifications?before=${Buffer.from(`${r.at}|${r.nid}`).toString('base64url')}`);
    return { token: tokens[0], tokens, path: (n) => paths[n % paths.length] };
  },
  // bench/practices.ts's inbox (BENCH_DB=thera_bench_practices): its ten staff reading the first page, the unassigned
  // ones and a page 50,000 down by cursor, in turn.
  async practiceInbox(db) {
    const [practice] = await queryRows<{ id: string }>(db, sql`SELECT id FROM practices WHERE slug = 'bench-harbour'`);
    const staff = await queryRows<{ user_id: string }>(db, sql`
      SELECT user_id FROM practice_members WHERE practice_id = ${practice.id} AND role <> 'clinician' ORDER BY user_id`);
    const [deep] = await queryRows<{ at: string; id: string }>(db, sql`
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, referral_id AS id FROM practice_referrals
      WHERE practice_id = ${practice.id} ORDER BY created_at DESC, referral_id DESC OFFSET 50000 LIMIT 1`);
    const inbox = `/api/practices/${practice.id}/referrals`;
    const paths = [inbox, `${inbox}?status=unassigned`, `${inbox}?cursor=${encodeURIComponent(`${deep.at}_${deep.id}`)}`];
    const tokens = await Promise.all(staff.map((s) => createSession(db, s.user_id)));
    return { token: tokens[0], tokens, path: (n) => paths[n % paths.length] };
  },
  // bench/groups.ts's reads (BENCH_DB=thera_bench_groups): its first reader's session, the listed groups' first page,
  // a search and the reader's consultation hours, in turn.
  // --only=list|search|hours measures one of them.
  async groups() {
    const all = { list: ['/api/groups'], search: ['/api/groups?q=anxiety', '/api/groups?q=grief'], hours: ['/api/users/me/consultation-hours?from=2017-01-01&to=2026-12-31'] };
    const only = arg('only', '') as keyof typeof all | '';
    const paths = only ? all[only] : Object.values(all).flat();
    return { token: 'groups-bench-token-1', path: (n) => paths[n % paths.length] };
  },
  // bench/referral-insights.ts's busy member (BENCH_DB=thera_bench_refloop): 5,000 referrals sent and 4,950 received.
  async insights(db) {
    const [busy] = await queryRows<{ id: string }>(db, sql`
      SELECT id FROM users WHERE verification_status = 'verified' ORDER BY created_at, id LIMIT 1`);
    return { token: await createSession(db, busy.id), path: () => '/api/referrals/insights' };
  },
};

const { db, url, close } = await benchDatabase(DATABASE);
const read = await READS[READ](db);
const profileDir = process.argv.includes('--profile') ? fs.mkdtempSync(path.join(os.tmpdir(), 'thera-cost-profile-')) : undefined;
const { base, snapshot, stop } = await startCostServer({ db, url, app: APP, port: PORT, serverDir: SERVER_DIR, cpuProfileDir: profileDir });

let bytes = 0;
/** `count` requests from CONCURRENCY loops, request numbers from `from`. */
async function run(from: number, count: number): Promise<void> {
  let next = from;
  const loop = async () => {
    while (next < from + count) {
      const n = next++;
      // No compression, as autocannon asks for none: fetch asks for gzip, and zlib was a third of the server's CPU.
      const res = await fetch(base + read.path(n), { headers: { 'x-auth-token': read.tokens?.[n % read.tokens.length] ?? read.token, 'accept-encoding': 'identity' } });
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      const body = await res.text();
      bytes = Buffer.byteLength(body);
      if (SAVE && n < 3) fs.writeFileSync(n ? `${SAVE}.${n}` : SAVE, body);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
}

try {
  await run(0, WARMUP); // warm-up: JIT, every pooled connection prepares its statements
  const before = await snapshot();
  const started = performance.now();
  await run(WARMUP, REQUESTS);
  const ms = performance.now() - started;
  const cost = costBetween(before, await snapshot());
  const per = (x: number) => Math.round((x / REQUESTS) * 1000 * 1000) / 1000;
  console.log(JSON.stringify({
    read: READ, serverDir: SERVER_DIR, database: DATABASE, requests: REQUESTS, concurrency: CONCURRENCY, pageBytes: bytes,
    meanMs: Math.round((ms / REQUESTS) * CONCURRENCY * 100) / 100, serverCpuMs: per(cost.serverSeconds),
    postgresCpuMs: per(cost.postgresSeconds), statements: Math.round((cost.statements / REQUESTS) * 100) / 100,
    load: loadAverage(),
  }));
} finally {
  await stop();
  if (profileDir) console.log(`profile: ${profileDir}`);
  await close();
}
