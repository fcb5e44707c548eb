// Read routing against a "replica" that is a second, separate database: what a read answers shows where it went.
// The real streaming replica (lag, failures) is tested in faults/read-replicas.test.ts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { communities } from '../db/schema.ts';
import { testConfig } from '../config.ts';
import { createCaches } from './caches.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { createTestContext, openTestDatabase, type TestContext } from '../test/harness.ts';

// Long enough for the reads right after the write on a busy machine.
const STICKY_MS = 2000;
const list = (ctx: TestContext, user: TestUser) =>
  ctx.app.inject({ method: 'GET', url: '/api/communities/search?query=Stale', headers: user.headers }).then((r) => r.body);

describe('with a replica', () => {
  let replica: Awaited<ReturnType<typeof openTestDatabase>>;
  let ctx: TestContext;
  let ana: TestUser;
  let ben: TestUser;

  beforeAll(async () => {
    replica = await openTestDatabase();
    ctx = await createTestContext({
      config: { REPLICA_STICKY_MS: String(STICKY_MS), SEARCH_CACHE_MS: '0' },
      replicas: { db: replica.db, status: () => [], onPrimary: (work) => work(), close: async () => {} },
    });
    [ana, ben] = [await createUser(ctx.db), await createUser(ctx.db)];
    await ctx.db.insert(communities).values({ name: 'Stale check on the primary' });
    await replica.db.insert(communities).values({ name: 'Stale check on the replica' });
  });
  afterAll(async () => {
    await ctx.close();
    await replica.close();
  });

  it('sends a lag-tolerant read to the replica', async () => {
    expect(await list(ctx, ben)).toContain('on the replica');
  });

  it('sends a member\'s reads to the primary for REPLICA_STICKY_MS after their write, and only theirs', async () => {
    const write = await ctx.app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: ana.headers, payload: {} });
    expect(write.statusCode).toBeLessThan(500);
    expect(await list(ctx, ana)).toContain('on the primary');
    expect(await list(ctx, ben)).toContain('on the replica');
    await vi.waitFor(async () => expect(await list(ctx, ana)).toContain('on the replica'), { timeout: STICKY_MS * 5, interval: 100 });
  });
});

it('without replicas, a read uses the primary as before', async () => {
  const ctx = await createTestContext();
  const ana = await createUser(ctx.db);
  await ctx.db.insert(communities).values({ name: 'Stale check, one database' });
  expect(await list(ctx, ana)).toContain('one database');
  await ctx.close();
});

it('knows when an event last cleared each cache, so only those fill from the primary for a while', () => {
  const caches = createCaches(testConfig());
  const handlers: ((payload: unknown) => void)[] = [];
  caches.connect({ fanOut: (_name, payload) => handlers.forEach((h) => h(payload)), onFanOut: (_name, handler) => void handlers.push(handler) });
  const before = performance.now();
  caches.publish({ type: 'forum.written' });
  expect(caches.lastClearedAt('forums:feed')).toBeGreaterThanOrEqual(before);
  expect(caches.lastClearedAt('therapists:featured')).toBe(Number.NEGATIVE_INFINITY);
  caches.close();
});
