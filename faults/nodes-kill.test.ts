// Scenario 1: one of two nodes is killed (SIGKILL) while 200 members chat across both over Redis.
// Clients reconnect through the balancer to the survivor within the spec's reconnection defaults; every acknowledged
// message is stored once and, after each client fetches what it missed, shown once on both sides; presence heals.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REALTIME_CLIENT_OPTIONS } from '../common/constants.ts';
import type { Database } from '../server/db/client.ts';
import { startBalancer, type Balancer } from './harness/balancer.ts';
import { chatter, closeFleet, connectFleet, deliveryFigures, fetchMissed, type ChatMember } from './harness/chat.ts';
import { openMigrated, seedMembers, storedMessages, type Member } from './harness/members.ts';
import { startNode, stopAllNodes, unhandledErrors, type AppNode } from './harness/nodes.ts';
import { startPostgres, type PrivatePostgres } from './harness/postgres.ts';
import { startRedis, type PrivateRedis } from './harness/redis.ts';
import { sleep, waitUntil } from './harness/wait.ts';
import { recordScenario } from './results.ts';

const MEMBERS = 200;
let pg: PrivatePostgres;
let redis: PrivateRedis;
let database: Database;
let members: Member[];
let nodes: AppNode[];
let balancer: Balancer;
let fleet: ChatMember[] = [];

beforeAll(async () => {
  pg = startPostgres(5440);
  redis = await startRedis(6390);
  database = await openMigrated(pg.url);
  members = await seedMembers(database, MEMBERS);
  // One after the other: two nodes starting together on an empty database race on the administrator's row.
  nodes = [];
  for (const port of [3300, 3301]) nodes.push(await startNode({ port, databaseUrl: pg.url, redisUrl: redis.url }));
  balancer = await startBalancer(3302, [3300, 3301]);
});

afterAll(async () => {
  closeFleet(fleet);
  await balancer?.close();
  await stopAllNodes();
  await database?.close();
  await redis?.destroy();
  pg?.destroy();
});

// A client's first attempt comes after the spec's first delay with its randomisation (1000 ms ± 50%) and, through the
// balancer, succeeds: its time away is that delay plus one handshake on a survivor taking a hundred at once (measured
// up to ~3 s on the shared 2-core machine). Past the spec's longest delay (5 s) would mean attempts failed.
const RECONNECT_BOUND_MS = REALTIME_CLIENT_OPTIONS.reconnectionDelayMax;

it('loses no acknowledged message, doubles none, and every client is back on the survivor in time', async () => {
  fleet = await connectFleet(balancer.url, members);
  const [victim, survivor] = nodes;
  const load = chatter(fleet, 2000);
  await sleep(4000);

  const killedAt = Date.now();
  victim.child.kill('SIGKILL');
  await victim.exited;
  const dropped = () => fleet.filter((c) => c.disconnects.some((t) => t >= killedAt));
  // The victim's clients notice (about half of them: the balancer alternates), then every one is connected again.
  await waitUntil(() => dropped().length >= MEMBERS / 4, 10_000, 'the victim\'s clients to notice');
  const recoveryMs = await waitUntil(() => dropped().every((c) => c.socket.connected && c.connects.at(-1)! > killedAt), 30_000, 'reconnections');
  const movedOver = dropped().length;
  // Each client's own time away: from its disconnection to its new connection.
  const away = dropped().map((c) => c.connects.at(-1)! - c.disconnects.find((t) => t >= killedAt)!).sort((a, b) => a - b);
  const failedAttempts = dropped().reduce((sum, c) => sum + [...c.connectErrors.values()].reduce((a, b) => a + b, 0), 0);
  await sleep(4000);
  const tally = await load.stop();

  // After a reconnection the web client reads the open conversation; everyone does it here.
  for (const chat of fleet) await fetchMissed(balancer.url, chat);
  const figures = deliveryFigures(fleet, await storedMessages(database));

  // Presence heals: a member who leaves for good after the kill is shown offline to their partner once the dead
  // node's records are swept, and everyone else is online to theirs.
  const leaver = fleet.find((c) => c.member.n % 2 === 1)!;
  const partner = fleet.find((c) => c.member.n === leaver.member.partner)!;
  leaver.socket.disconnect();
  const presenceHealMs = await waitUntil(() => !partner.onlinePartners.has(leaver.member.id), 60_000, 'presence to heal', 100);
  const others = fleet.filter((c) => c !== leaver && c !== partner);
  const onlineRight = others.every((c) => c.onlinePartners.has(fleet.find((o) => o.member.n === c.member.partner)!.member.id));

  recordScenario('nodes-kill', {
    recoveryMs,
    failedRequests: { ...tally.refusals },
    acknowledgedWritesLost: figures.ackedLost,
    messagesDoubled: figures.storedTwice,
    members: MEMBERS,
    clientsMovedOver: movedOver,
    messagesSent: tally.sent,
    messagesAcknowledged: figures.acked,
    sendRetries: tally.retries,
    acknowledgedNotShownAfterFetch: figures.notShown,
    liveRepeatsDroppedById: figures.repeatedLive,
    presenceHealMs,
    clientAwayMsP50: away[Math.floor(away.length / 2)],
    clientAwayMsMax: away.at(-1),
    failedReconnectAttempts: failedAttempts,
    reconnectBoundMs: RECONNECT_BOUND_MS,
  });

  expect(movedOver).toBeGreaterThan(MEMBERS / 4);
  expect(away.at(-1)).toBeLessThan(RECONNECT_BOUND_MS);
  expect(failedAttempts).toBe(0);
  expect(figures.acked).toBeGreaterThan(MEMBERS * 3);
  expect(tally.acked).toBe(tally.sent);
  expect(figures.ackedLost).toBe(0);
  expect(figures.storedTwice).toBe(0);
  expect(figures.notShown).toBe(0);
  expect(onlineRight).toBe(true);
  expect(unhandledErrors(survivor)).toEqual([]);
});
