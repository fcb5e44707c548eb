import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createUser, type TestUser } from '../test/factories.ts';

// The cases an attack on the running app found answering 500; each must be a 400 {msg} that changes nothing.
let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await createUser(ctx.db);
});
afterAll(() => ctx.close());

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('a NUL character anywhere', () => {
  it.each([
    ['POST', '/api/forumPosts', { title: 'Hello\u0000', content: 'x' }],
    ['POST', '/api/communities', { name: 'Grief\u0000 circle', description: 'x' }],
    ['PUT', '/api/users/me', { bio: 'a\u0000b' }],
    ['POST', '/api/users/login', { email: 'a\u0000@b.test', password: 'whatever-password' }],
    ['POST', '/api/users/forgot-password', { email: 'a@b.test\u0000' }],
    ['GET', '/api/forumPosts/search?query=grief%00', undefined],
    ['GET', '/api/communities/search?query=%00', undefined],
    ['GET', '/api/users?search=%00', undefined],
    ['GET', '/api/resources/search?query=a%00b', undefined],
  ])('%s %s answers 400 {msg}', async (method, url, payload) => {
    const res = await ctx.app.inject({ method: method as 'GET', url, payload, headers: user.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/NUL/);
  });
});

describe('cursors holding impossible values', () => {
  it.each([
    '/api/activity/feed?before=0000-01-01T00:00:00Z',
    '/api/activity/feed?before=2026-13-01T00:00:00Z',
    '/api/activity/feed?before=2026-02-30T00:00:00Z',
    `/api/forumPosts/feed?before=${b64(`2026-13-01T00:00:00.000000Z|${ID}`)}`,
    `/api/forumPosts/feed?before=${b64(`0000-01-01T00:00:00.000000Z|${ID}`)}`,
    `/api/forumPosts/search?query=grief&before=${b64(`w|||||1e999|2026-01-01T00:00:00.000000Z|${ID}`)}`,
    `/api/forumPosts/search?query=grief&before=${b64(`w|||||1e-50|2026-01-01T00:00:00.000000Z|${ID}`)}`,
    `/api/forumPosts/search?query=grief&before=${b64(`n|9999-99-99T00:00:00.000000Z|${ID}`)}`,
  ])('%s answers 400 {msg}', async (url) => {
    const res = await ctx.app.inject({ url, headers: user.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^Invalid (before|after)/);
  });

  it('a comment page after an impossible date answers 400 {msg}', async () => {
    const post = await ctx.app.inject({ method: 'POST', url: '/api/forumPosts', headers: user.headers, payload: { title: 'T', content: 'C' } });
    const url = `/api/forumPosts/${post.json()._id}/comments?after=${b64(`2026-01-32T00:00:00.000000Z|${ID}`)}`;
    const res = await ctx.app.inject({ url, headers: user.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^Invalid after/);
  });
});

describe('a path that is not valid percent-encoding', () => {
  // Fastify's router refused these before any hook, in its own shape ({error, message, statusCode}).
  it.each(['/api/users/reset-password/%E2%80', '/api/users/%FF', '/api/forumPosts/%C0%80'])('%s answers 400 {msg, code}', async (url) => {
    const res = await ctx.app.inject({ method: url.includes('reset') ? 'POST' : 'GET', url, headers: user.headers, payload: url.includes('reset') ? { password: 'x' } : undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: 'Malformed address: a part of the path is not valid percent-encoding.', code: 'BAD_REQUEST' });
  });
});
