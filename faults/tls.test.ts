// Transport security: the private PostgreSQL and Redis speak TLS with a certificate of a private CA. A node started
// with `DATABASE_URL=...?sslmode=verify-full`, DATABASE_CA_FILE, a rediss:// REDIS_URL and REDIS_CA_FILE migrates,
// serves and signs in over TLS; the app's same clients given another CA's certificate are refused.
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../server/db/client.ts';
import { redisTls } from '../server/lib/transport-tls.ts';
import { makeCertificates, type TestCertificates } from '../server/test/certificates.ts';
import { startNode, stopAllNodes, type AppNode } from './harness/nodes.ts';
import { startPostgres, type PrivatePostgres } from './harness/postgres.ts';
import { startRedis, type PrivateRedis } from './harness/redis.ts';

let certs: TestCertificates;
let pg: PrivatePostgres;
let redis: PrivateRedis;
let node: AppNode;
const opened: Database[] = [];
const redisClients: Redis[] = [];
const verifyFull = () => `${pg.url}?sslmode=verify-full`;

const openWith = async (url: string, caFile?: string) => {
  const database = await openDatabase({ url, caFile, poolSize: 1 });
  opened.push(database);
  return database;
};
/** A client as the node makes one (server/main.ts), giving up at once instead of reconnecting. */
const redisWith = (caFile: string) => {
  const client = new Redis(redis.url, { ...redisTls(redis.url, caFile), lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  const errors: string[] = [];
  client.on('error', (error: Error) => errors.push(error.message));
  redisClients.push(client);
  return { client, errors };
};

beforeAll(async () => {
  certs = makeCertificates();
  pg = startPostgres(5460, { tls: certs });
  redis = await startRedis(6460, { tls: certs });
});

afterAll(async () => {
  await stopAllNodes();
  for (const client of redisClients) client.disconnect();
  await Promise.all(opened.map((d) => d.close().catch(() => {})));
  await redis?.destroy();
  pg?.destroy();
  certs?.remove();
});

it('a node reaches PostgreSQL and Redis over verified TLS: it migrates, serves and signs in', async () => {
  node = await startNode({
    port: 3366, databaseUrl: verifyFull(), redisUrl: redis.url,
    env: { DATABASE_CA_FILE: certs.caFile, REDIS_CA_FILE: certs.caFile },
  });
  const login = await fetch(`${node.url}/api/users/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@faults.test', password: 'faults-admin-password' }),
  });
  expect(login.status).toBe(200);
  // Every connection the node holds to PostgreSQL is encrypted; the check's own too.
  const database = await openWith(verifyFull(), certs.caFile);
  const [own] = await queryRows<{ ssl: boolean }>(database.db, sql`SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()`);
  expect(own.ssl).toBe(true);
  const sessions = await queryRows<{ ssl: boolean }>(database.db, sql`
    SELECT s.ssl FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE a.backend_type = 'client backend'`);
  expect(sessions.length).toBeGreaterThan(1);
  expect(sessions.every((s) => s.ssl)).toBe(true);
  // Redis listens with TLS only: the node's publisher and subscriber are among its clients.
  const { client } = redisWith(certs.caFile);
  await client.connect();
  expect(await client.ping()).toBe('PONG');
  const clients = String(await client.client('LIST')).trim().split('\n');
  expect(clients.length).toBeGreaterThanOrEqual(3);
});

/** Why a first query on a database opened with `url` and `caFile` failed (drizzle wraps the driver's error). */
const refusal = async (url: string, caFile?: string) => {
  const database = await openWith(url, caFile);
  const error = await database.db.execute(sql`SELECT 1`).then(() => null, (e: Error & { cause?: Error }) => e.cause ?? e);
  return error?.message ?? 'connected';
};

it('refuses a server whose certificate another CA signed: the app\'s database and Redis clients', async () => {
  expect(await refusal(verifyFull(), certs.otherCaFile)).toMatch(/certificate/i);
  // 'require' with a CA verifies the chain, as libpq does.
  expect(await refusal(`${pg.url}?sslmode=require`, certs.otherCaFile)).toMatch(/certificate/i);
  // Without any CA, the machine's own authorities do not know this one either.
  expect(await refusal(verifyFull())).toMatch(/certificate/i);
  // 'require' alone encrypts without checking (libpq's meaning), as an operator who asked for no more would expect.
  expect(await refusal(`${pg.url}?sslmode=require`)).toBe('connected');
  const wrong = redisWith(certs.otherCaFile);
  await expect(wrong.client.connect()).rejects.toThrow();
  expect(wrong.errors.join('\n')).toMatch(/certificate/i);
});
