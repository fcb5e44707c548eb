// Scenario 2: PostgreSQL restarts under load (a fast shutdown, then a start). Requests in flight fail with
// 503 {msg, code}, none hangs past its timeout and none is a 500 with a stack; /readyz says 503 while the database is
// down; the pool reconnects by itself; every acknowledged write is there afterwards; chat sockets stay open.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../server/db/client.ts';
import { chatter, closeFleet, connectFleet, deliveryFigures, type ChatMember } from './harness/chat.ts';
import { failures, restLoad } from './harness/load.ts';
import { openMigrated, seedMembers, storedMessages, type Member } from './harness/members.ts';
import { startNode, stopAllNodes, unhandledErrors, type AppNode } from './harness/nodes.ts';
import { startPostgres, type PrivatePostgres } from './harness/postgres.ts';
import { sleep, waitUntil } from './harness/wait.ts';
import { recordScenario } from './results.ts';

// A client gives up after this long; the node must have answered every request well before it.
const CLIENT_TIMEOUT_MS = 15_000;
const DOWN_MS = 4000;
let pg: PrivatePostgres;
let database: Database;
let members: Member[];
let node: AppNode;
let fleet: ChatMember[] = [];

beforeAll(async () => {
  pg = startPostgres(5441);
  database = await openMigrated(pg.url);
  members = await seedMembers(database, 40);
  node = await startNode({ port: 3310, databaseUrl: pg.url, env: { WRITE_LIMITS: 'resources=100000/60,other=100000/60' } });
});

afterAll(async () => {
  closeFleet(fleet);
  await stopAllNodes();
  await database?.close();
  pg?.destroy();
});

const ready = () => fetch(`${node.url}/readyz`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status, () => 0);

it('answers 503 while PostgreSQL is down, reconnects by itself and loses no acknowledged write', async () => {
  fleet = await connectFleet(node.url, members.slice(0, 20));
  const chat = chatter(fleet, 1000);
  const load = restLoad(node.url, members.slice(20), { timeoutMs: CLIENT_TIMEOUT_MS });
  await sleep(3000);

  // The test's own pool goes down with the server too; it is closed first and opened again after.
  await database.close();
  const stoppedAt = Date.now();
  pg.stop('fast');
  const readyzDownMs = await waitUntil(async () => (await ready()) === 503, 10_000, '/readyz to say 503');
  const downStatuses = new Set<number>();
  while (Date.now() - stoppedAt < DOWN_MS) {
    downStatuses.add(await ready());
    await sleep(200);
  }
  pg.start();
  const startedAt = Date.now();
  const readyAgainMs = await waitUntil(async () => (await ready()) === 200, 30_000, '/readyz to say 200 again');
  // Whole again: a write through the node succeeds.
  const writesAgainMs = await waitUntil(() => {
    const before = load.tally.acknowledged.length;
    return sleep(100).then(() => load.tally.acknowledged.length > before);
  }, 30_000, 'writes to succeed again', 0);
  await sleep(3000);
  const [rest, sent] = await Promise.all([load.stop(), chat.stop()]);

  database = await openMigrated(pg.url);
  const titles = new Set((await queryRows<{ title: string }>(database.db, sql`SELECT title FROM resources`)).map((r) => r.title));
  const restLost = rest.acknowledged.filter((t) => !titles.has(t)).length;
  const chatFigures = deliveryFigures(fleet, await storedMessages(database));
  const socketsDropped = fleet.filter((c) => c.disconnects.length > 0).length;
  const restFailures = failures(rest.byStatus);

  recordScenario('postgres-restart', {
    // From PostgreSQL's return to the first write acknowledged through the node.
    recoveryMs: writesAgainMs,
    failedRequests: { ...restFailures, ...Object.fromEntries(Object.entries(sent.refusals).map(([k, v]) => [`socket ${k}`, v])) },
    acknowledgedWritesLost: restLost + chatFigures.ackedLost,
    messagesDoubled: chatFigures.storedTwice,
    databaseDownMs: startedAt - stoppedAt,
    readyz503AfterMs: readyzDownMs,
    readyAgainAfterStartMs: readyAgainMs,
    writesAgainAfterStartMs: writesAgainMs,
    restAcknowledgedWrites: rest.acknowledged.length,
    messagesAcknowledged: chatFigures.acked,
    slowestRequestMs: rest.slowestMs,
    badErrorBodies: rest.badBodies.length,
    socketsDropped,
  });

  expect(downStatuses).toEqual(new Set([503]));
  expect(Object.keys(restFailures).filter((s) => s !== '503')).toEqual([]);
  expect(restFailures['503']).toBeGreaterThan(0);
  expect(rest.badBodies).toEqual([]);
  expect(rest.slowestMs).toBeLessThan(CLIENT_TIMEOUT_MS);
  expect(restLost).toBe(0);
  expect(chatFigures.ackedLost).toBe(0);
  expect(chatFigures.storedTwice).toBe(0);
  expect(sent.acked).toBe(sent.sent);
  expect(socketsDropped).toBe(0);
  expect(node.child.exitCode).toBeNull();
  expect(unhandledErrors(node)).toEqual([]);
});
