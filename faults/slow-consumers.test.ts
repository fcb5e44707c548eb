// Scenario 6 of issue #19: a socket client that stops reading while messages keep coming to it, and a flood of
// half-open connections, do not grow the node's memory without bound: the stalled sockets are cut off once their
// backlog passes SOCKET_BACKLOG_KB, connections past MAX_CONNECTIONS are refused, and unfinished requests time out.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../server/db/client.ts';
import { closeFleet, connectMember, type ChatMember } from './harness/chat.ts';
import { openMigrated, seedMembers, type Member } from './harness/members.ts';
import { startNode, stopAllNodes, unhandledErrors, type AppNode } from './harness/nodes.ts';
import { startPostgres, type PrivatePostgres } from './harness/postgres.ts';
import { halfOpenRequest, stalledSocketIo, type RawClient } from './harness/raw-socket.ts';
import { sleep, waitUntil } from './harness/wait.ts';
import { recordScenario } from './results.ts';

const BACKLOG_KB = 256;
const MAX_CONNECTIONS = 1000;
const STALLED_PER_MEMBER = 10;
// Past what the kernel holds for a socket that does not read (~4 MB on loopback here): 1,500 messages are ~12 MB a socket.
const MESSAGES_PER_SENDER = 1500;
let pg: PrivatePostgres;
let database: Database;
let members: Member[];
let node: AppNode;
const senders: ChatMember[] = [];
const raw: RawClient[] = [];

beforeAll(async () => {
  pg = startPostgres(5444);
  database = await openMigrated(pg.url);
  members = await seedMembers(database, 4);
  node = await startNode({
    port: 3340, databaseUrl: pg.url,
    env: {
      SOCKET_BACKLOG_KB: String(BACKLOG_KB), MAX_CONNECTIONS: String(MAX_CONNECTIONS), SOCKETS_PER_USER: '20',
      CHAT_MAX_MESSAGES_PER_10S: '100000', SOCKET_EVENTS_PER_10S: '100000',
    },
  });
});

afterAll(async () => {
  closeFleet(senders);
  for (const client of raw) client.socket.destroy();
  await stopAllNodes();
  await database?.close();
  pg?.destroy();
});

/** The node's resident memory, sampled until `work` ends: the highest seen, in MB. */
async function peakRss(work: Promise<unknown>): Promise<number> {
  let peak = node.rssKb();
  let done = false;
  void work.finally(() => {
    done = true;
  });
  while (!done) {
    peak = Math.max(peak, node.rssKb());
    await sleep(100);
  }
  await work;
  return Math.round(Math.max(peak, node.rssKb()) / 1024);
}

async function flood(sender: ChatMember, count: number) {
  const text = 'x'.repeat(4000);
  for (let i = 0; i < count; i += 10) {
    await Promise.all(Array.from({ length: 10 }, () => sender.socket.timeout(10_000)
      .emitWithAck('sendMessage', { conversationId: sender.member.conversationId, text }).catch(() => null)));
  }
}

it('cuts off sockets that stop reading and half-open connections, keeping the node\'s memory bounded', async () => {
  // Members 1 and 3 send; every device of members 2 and 4 has stopped reading.
  for (const n of [1, 3]) senders.push(await connectMember(node.url, members[n - 1]));
  await flood(senders[0], 20);
  const stalled: RawClient[] = [];
  for (const n of [2, 4]) for (let i = 0; i < STALLED_PER_MEMBER; i++) stalled.push(await stalledSocketIo(node.port, members[n - 1].token));
  raw.push(...stalled);
  const baselineMb = Math.round(node.rssKb() / 1024);

  // Each message goes to all ten stalled devices of its recipient, about 8 KB each (the message and the list entry).
  const floodStarted = Date.now();
  const floodPeakMb = await peakRss(Promise.all(senders.map((s) => flood(s, MESSAGES_PER_SENDER))));
  const floodMs = Date.now() - floodStarted;
  const sentToStalledMb = Math.round((MESSAGES_PER_SENDER * 2 * STALLED_PER_MEMBER * 8.3) / 1024);
  // The node cut them: once they read again, they find their connection closed (what they had waiting, then the end).
  for (const client of stalled) client.socket.resume();
  await waitUntil(() => stalled.every((c) => c.closed), 10_000, 'the stalled sockets to be closed').catch(() => undefined);
  const stalledCut = stalled.filter((c) => c.closed).length;

  // Half-open connections: twice the cap, each with unfinished headers.
  const beforeHalfOpenMb = Math.round(node.rssKb() / 1024);
  const halfOpen: RawClient[] = [];
  const opening = (async () => {
    for (let i = 0; i < MAX_CONNECTIONS * 2; i += 100) {
      halfOpen.push(...await Promise.all(Array.from({ length: 100 }, () => halfOpenRequest(node.port))));
    }
  })();
  const halfOpenPeakMb = await peakRss(opening);
  raw.push(...halfOpen);
  // The refused ones' close events arrive a moment after their refusal.
  await sleep(1000);
  const refusedAtOnce = halfOpen.filter((c) => c.closed).length;
  const timedOutAfterMs = await waitUntil(() => halfOpen.every((c) => c.closed), 30_000, 'half-open connections to be closed', 200);
  const served = await fetch(`${node.url}/readyz`).then((r) => r.status, () => 0);
  const afterMb = Math.round(node.rssKb() / 1024);

  recordScenario('slow-consumers', {
    recoveryMs: timedOutAfterMs,
    failedRequests: {},
    acknowledgedWritesLost: 0,
    messagesDoubled: 0,
    baselineRssMb: baselineMb,
    floodPeakRssMb: floodPeakMb,
    floodMs,
    sentToStalledSocketsMb: sentToStalledMb,
    stalledSockets: stalled.length,
    stalledSocketsCut: stalledCut,
    socketBacklogKb: BACKLOG_KB,
    halfOpenConnections: halfOpen.length,
    halfOpenRefusedAtOnce: refusedAtOnce,
    halfOpenPeakRssMb: halfOpenPeakMb,
    halfOpenGrowthMb: halfOpenPeakMb - beforeHalfOpenMb,
    halfOpenAllClosedAfterMs: timedOutAfterMs,
    rssAfterMb: afterMb,
  });

  expect(stalledCut).toBe(stalled.length);
  // A sliver of what was sent to the stalled sockets stayed in memory (measured 7 MB of 243; 53 MB and growing with
  // the sending when nothing cuts them off).
  expect(floodPeakMb - baselineMb).toBeLessThan(32);
  // No more than the cap were held: the rest were closed at once (a few slip in as earlier ones time out).
  expect(refusedAtOnce).toBeGreaterThanOrEqual(MAX_CONNECTIONS - senders.length - 50);
  expect(halfOpenPeakMb - beforeHalfOpenMb).toBeLessThan(48);
  expect(served).toBe(200);
  expect(node.child.exitCode).toBeNull();
  expect(unhandledErrors(node)).toEqual([]);
});
