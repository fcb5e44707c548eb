// Scenario 6: a socket client that stops reading while messages keep coming to it, and a flood of
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
const WARM_UP_MESSAGES = 1000;
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
    probeHeap: true,
  });
});

afterAll(async () => {
  closeFleet(senders);
  for (const client of raw) client.socket.destroy();
  await stopAllNodes();
  await database?.close();
  pg?.destroy();
});

const rssMb = () => Math.round(node.rssKb() / 1024);

/** `measure` taken until `work` ends (one at a time, every 100 ms): the highest value seen. */
async function peakDuring(work: Promise<unknown>, measure: () => number | Promise<number>): Promise<number> {
  let peak = await measure();
  let done = false;
  void work.finally(() => {
    done = true;
  });
  while (!done) {
    peak = Math.max(peak, await measure());
    await sleep(100);
  }
  await work;
  return Math.max(peak, await measure());
}

/** Resident memory and, after a full collection, what the heap and buffers retain: the peaks of each, in MB. */
async function peaksDuring(work: Promise<unknown>): Promise<{ rss: number; retained: number }> {
  let rss = rssMb();
  const retained = await peakDuring(work, () => {
    rss = Math.max(rss, rssMb());
    return node.retainedMb();
  });
  return { rss: Math.max(rss, rssMb()), retained };
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
  // Before the baseline, enough traffic to cycle the young generation a few times (about 90 KB allocated per message):
  // its pages are resident from then on whatever is buffered, so the growth measured below is what the flood leaves
  // behind, not the first touch of a larger semi-space (decision 0102).
  await Promise.all(senders.map((s) => flood(s, WARM_UP_MESSAGES)));
  const stalled: RawClient[] = [];
  for (const n of [2, 4]) for (let i = 0; i < STALLED_PER_MEMBER; i++) stalled.push(await stalledSocketIo(node.port, members[n - 1].token));
  raw.push(...stalled);
  const baselineMb = rssMb();
  const baselineRetainedMb = await node.retainedMb();

  // Each message goes to all ten stalled devices of its recipient, about 8 KB each (the message and the list entry).
  const floodStarted = Date.now();
  const floodPeaks = await peaksDuring(Promise.all(senders.map((s) => flood(s, MESSAGES_PER_SENDER))));
  const floodMs = Date.now() - floodStarted;
  const sentToStalledMb = Math.round((MESSAGES_PER_SENDER * 2 * STALLED_PER_MEMBER * 8.3) / 1024);
  // The node cut them: once they read again, they find their connection closed (what they had waiting, then the end).
  for (const client of stalled) client.socket.resume();
  await waitUntil(() => stalled.every((c) => c.closed), 10_000, 'the stalled sockets to be closed').catch(() => undefined);
  const stalledCut = stalled.filter((c) => c.closed).length;

  // Half-open connections: twice the cap, each with unfinished headers.
  const beforeHalfOpenMb = rssMb();
  const halfOpen: RawClient[] = [];
  const opening = (async () => {
    for (let i = 0; i < MAX_CONNECTIONS * 2; i += 100) {
      halfOpen.push(...await Promise.all(Array.from({ length: 100 }, () => halfOpenRequest(node.port))));
    }
  })();
  const halfOpenPeakMb = await peakDuring(opening, rssMb);
  raw.push(...halfOpen);
  // The refused ones' close events arrive a moment after their refusal.
  await sleep(1000);
  const refusedAtOnce = halfOpen.filter((c) => c.closed).length;
  const timedOutAfterMs = await waitUntil(() => halfOpen.every((c) => c.closed), 30_000, 'half-open connections to be closed', 200);
  const served = await fetch(`${node.url}/readyz`).then((r) => r.status, () => 0);
  const afterMb = rssMb();

  recordScenario('slow-consumers', {
    recoveryMs: timedOutAfterMs,
    failedRequests: {},
    acknowledgedWritesLost: 0,
    messagesDoubled: 0,
    baselineRssMb: baselineMb,
    floodPeakRssMb: floodPeaks.rss,
    baselineRetainedMb,
    floodPeakRetainedMb: floodPeaks.retained,
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
  // A sliver of what was sent to the stalled sockets stayed in memory: what the node retains (heap and buffers after a
  // full collection; 20 sockets of 256 KB allowed) and, looser, its resident memory, which also holds whatever garbage
  // the old generation has not collected yet (5-28 MB measured with 32 MB semi-spaces, of 243 MB sent).
  expect(floodPeaks.retained - baselineRetainedMb).toBeLessThan(16);
  expect(floodPeaks.rss - baselineMb).toBeLessThan(48);
  // No more than the cap were held: the rest were closed at once (a few slip in as earlier ones time out).
  expect(refusedAtOnce).toBeGreaterThanOrEqual(MAX_CONNECTIONS - senders.length - 50);
  expect(halfOpenPeakMb - beforeHalfOpenMb).toBeLessThan(48);
  expect(served).toBe(200);
  expect(node.child.exitCode).toBeNull();
  expect(unhandledErrors(node)).toEqual([]);
});
