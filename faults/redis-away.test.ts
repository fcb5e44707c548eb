// Scenario 3: Redis goes away and comes back while two nodes serve chat. Each node keeps serving REST and
// chat between its own sockets; when Redis returns (no node restarted) cross-node delivery, presence and the shared
// limits resume; nothing is stored twice and nothing acknowledged is lost.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { Message } from '../common/chat.ts';
import type { Database } from '../server/db/client.ts';
import { chatter, closeFleet, connectMember, deliveryFigures, fetchMissed, type ChatMember } from './harness/chat.ts';
import { timedRequest } from './harness/load.ts';
import { openMigrated, seedMembers, storedMessages, type Member } from './harness/members.ts';
import { startNode, stopAllNodes, unhandledErrors, type AppNode } from './harness/nodes.ts';
import { startPostgres, type PrivatePostgres } from './harness/postgres.ts';
import { startRedis, type PrivateRedis } from './harness/redis.ts';
import { sleep, waitUntil } from './harness/wait.ts';
import { recordScenario } from './results.ts';

const AWAY_MS = 5000;
let pg: PrivatePostgres;
let redis: PrivateRedis;
let database: Database;
let members: Member[];
let nodes: AppNode[];
const fleet: ChatMember[] = [];

beforeAll(async () => {
  pg = startPostgres(5443);
  redis = await startRedis(6392);
  database = await openMigrated(pg.url);
  members = await seedMembers(database, 40);
  nodes = [];
  for (const port of [3330, 3331]) nodes.push(await startNode({ port, databaseUrl: pg.url, redisUrl: redis.url }));
});

afterAll(async () => {
  closeFleet(fleet);
  await stopAllNodes();
  await database?.close();
  await redis?.destroy();
  pg?.destroy();
});

// Members 1-20 chat in pairs on node A alone; in pairs 21-40 the odd member is on A and the even one on B.
const nodeFor = (n: number) => (n <= 20 || n % 2 === 1 ? 0 : 1);
const isLocalPair = (c: ChatMember) => c.member.n <= 20;

/** A message from `from` reaches `to` live (sent again, under new ids, until one does or the time is up). */
async function deliveredLive(from: ChatMember, to: ChatMember, timeoutMs: number): Promise<number> {
  let seq = 0;
  return waitUntil(async () => {
    const sent = await from.socket.timeout(2000).emitWithAck('sendMessage', {
      conversationId: from.member.conversationId, text: `probe ${from.member.n}-${++seq}`, clientMessageId: `probe-${from.member.n}-${seq}`,
    }).catch(() => null) as Message | null;
    if (!sent?._id) return false;
    await sleep(300);
    return to.shown.has(sent._id);
  }, timeoutMs, `live delivery from ${from.member.n} to ${to.member.n}`, 0);
}

const sees = async (viewer: ChatMember, other: ChatMember) => {
  const ids = await viewer.socket.timeout(2000).emitWithAck('getOnlineUsers').catch(() => []) as string[];
  return Array.isArray(ids) && ids.includes(other.member.id);
};

it('serves each node alone while Redis is away, and resumes across nodes when it returns', async () => {
  for (const m of members) fleet.push(await connectMember(nodes[nodeFor(m.n)].url, m));
  const byN = (n: number) => fleet.find((c) => c.member.n === n)!;
  const [crossA, crossB] = [byN(21), byN(22)];
  await deliveredLive(crossA, crossB, 5000);
  expect(await sees(crossB, crossA)).toBe(true);

  const load = chatter(fleet, 1000);
  await sleep(2000);
  const awayAt = Date.now();
  await redis.kill();
  await sleep(500);
  // REST on both nodes, and chat between sockets of one node, while Redis is away.
  const restDuring: Record<string, number> = {};
  const localDuring = { acked: 0, shownLive: 0 };
  const localAckedBefore = new Set(fleet.filter(isLocalPair).flatMap((c) => [...c.acked.keys()]));
  while (Date.now() - awayAt < AWAY_MS) {
    for (const node of nodes) {
      const answer = await timedRequest(node.url, members[0].token, { method: 'GET', path: '/api/conversations' }, 10_000);
      restDuring[answer.status] = (restDuring[answer.status] ?? 0) + 1;
    }
    await sleep(200);
  }
  for (const c of fleet.filter(isLocalPair)) {
    const partner = byN(c.member.partner);
    for (const [clientId, message] of c.acked) {
      if (localAckedBefore.has(clientId) || new Date(message.createdAt).getTime() < awayAt) continue;
      localDuring.acked++;
      if (partner.liveArrivals.has(message._id)) localDuring.shownLive++;
    }
  }

  await redis.start();
  const backAt = Date.now();
  const crossDeliveryMs = await deliveredLive(crossA, crossB, 30_000);
  const presenceMs = await waitUntil(() => sees(crossB, crossA), 30_000, 'presence across nodes', 200);
  // The shared limits count in Redis again: the socket events just sent were counted there.
  const probe = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await probe.connect();
  const sharedCounters = (await probe.keys('rl:socket-events:*')).length;
  probe.disconnect();
  const recoveryMs = Date.now() - backAt;
  await sleep(2000);
  const sent = await load.stop();

  for (const c of fleet) await fetchMissed(nodes[nodeFor(c.member.n)].url, c);
  const figures = deliveryFigures(fleet, await storedMessages(database));
  const restFailed = Object.fromEntries(Object.entries(restDuring).filter(([s]) => s !== '200'));

  recordScenario('redis-away', {
    recoveryMs,
    failedRequests: { ...restFailed, ...Object.fromEntries(Object.entries(sent.refusals).map(([k, v]) => [`socket ${k}`, v])) },
    acknowledgedWritesLost: figures.ackedLost,
    messagesDoubled: figures.storedTwice,
    redisAwayMs: backAt - awayAt,
    restAnswersWhileAway: restDuring,
    localMessagesAckedWhileAway: localDuring.acked,
    localMessagesShownLiveWhileAway: localDuring.shownLive,
    crossNodeDeliveryBackAfterMs: crossDeliveryMs,
    presenceBackAfterMs: presenceMs,
    sharedLimitCountersAfterReturn: sharedCounters,
    messagesAcknowledged: figures.acked,
    acknowledgedNotShownAfterFetch: figures.notShown,
  });

  expect(restFailed).toEqual({});
  expect(localDuring.acked).toBeGreaterThan(20);
  expect(localDuring.shownLive).toBe(localDuring.acked);
  expect(sharedCounters).toBeGreaterThan(0);
  expect(figures.ackedLost).toBe(0);
  expect(figures.storedTwice).toBe(0);
  expect(figures.notShown).toBe(0);
  expect(sent.acked).toBe(sent.sent);
  for (const node of nodes) {
    expect(node.child.exitCode).toBeNull();
    expect(unhandledErrors(node)).toEqual([]);
  }
});
