// Read replicas on PostgreSQL's own streaming replication: a private primary and a hot standby (pg_basebackup -R),
// two app nodes sharing Redis. Lag-tolerant reads are served by the standby; a member reads their own write on the
// other node at once; a standby whose replay is paused is left out once its lag passes the bound, and comes back;
// a standby killed under load costs members no failed request (its statements rerun on the primary).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client.ts';
import { failures, timedRequest, type Request } from './harness/load.ts';
import { openMigrated, seedMembers, type Member } from './harness/members.ts';
import { startNode, stopAllNodes, unhandledErrors, type AppNode } from './harness/nodes.ts';
import { startPostgres, type PrivatePostgres } from './harness/postgres.ts';
import { startRedis, type PrivateRedis } from './harness/redis.ts';
import { startStandby, type PrivateStandby } from './harness/standby.ts';
import { sleep, waitUntil } from './harness/wait.ts';
import { recordScenario } from './results.ts';

const MAX_LAG_MS = 4000;
const CLIENT_TIMEOUT_MS = 15_000;
let primary: PrivatePostgres;
let standby: PrivateStandby;
let redis: PrivateRedis;
let database: Database;
let members: Member[];
let nodes: AppNode[];

beforeAll(async () => {
  primary = startPostgres(5451);
  database = await openMigrated(primary.url);
  members = await seedMembers(database, 30);
  standby = startStandby(primary, 5452);
  redis = await startRedis(6394);
  const env = {
    DATABASE_REPLICA_URLS: standby.url, REPLICA_MAX_LAG_MS: String(MAX_LAG_MS), REPLICA_STICKY_MS: String(MAX_LAG_MS + 2000),
    REPLICA_CHECK_MS: '200',
    // Every read reaches a database: what this file watches is where it goes, not what a node remembers.
    FORUM_CACHE_MS: '0', SEARCH_CACHE_MS: '0', DIRECTORY_CACHE_MS: '0', UNREAD_COUNT_CACHE_MS: '0', REFERRAL_COUNTS_CACHE_MS: '0',
    WRITE_LIMITS: 'posts=100000/60,resources=100000/60,other=100000/60',
  };
  nodes = await Promise.all([3351, 3352].map((port) => startNode({ port, databaseUrl: primary.url, redisUrl: redis.url, env })));
  await waitForLog(BACK, [0, 0]);
});

afterAll(async () => {
  await stopAllNodes();
  await database?.close();
  standby?.destroy();
  primary?.destroy();
  await redis?.destroy();
});

const BACK = /Read replica 1 back in rotation/g;
const LAGGING = /Read replica 1 left out \(lag \d+ ms\)/g;
const FAILED = /Read replica 1 left out \((failed|unreachable)/g;
const counts = (pattern: RegExp) => nodes.map((n) => n.output().match(pattern)?.length ?? 0);

/** Waits until every node has logged `pattern` more often than the counts `before`. */
const waitForLog = (pattern: RegExp, before: number[], timeoutMs = 30_000) => waitUntil(
  () => counts(pattern).every((n, i) => n > before[i]), timeoutMs, `every node to log ${pattern.source}`, 100,
);

const get = async (node: AppNode, member: Member, path: string) => {
  const answer = await timedRequest(node.url, member.token, { method: 'GET', path }, CLIENT_TIMEOUT_MS);
  expect(answer.status).toBe('200');
  return answer.text;
};

it('serves reads from the standby, each member\'s own writes from the primary, and leaves out a lagging standby', async () => {
  const [writer, reader] = members;
  const [nodeA, nodeB] = nodes;
  const backBefore = counts(BACK);
  const lagBefore = counts(LAGGING);
  await standby.pauseReplay();
  const pausedAt = Date.now();
  // Written on the primary behind the app's back (no cache event): only a read served by the standby can miss it.
  await database.db.execute(sql`INSERT INTO communities (name, description) VALUES ('Zephyrine replica proof', 'Seen only on the primary')`);
  const search = '/api/communities/search?query=Zephyrine';
  const missedByStandby = !(await get(nodeB, reader, search)).includes('Zephyrine replica proof');
  const readWithinMs = Date.now() - pausedAt;

  // The writer posts through one node and reads the forum feed through the other at once: their own post is there.
  const posted = await timedRequest(nodeA.url, writer.token, {
    method: 'POST', path: '/api/forumPosts', body: { title: 'Read your own write', content: 'Across nodes, under a paused standby.' },
  } satisfies Request, CLIENT_TIMEOUT_MS);
  expect(posted.status).toBe('201');
  const ownWriteSeen = (await get(nodeB, writer, '/api/forumPosts/feed')).includes('Read your own write');

  // Replay still paused: the lag grows past the bound, the standby is left out, the primary answers everyone.
  await waitForLog(LAGGING, lagBefore, MAX_LAG_MS + 15_000);
  const leftOutAfterPauseMs = Date.now() - pausedAt;
  const seenOnPrimary = (await get(nodeB, reader, search)).includes('Zephyrine replica proof');
  await standby.resumeReplay();
  const backMs = await waitForLog(BACK, backBefore);

  recordScenario('read-replicas-lag', {
    recoveryMs: backMs, failedRequests: {}, acknowledgedWritesLost: 0, messagesDoubled: 0,
    readServedByStandby: missedByStandby, readWithinMs, ownWriteSeenOnOtherNode: ownWriteSeen,
    leftOutAfterPauseMs, maxLagMs: MAX_LAG_MS,
  });
  expect(readWithinMs).toBeLessThan(MAX_LAG_MS);
  expect(missedByStandby).toBe(true);
  expect(ownWriteSeen).toBe(true);
  expect(seenOnPrimary).toBe(true);
});

// What members read most, over both nodes, with some writes among them.
const READS = ['/api/communities?page=1&limit=20', '/api/forumPosts/feed', '/api/users?limit=20', '/api/notifications/unread-count',
  '/api/search?q=fault', '/api/referrals/counts', '/api/activity/feed'];

it('loses the standby under load without a failed request, and takes it back when it returns', async () => {
  const byStatus: Record<string, number> = {};
  let running = true;
  const loops = members.map(async (member, i) => {
    for (let seq = 0; running; seq++) {
      const node = nodes[(i + seq) % 2];
      const request: Request = seq % 5 === 4
        ? { method: 'POST', path: '/api/forumPosts', body: { title: `Under load ${member.n}-${seq}`, content: 'A post while the standby goes.' } }
        : { method: 'GET', path: READS[(i + seq) % READS.length] };
      const answer = await timedRequest(node.url, member.token, request, CLIENT_TIMEOUT_MS);
      byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
      await sleep(20);
    }
  });
  await sleep(2000);
  const before = Object.values(byStatus).reduce((a, b) => a + b, 0);
  const [failedBefore, backBefore] = [counts(FAILED), counts(BACK)];
  standby.stop('immediate');
  const killedAt = Date.now();
  const leftOutMs = await waitForLog(FAILED, failedBefore, 15_000);
  await sleep(2000);
  standby.start();
  const backMs = await waitForLog(BACK, backBefore);
  await sleep(1000);
  running = false;
  await Promise.all(loops);
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0);

  recordScenario('read-replicas-kill', {
    recoveryMs: Date.now() - killedAt, failedRequests: failures(byStatus), acknowledgedWritesLost: 0, messagesDoubled: 0,
    requests: total, requestsBeforeKill: before, leftOutAfterKillMs: leftOutMs, backAfterRestartMs: backMs,
  });
  expect(before).toBeGreaterThan(0);
  expect(failures(byStatus)).toEqual({});
  for (const node of nodes) {
    expect(node.child.exitCode).toBeNull();
    expect(unhandledErrors(node)).toEqual([]);
  }
});
