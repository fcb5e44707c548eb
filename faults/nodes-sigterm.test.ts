// Scenario 4: SIGTERM to one of two nodes under load. /readyz turns 503 at once (a load balancer's health
// check sees it leave), the node keeps serving through its drain, then stops taking new work, finishes what is in
// flight, closes its sockets so their clients reconnect to the other node, and exits within its grace period.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../server/db/client.ts';
import { startBalancer, type Balancer } from './harness/balancer.ts';
import { chatter, closeFleet, connectFleet, deliveryFigures, fetchMissed, type ChatMember } from './harness/chat.ts';
import { failures, restLoad } from './harness/load.ts';
import { openMigrated, seedMembers, storedMessages, type Member } from './harness/members.ts';
import { startNode, stopAllNodes, unhandledErrors, type AppNode } from './harness/nodes.ts';
import { startPostgres, type PrivatePostgres } from './harness/postgres.ts';
import { startRedis, type PrivateRedis } from './harness/redis.ts';
import { sleep, waitUntil } from './harness/wait.ts';
import { recordScenario } from './results.ts';

// The drain the README suggests: longer than a health check's interval plus a loaded node's answer.
const DRAIN_MS = 3000;
const GRACE_MS = 10_000;
let pg: PrivatePostgres;
let redis: PrivateRedis;
let database: Database;
let members: Member[];
let nodes: AppNode[];
let balancer: Balancer;
let fleet: ChatMember[] = [];

beforeAll(async () => {
  pg = startPostgres(5442);
  redis = await startRedis(6391);
  database = await openMigrated(pg.url);
  members = await seedMembers(database, 100);
  nodes = [];
  const env = { SHUTDOWN_DRAIN_MS: String(DRAIN_MS), SHUTDOWN_GRACE_MS: String(GRACE_MS), WRITE_LIMITS: 'resources=100000/60,other=100000/60' };
  for (const port of [3320, 3321]) nodes.push(await startNode({ port, databaseUrl: pg.url, redisUrl: redis.url, env }));
  balancer = await startBalancer(3322, [3320, 3321]);
});

afterAll(async () => {
  closeFleet(fleet);
  await balancer?.close();
  await stopAllNodes();
  await database?.close();
  await redis?.destroy();
  pg?.destroy();
});

it('leaves the balancer, finishes its work, hands its sockets over and exits within the grace period', async () => {
  const [leaving, staying] = nodes;
  fleet = await connectFleet(balancer.url, members.slice(0, 60));
  const chat = chatter(fleet, 1000);
  const load = restLoad(balancer.url, members.slice(60), { timeoutMs: 15_000 });
  await sleep(3000);

  const health: { at: number; status: number }[] = [];
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const at = Date.now();
      const status = await fetch(`${leaving.url}/readyz`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status, () => 0);
      health.push({ at, status });
      await sleep(50);
    }
  })();
  const termAt = Date.now();
  leaving.child.kill('SIGTERM');
  const exit = await leaving.exited;
  watching = false;
  await watch;
  const droppedNow = () => fleet.filter((c) => c.disconnects.some((t) => t >= termAt));
  await waitUntil(() => droppedNow().length >= 10, 10_000, 'the leaving node\'s clients to notice');
  await sleep(500);
  const dropped = droppedNow();
  const recoveryMs = await waitUntil(() => dropped.every((c) => c.socket.connected && c.connects.at(-1)! > termAt), 15_000, 'reconnections');
  await sleep(2000);
  const [rest, sent] = await Promise.all([load.stop(), chat.stop()]);

  for (const c of fleet) await fetchMissed(balancer.url, c);
  const chatFigures = deliveryFigures(fleet, await storedMessages(database));
  const titles = new Set((await queryRows<{ title: string }>(database.db, sql`SELECT title FROM resources`)).map((r) => r.title));
  const restLost = rest.acknowledged.filter((t) => !titles.has(t)).length;
  const first503 = health.find((h) => h.status === 503);
  // Every check sent after the signal is answered 503 until the node stops listening (then refused, status 0).
  const afterTerm = health.filter((h) => h.at > termAt);
  const servedAfterTerm = afterTerm.filter((h) => h.status === 503).length;
  const reasons = dropped.length;
  const restFailures = failures(rest.byStatus);

  recordScenario('nodes-sigterm', {
    recoveryMs,
    failedRequests: { ...restFailures, ...Object.fromEntries(Object.entries(sent.refusals).map(([k, v]) => [`socket ${k}`, v])) },
    acknowledgedWritesLost: restLost + chatFigures.ackedLost,
    messagesDoubled: chatFigures.storedTwice,
    exitCode: exit.code,
    exitAfterMs: exit.at - termAt,
    drainMs: DRAIN_MS,
    graceMs: GRACE_MS,
    readyz503AfterMs: first503 ? first503.at - termAt : null,
    readyz503Answers: servedAfterTerm,
    clientsMovedOver: reasons,
    restAcknowledgedWrites: rest.acknowledged.length,
    messagesAcknowledged: chatFigures.acked,
    acknowledgedNotShownAfterFetch: chatFigures.notShown,
  });

  expect(exit.code).toBe(0);
  expect(exit.at - termAt).toBeLessThan(GRACE_MS);
  expect(exit.at - termAt).toBeGreaterThanOrEqual(DRAIN_MS);
  // The health check sees 503 at once (as fast as the loaded node answers), and through the drain; then nothing.
  expect(afterTerm.filter((h) => h.status !== 503 && h.status !== 0)).toEqual([]);
  expect(servedAfterTerm).toBeGreaterThanOrEqual(2);
  expect(afterTerm[0].status).toBe(503);
  expect(dropped.length).toBeGreaterThan(10);
  expect(recoveryMs).toBeLessThan(DRAIN_MS + 10_000);
  // No request failed with a server fault: a 503 from a closing node is the refusal. A connection left idle through
  // the whole drain is closed with the server, and a request the client sent on it at that instant is lost on the
  // way (a balancer with health checks has stopped sending by then; this TCP one has none): at most a handful.
  expect(Object.keys(restFailures).filter((s) => s !== '503' && s !== 'network')).toEqual([]);
  expect(restFailures.network ?? 0).toBeLessThanOrEqual(Math.ceil(rest.acknowledged.length / 100));
  expect(rest.badBodies).toEqual([]);
  expect(restLost).toBe(0);
  expect(chatFigures.ackedLost).toBe(0);
  expect(chatFigures.storedTwice).toBe(0);
  expect(chatFigures.notShown).toBe(0);
  expect(sent.acked).toBe(sent.sent);
  expect(unhandledErrors(leaving)).toEqual([]);
  expect(unhandledErrors(staying)).toEqual([]);
});
