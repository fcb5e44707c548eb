// Every JSON answer to a signed-in request is that member's own: `Cache-Control: private, no-store`, so neither a
// shared cache nor the browser keeps it. Answers that choose their own caching (public avatars) keep theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createAdmin, createUser, type TestUser } from '../test/factories.ts';

let ctx: TestContext;
let member: TestUser;
let pending: TestUser;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  member = await createUser(ctx.db);
  pending = await createUser(ctx.db, { status: 'pending' });
  admin = await createAdmin(ctx.db);
});
afterAll(() => ctx.close());

const header = async (method: string, url: string, user?: TestUser, payload?: object) => {
  const res = await ctx.app.inject({ method: method as 'GET', url, headers: user?.headers, payload });
  return { status: res.statusCode, type: String(res.headers['content-type']), cache: res.headers['cache-control'] };
};

describe('Cache-Control on signed-in JSON answers', () => {
  it.each([
    ['GET', '/api/users/me'],
    ['GET', '/api/notifications'],
    ['GET', '/api/conversations'],
    ['GET', '/api/users'],
    ['GET', '/api/forumPosts/feed'],
    ['GET', '/api/users/me/export'],
  ])('%s %s answers private, no-store for a member, a pending member and an administrator', async (method, url) => {
    for (const user of [member, pending, admin]) {
      const answer = await header(method, url, user);
      expect(answer.type, `${url} as ${user.email}`).toMatch(/^application\/json/);
      expect(answer.cache, `${url} as ${user.email} (${answer.status})`).toBe('private, no-store');
    }
  });

  it('a write and a refusal answered to a signed-in member carry it too', async () => {
    expect((await header('POST', '/api/forumPosts', member, { title: 'T', content: 'C' })).cache).toBe('private, no-store');
    expect((await header('POST', '/api/forumPosts', member, { title: '' })).cache).toBe('private, no-store');
    expect((await header('GET', `/api/users/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, member)).cache).toBe('private, no-store');
  });

  it('a token the server no longer knows still gets an answer nobody keeps', async () => {
    const res = await ctx.app.inject({ url: '/api/users/me', headers: { 'x-auth-token': 'a'.repeat(64) } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('a visitor\'s public answer is left to its route', async () => {
    expect((await header('GET', '/api/users')).cache).toBeUndefined();
  });
});
