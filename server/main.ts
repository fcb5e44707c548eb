import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp, startDraining } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { redisTls } from './lib/transport-tls.ts';
import { migrate } from './db/migrate.ts';
import { ensureAdmin } from './features/accounts/ensure-admin.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';
import { createMailer } from './lib/mail.ts';
import { databaseRateLimiter, limiterWithFallback, memoryRateLimiter, redisRateLimiter } from './lib/rate-limit.ts';
import { armExitWatchdog } from './lib/exit-watchdog.ts';
import { announceApp, serveSnapshots } from './db/backup.ts';
import { openKeyring } from './lib/crypto/keyring.ts';
import { encryptExistingRows } from './lib/crypto/backfill.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const database = await openDatabase({
    url: config.databaseUrl, caFile: config.databaseCaFile, dataDir: config.dataDir, poolSize: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    replicas: {
      ...config.replicas,
      // One line each time a replica leaves or rejoins the rotation: what an operator watches.
      onChange: ({ replica, fit, reason }) => console.warn(`Read replica ${replica + 1} ${fit ? 'back in rotation' : 'left out'} (${reason})`),
    },
  });
  await migrate(database.db);
  const keyring = await openKeyring(database.db, config).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
  if (keyring.keyFile.created) {
    // Printed once, on the start that created it, like the administrator's password: without this file the data cannot
    // be read, and the backups do not hold it.
    console.log(`\n  Encryption key created: ${keyring.keyFile.file}\n  (keep a copy somewhere apart from the backups; set ENCRYPTION_KEY_FILE to choose where it lives)\n`);
  }
  const redis = config.redisUrl ? connectRedis(config.redisUrl, config.redisCaFile) : undefined;
  // Ready before the socket.io adapter subscribes: subscriptions sent while a client was still connecting were seen
  // lost (in the tests), and with them every request between nodes (ending a user's sockets among them).
  if (redis) await Promise.all([redis.pub, redis.sub].map((client) => once(client, 'ready')));
  const app = await buildApp({
    config,
    db: database.db,
    mailer: createMailer({ smtpUrl: config.smtpUrl, smtpTls: config.smtpTls, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') }),
    // Shared by every node: Redis when set, else PostgreSQL; the embedded database has one node, so memory is exact.
    // Redis away: each node counts alone until it is back (lib/rate-limit.ts), rather than refusing every write.
    limiter: redis
      ? limiterWithFallback(redisRateLimiter(redis.pub), () => redis.pub.status === 'ready')
      : config.databaseUrl ? databaseRateLimiter(database.db) : memoryRateLimiter(),
    redis,
    replicas: database.replicas,
    keyring,
    webDir: config.webDir ?? path.join(ROOT, 'dist', 'web'),
  });
  const admin = await ensureAdmin(database.db, config);
  if (admin.generatedPassword) {
    // Printed once, on the start that created the account; never logged again.
    console.log(`\n  Administrator created: ${admin.email} / ${admin.generatedPassword}\n  (set ADMIN_EMAIL and ADMIN_PASSWORD to choose them)\n`);
  }
  if (config.seedDemo) await seedDemoIfEmpty(database.db, app.log);

  await app.listen({ port: config.port, host: config.host });
  // Rows written before encryption at rest (server/lib/crypto/backfill.ts): read as they are until this reaches them.
  void encryptExistingRows(database.db)
    .then((count) => count && app.log.info({ count }, 'encrypted rows written before encryption at rest'))
    .catch((error: unknown) => app.log.error({ reason: (error as Error)?.message }, 'encrypting older rows failed; the next start tries again'));
  // `npm run backup` finds the embedded database's process here and asks it for a consistent snapshot.
  const { snapshot } = database;
  const leave = snapshot ? announceApp(config.dataDir) : () => {};
  if (snapshot) serveSnapshots(config.dataDir, snapshot, app.log);
  process.once('exit', leave);
  installShutdown(app, config.shutdown, async () => {
    await database.close();
    redis?.pub.disconnect();
    redis?.sub.disconnect();
  });
}

function connectRedis(url: string, caFile?: string) {
  // Auto-pipelining sends the commands of one tick (socket.io broadcasts, rate-limit counters, presence) in one write:
  // on loopback a write costs more than the Redis work, and chat sends several broadcasts per message.
  const pub = new Redis(url, { maxRetriesPerRequest: 3, enableAutoPipelining: true, ...redisTls(url, caFile) });
  const clients = { pub, sub: pub.duplicate() };
  // ioredis reconnects by itself; an 'error' without a listener is printed on every attempt. One line per outage.
  for (const client of [clients.pub, clients.sub]) {
    let reported = false;
    client.on('error', (error: Error & { code?: string }) => {
      if (!reported) console.warn(`Redis unreachable (${error.code ?? error.name}); retrying`);
      reported = true;
    });
    client.on('ready', () => {
      reported = false;
    });
  }
  return clients;
}

/**
 * SIGTERM/SIGINT: /readyz says 503 at once; after the drain (a load balancer's health check has seen it) stop
 * accepting, let requests in flight finish, close sockets (their clients reconnect elsewhere) and the database, exit.
 * Whatever is left at the grace period's end, the process exits anyway.
 */
function installShutdown(app: Awaited<ReturnType<typeof buildApp>>, timing: Config['shutdown'], closeResources: () => Promise<void>) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), timing.graceMs);
    force.unref();
    // The timer above cannot fire while the embedded database keeps the main thread busy: see exit-watchdog.ts.
    armExitWatchdog(timing.graceMs + 1000);
    startDraining(app);
    if (timing.drainMs > 0) await sleep(timing.drainMs);
    // server.close() ends only the connections idle at that moment; one whose request was under way becomes idle
    // later and, kept alive, would hold the close until its keep-alive timeout (72 s): close those as they go idle.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    await app.close();
    await closeResources();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

await main();
