import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openTestDatabase, createTestContext, type TestContext } from '../test/harness.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { databaseRateLimiter } from './rate-limit.ts';
import { DEFAULT_WRITE_LIMITS, writeBucketOf } from './write-limits.ts';

describe('every write of a member is limited', () => {
  let ctx: TestContext;
  let ana: TestUser;
  let ben: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { WRITE_LIMITS: 'comments=5/60,posts=3/3600,other=4/60,likes=4/60,communities=2/3600' } });
    ana = await createUser(ctx.db);
    ben = await createUser(ctx.db);
  });
  afterAll(() => ctx.close());

  const post = (user: TestUser, title = 'T') => ctx.app.inject({ method: 'POST', url: '/api/forumPosts', headers: user.headers, payload: { title, content: 'C' } });

  it('a flood of replies is refused with 429, when to retry, and nothing stored past the limit', async () => {
    const thread = (await post(ana)).json();
    const top = (await ctx.app.inject({ method: 'POST', url: `/api/forumPosts/${thread._id}/comments`, headers: ben.headers, payload: { content: 'Top' } })).json();
    const statuses: number[] = [];
    let refused;
    for (let i = 0; i < 8; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/forumPosts/comments/${top._id}/reply`, headers: ben.headers, payload: { content: `Reply ${i}` } });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) refused = res;
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429, 429, 429]);
    expect(refused!.json().msg).toMatch(/^You are doing that too often\. Please try again in \d+ seconds?\.$/);
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    const comments = (await ctx.app.inject({ url: `/api/forumPosts/${thread._id}/comments`, headers: ana.headers })).json().comments;
    expect(comments).toHaveLength(5);
  });

  it('counts per member and per kind of write', async () => {
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await post(ben, `Post ${i}`)).statusCode);
    expect(results).toEqual([201, 201, 201]);
    expect((await post(ben, 'One more')).statusCode).toBe(429);
    expect((await post(ana, 'Ana still can')).statusCode).toBe(201);
  });

  it('junk bodies count too, and the limit is checked after the sign-in check', async () => {
    const carl = await createUser(ctx.db);
    const junk = () => ctx.app.inject({ method: 'PUT', url: '/api/users/me', headers: carl.headers, payload: { bio: 42 } });
    expect([(await junk()).statusCode, (await junk()).statusCode, (await junk()).statusCode, (await junk()).statusCode]).toEqual([400, 400, 400, 400]);
    expect((await junk()).statusCode).toBe(429);
    const signedOut = await ctx.app.inject({ method: 'PUT', url: '/api/users/me', payload: { bio: 'x' } });
    expect(signedOut.statusCode).toBe(401);
  });

  it('likes and communities are limited too', async () => {
    const dana = await createUser(ctx.db);
    const thread = (await post(ana, 'Likeable')).json();
    const likes = [];
    for (let i = 0; i < 5; i++) likes.push((await ctx.app.inject({ method: 'POST', url: `/api/forumPosts/${thread._id}/like`, headers: dana.headers })).statusCode);
    expect(likes.at(-1)).toBe(429);
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push((await ctx.app.inject({ method: 'POST', url: '/api/communities', headers: dana.headers, payload: { name: `Limit circle ${Date.now()}-${i}`, description: 'x' } })).statusCode);
    }
    expect(made).toEqual([201, 201, 429]);
  });
});

describe('write buckets and settings', () => {
  it('every write route has a bucket; reads and visitors\' writes have none', () => {
    expect(writeBucketOf('POST', '/api/forumPosts/comments/:id/reply')).toBe('comments');
    expect(writeBucketOf('DELETE', '/api/forumPosts/:id')).toBe('other');
    expect(writeBucketOf('GET', '/api/forumPosts/feed')).toBeNull();
    expect(writeBucketOf('POST', '/api/users/login')).toBeNull();
  });

  it('WRITE_LIMITS overrides some buckets and refuses a malformed value', () => {
    const limits = loadConfig({ WRITE_LIMITS: 'posts=5/60' }).limits.writes;
    expect(limits.posts).toEqual({ max: 5, windowMs: 60_000 });
    expect(limits.comments).toEqual(DEFAULT_WRITE_LIMITS.comments);
    expect(() => loadConfig({ WRITE_LIMITS: 'chairs=5/60' })).toThrow(/^Invalid environment variable WRITE_LIMITS/);
    expect(() => loadConfig({ WRITE_LIMITS: 'posts=5' })).toThrow(/WRITE_LIMITS/);
  });
});

describe('database rate limiter (nodes sharing PostgreSQL without Redis)', () => {
  it('two nodes count one window exactly, even when hits race', async () => {
    const database = await openTestDatabase();
    try {
      const nodeA = databaseRateLimiter(database.db);
      const nodeB = databaseRateLimiter(database.db);
      const hits = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? nodeA : nodeB).hitWindow('write:posts:u1', 60_000)));
      expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect(hits.every((h) => h.retryAfterMs > 0 && h.retryAfterMs <= 60_000)).toBe(true);
      expect(await nodeB.count('write:posts:u1')).toBe(40);
      await nodeA.reset('write:posts:u1');
      expect(await nodeB.count('write:posts:u1')).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('starts a new window once the old one has passed', async () => {
    const database = await openTestDatabase();
    try {
      const limiter = databaseRateLimiter(database.db);
      await limiter.hit('k', 30);
      await limiter.hit('k', 30);
      await new Promise((r) => setTimeout(r, 60));
      expect(await limiter.hit('k', 30)).toBe(1);
    } finally {
      await database.close();
    }
  });
});
