// The unread count and the list's first page remembered per node (docs/decisions/0069, 0092): with entries living a
// minute, every change a member's count or list can have (an item stored, read, withdrawn) is seen by the next read, on
// this node and on another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { App } from '../../context.ts';
import { createTestContext, openTestDatabase, type TestContext, startRedisNode } from '../../test/harness.ts';
import { createCommunity, createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';

const MINUTE_CACHE = { UNREAD_COUNT_CACHE_MS: '60000', FIRST_PAGE_CACHE_MS: '60000' };
const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function comment(app: App, author: TestUser, commenter: TestUser, communityId: string) {
  const call = caller(() => app);
  const post = await call('POST', '/api/forumPosts', author, { title: 'Counted', content: 'x', communityId });
  const reply = await call('POST', `/api/forumPosts/${post.body._id}/comments`, commenter, { content: 'y' });
  return reply.body._id as string;
}

describe('on one node', () => {
  let ctx: TestContext;
  const count = async (user: TestUser) => (await caller(() => ctx.app)('GET', '/api/notifications/unread-count', user)).body.count;
  beforeAll(async () => {
    ctx = await createTestContext({ config: MINUTE_CACHE });
    cleanups.push(() => ctx.close());
  });

  it('a new item, reading and a withdrawn item each show in the very next read', async () => {
    const [ana, ben] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const communityId = (await createCommunity(ctx.db, {}, [ana.id, ben.id])).id;
    expect(await count(ana)).toBe(0);
    const first = await comment(ctx.app, ana, ben, communityId);
    expect(await count(ana)).toBe(1);
    await comment(ctx.app, ana, ben, communityId);
    expect(await count(ana)).toBe(2);
    await caller(() => ctx.app)('DELETE', `/api/forumPosts/comments/${first}`, ben);
    expect(await count(ana)).toBe(1);
    await caller(() => ctx.app)('POST', '/api/notifications/read', ana, { all: true });
    expect(await count(ana)).toBe(0);
  });

  it('the first page of the list likewise; other pages and sizes are read as asked', async () => {
    const [ana, ben] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const communityId = (await createCommunity(ctx.db, {}, [ana.id, ben.id])).id;
    const list = async (query = '') => ((await caller(() => ctx.app)('GET', `/api/notifications${query}`, ana)).body.notifications as
      { _id: string; readAt: string | null }[]).map((n) => [n._id, n.readAt === null]);
    expect(await list()).toEqual([]);
    const first = await comment(ctx.app, ana, ben, communityId);
    const [[a]] = await list();
    expect(await list()).toEqual([[a, true]]);
    await comment(ctx.app, ana, ben, communityId);
    const [[b]] = await list();
    expect(await list()).toEqual([[b, true], [a, true]]);
    expect(await list('?limit=1')).toEqual([[b, true]]);
    await caller(() => ctx.app)('POST', '/api/notifications/read', ana, { all: true });
    expect(await list()).toEqual([[b, false], [a, false]]);
    await caller(() => ctx.app)('DELETE', `/api/forumPosts/comments/${first}`, ben);
    expect(await list()).toEqual([[b, false]]);
  });
});

const twoNodes = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

async function startNode(db: Parameters<typeof buildApp>[0]['db']): Promise<App> {
  const node = await startRedisNode(db, { config: MINUTE_CACHE });
  cleanups.push(node.close);
  return node.app;
}

it.skipIf(!twoNodes)('a count cached on one node follows an item stored through the other', { timeout: 60_000 }, async () => {
  const database = await openTestDatabase();
  cleanups.push(() => database.close());
  const [nodeA, nodeB] = [await startNode(database.db), await startNode(database.db)];
  const [ana, ben] = await Promise.all([createUser(database.db), createUser(database.db)]);
  const communityId = (await createCommunity(database.db, {}, [ana.id, ben.id])).id;
  const countOnB = async () => (await caller(() => nodeB)('GET', '/api/notifications/unread-count', ana)).body.count;
  expect(await countOnB()).toBe(0);
  await comment(nodeA, ana, ben, communityId);
  // The word travels through Redis: well within a second, against the minute the entry would otherwise live.
  await expect.poll(countOnB, { timeout: 1000, interval: 5 }).toBe(1);
  const listOnB = async () => (await caller(() => nodeB)('GET', '/api/notifications', ana)).body.notifications.length;
  expect(await listOnB()).toBe(1);
  await comment(nodeA, ana, ben, communityId);
  await expect.poll(listOnB, { timeout: 1000, interval: 5 }).toBe(2);
});
