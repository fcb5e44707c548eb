import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { Redis } from 'ioredis';
import { buildApp } from '../app.ts';
import { testConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { withDatabase } from './template-database.ts';
import { createMailer, type Mailer } from '../lib/mail.ts';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from '../lib/rate-limit.ts';
import type { App, Deps } from '../context.ts';

/**
 * A real database for one test file: PGlite in memory by default, or a fresh PostgreSQL
 * database (created here, dropped on close) when DATABASE_URL is set. Migrated unless `migrated: false` (an empty one).
 */
export async function openTestDatabase(
  { migrated = true }: { migrated?: boolean } = {},
): Promise<{ db: Db; url?: string; close: () => Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  const template = providedTemplate();
  if (!baseUrl) {
    const loadDataDir = template && migrated ? new Blob([fs.readFileSync(template)]) : undefined;
    const database = await openDatabase({ dataDir: null, loadDataDir });
    // A copy of the template has every migration already: this only checks.
    if (migrated) await migrate(database.db);
    return { db: database.db, close: database.close };
  }
  const name = `thera_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ url: baseUrl, poolSize: 1 });
  await admin.db.execute(sql.raw(template && migrated ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`));
  const url = withDatabase(baseUrl, name);
  const database = await openDatabase({ url, poolSize: 5 });
  if (migrated) await migrate(database.db);
  return {
    db: database.db,
    url,
    close: async () => {
      await database.close();
      await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await admin.close();
    },
  };
}

/** The template made by the suite's global setup; undefined where none was made (the fault suite, a script). */
function providedTemplate(): string | undefined {
  try {
    return inject('databaseTemplate');
  } catch {
    return undefined;
  }
}

export type TestContext = {
  app: App;
  db: Db;
  config: Config;
  limiter: RateLimiter;
  outboxDir: string;
  close: () => Promise<void>;
};

type Options = {
  config?: Record<string, string>; mailer?: Mailer; redis?: boolean; listen?: boolean; logStream?: { write: (line: string) => void };
  now?: () => Date;
  /** A built web app to serve (scripts/build-web.ts), and how long a member's page may take (server/lib/member-page.ts). */
  webDir?: string; pageRenderMs?: number;
  /** Where lag-tolerant reads go (server/lib/read-routing.ts): a test passes another database as the "replica". */
  replicas?: Deps['replicas'];
};

/** Builds the real app on a real database; `close()` tears everything down. */
export async function createTestContext(options: Options = {}): Promise<TestContext> {
  const database = await openTestDatabase();
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-outbox-'));
  const config = testConfig({ DATA_DIR: outboxDir, ...(options.config ?? {}) });
  const redisUrl = process.env.REDIS_URL;
  const redis = options.redis && redisUrl ? { pub: new Redis(redisUrl, { enableAutoPipelining: true }), sub: new Redis(redisUrl) } : undefined;
  // Ready before the app subscribes: the socket.io adapter's subscriptions, sent while a client is still connecting,
  // were lost (NUMSUB 0), and with them every request between nodes (endUser, endSession, socketsLeave).
  if (redis) await Promise.all([redis.pub, redis.sub].map((client) => once(client, 'ready')));
  const limiterRedis = redisUrl ? new Redis(redisUrl) : undefined;
  // With Redis available the counters live there, under a prefix no other test shares.
  const limiter = limiterRedis ? redisRateLimiter(limiterRedis, `test:${randomBytes(6).toString('hex')}:`) : memoryRateLimiter();
  const app = await buildApp({
    config, db: database.db, limiter, redis, logStream: options.logStream, now: options.now,
    webDir: options.webDir, replicas: options.replicas,
    // Tests that read a drawn page must not get the plain one because the machine is busy: the bound's fallback is
    // tested on its own, with a bound of 0.
    pageRenderMs: options.pageRenderMs ?? 30_000,
    mailer: options.mailer ?? createMailer({ from: config.mailFrom, outboxDir: path.join(outboxDir, 'outbox') }),
  });
  if (options.listen) await app.listen({ port: 0, host: '127.0.0.1' });
  else await app.ready();
  return {
    app, db: database.db, config, limiter, outboxDir: path.join(outboxDir, 'outbox'),
    close: async () => {
      await app.close();
      redis?.pub.disconnect();
      redis?.sub.disconnect();
      limiterRedis?.disconnect();
      await database.close();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

/** The base URL of a context started with `listen: true`. */
export function baseUrl(ctx: Pick<TestContext, 'app'>): string {
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('app is not listening');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * One in-process app node on a shared database with its own Redis connections (the socket.io adapter, presence and
 * the rate limits): two of these are two nodes. Needs REDIS_URL. `close` ends the node and its connections.
 */
export async function startRedisNode(
  db: Db, opts: { config?: Record<string, string>; listen?: boolean } = {},
): Promise<{ app: App; close: () => Promise<void> }> {
  const url = process.env.REDIS_URL!;
  const redis = { pub: new Redis(url, { enableAutoPipelining: true }), sub: new Redis(url) };
  await Promise.all([redis.pub, redis.sub].map((client) => once(client, 'ready')));
  const limiterRedis = new Redis(url);
  const config = testConfig(opts.config);
  const app = await buildApp({
    config, db, redis, limiter: redisRateLimiter(limiterRedis, `test:${randomBytes(6).toString('hex')}:`),
    mailer: createMailer({ from: config.mailFrom, outboxDir: '/nonexistent' }),
  });
  if (opts.listen) await app.listen({ port: 0, host: '127.0.0.1' });
  else await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      redis.pub.disconnect();
      redis.sub.disconnect();
      limiterRedis.disconnect();
    },
  };
}
