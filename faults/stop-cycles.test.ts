// Scenario 7: stopping `npm start` with SIGTERM must always end, and within the grace period (15 s), on the
// embedded database and on PostgreSQL. Each cycle starts the app and stops it in one of four situations: right after
// it is ready, while writes are under way, while socket clients keep reconnecting, and while the job poller is busy.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { recordScenario } from './results.ts';
import { AppProcess, signIn, sleep, type Stopped } from './embedded/app-process.ts';
import { migratedDataDir } from './embedded/template.ts';
import { createCommunity, newWriteLog, writeUntil } from './embedded/writes.ts';
import { ensureKeyFile } from './harness/key-file.ts';

const GRACE_MS = 15_000;
const CYCLES = Number(process.env.FAULTS_STOP_CYCLES ?? 10);
// A cycle costs a start (5-15 s on a busy two-core machine): the tests' own bound, beyond the suite's default.
const TEST_MS = CYCLES * 40_000;
const PG_ADMIN_URL = process.env.FAULTS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-faults-stop-'));
const databaseName = `thera_faults_stop_${crypto.randomBytes(4).toString('hex')}`;
let app: AppProcess | undefined;

afterAll(async () => {
  await app?.stop('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
  const admin = new pg.Client(PG_ADMIN_URL);
  await admin.connect().then(() => admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`)).catch(() => {});
  await admin.end().catch(() => {});
});

type Situation = 'right after start' | 'during writes' | 'reconnecting sockets' | 'busy job poller';
const SITUATIONS: Situation[] = ['right after start', 'during writes', 'reconnecting sockets', 'busy job poller'];

/** Starts the app, brings it into the situation, sends SIGTERM; answers how the stop went. */
async function cycle(n: number, port: number, env: Record<string, string>, dataDir: string): Promise<Stopped & { situation: Situation }> {
  const situation = SITUATIONS[n % SITUATIONS.length];
  // Never two at once: a leftover app on the port would answer for the new one.
  if (app?.running) await app.stop('SIGKILL');
  app = new AppProcess({ port, dataDir, env: { ...env, ...(situation === 'busy job poller' ? { JOBS_POLL_MS: '50' } : {}) } });
  await app.ready();
  let quit = false;
  const sockets: Socket[] = [];
  let load: Promise<unknown> = Promise.resolve();
  if (situation === 'during writes') {
    const token = await signIn(app.url);
    const communityId = await createCommunity(app.url, token, `Stop drill ${n}`);
    load = writeUntil(app.url, token, communityId, newWriteLog(), () => quit, 4);
    await sleep(300 + Math.random() * 700);
  } else if (situation === 'reconnecting sockets') {
    const token = await signIn(app.url);
    for (let i = 0; i < 10; i++) {
      sockets.push(connect(app.url, {
        auth: { token }, transports: i % 2 ? ['websocket'] : ['polling', 'websocket'], reconnectionDelay: 1, reconnectionDelayMax: 20,
      }));
    }
    await sleep(500 + Math.random() * 1000);
  } else if (situation === 'busy job poller') {
    await sleep(Math.random() * 500);
  }
  const stopped = await app.stop('SIGTERM', GRACE_MS + 5000);
  quit = true;
  for (const socket of sockets) socket.close();
  await load;
  return { ...stopped, situation };
}

async function runCycles(name: string, port: number, env: Record<string, string>, dataDir: string) {
  const results = [];
  for (let n = 0; n < CYCLES; n++) {
    const result = await cycle(n, port, env, dataDir);
    results.push(result);
    expect(result.ended, `stop ${n + 1} (${result.situation}) did not end:\n${app?.output()}`).toBe(true);
    expect(result, `stop ${n + 1} (${result.situation}) was not clean:\n${app?.output()}`).toMatchObject({ code: 0 });
    expect(result.ms).toBeLessThan(GRACE_MS);
  }
  const slowest = Math.max(...results.map((r) => r.ms));
  recordScenario(name, {
    recoveryMs: null, failedRequests: {}, acknowledgedWritesLost: 0, messagesDoubled: 0,
    cycles: results.length, slowestStopMs: slowest, stopsPastGrace: results.filter((r) => r.ms >= GRACE_MS).length,
    stopsNotEnded: results.filter((r) => !r.ended).length, forcedExits: results.filter((r) => r.code !== 0).length,
  });
}

describe('SIGTERM always ends the app within the grace period', () => {
  it(`embedded database: ${CYCLES} start-and-stop cycles`, async () => {
    const dataDir = path.join(root, 'data');
    await migratedDataDir(dataDir, 3364);
    await runCycles('stop-cycles-embedded', 3364, { WRITE_LIMITS: 'posts=1000000/60,communities=1000/60', SOCKETS_PER_USER: '1000' }, dataDir);
  }, TEST_MS);

  it(`PostgreSQL: ${CYCLES} start-and-stop cycles`, async () => {
    const admin = new pg.Client(PG_ADMIN_URL);
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${databaseName}`;
    await runCycles('stop-cycles-postgres', 3366, {
      DATABASE_URL: url.toString(), ENCRYPTION_KEY_FILE: ensureKeyFile(), WRITE_LIMITS: 'posts=1000000/60,communities=1000/60', SOCKETS_PER_USER: '1000',
    }, path.join(root, 'pg-data'));
  }, TEST_MS);
});
