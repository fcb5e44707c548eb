// Anyone can create a pending account with made-up licence details, so what members write
// (posts, comments, profiles, conversations, the activity feed) is read only by verified members and administrators.
// A pending or rejected member reads their own profile, the verification screens and the public pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { caller } from '../test/http.ts';
import { createAdmin, createCommunity, createUser, type TestUser } from '../test/factories.ts';

let ctx: TestContext;
let author: TestUser;
let friend: TestUser;
let verifiedReader: TestUser;
let pending: TestUser;
let rejected: TestUser;
let admin: TestUser;
const call = caller(() => ctx.app);
const NOT_VERIFIED = { msg: 'Your licence has not been verified yet.', code: 'NOT_VERIFIED' };

let routes: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  author = await createUser(ctx.db, { name: 'Ana Author' });
  friend = await createUser(ctx.db, { name: 'Fay Friend' });
  verifiedReader = await createUser(ctx.db, { name: 'Vic Verified' });
  pending = await createUser(ctx.db, { status: 'pending' });
  rejected = await createUser(ctx.db, { status: 'rejected' });
  admin = await createAdmin(ctx.db);
  const group = await createCommunity(ctx.db, { name: 'Reading Group' }, [author.id]);
  const post = (await call('POST', '/api/forumPosts', author, { title: 'Case pacing', content: 'Body', communityId: group.id })).body;
  await call('POST', `/api/forumPosts/${post._id}/comments`, author, { content: 'A comment' });
  const conversation = (await call('POST', '/api/conversations', author, { recipientId: verifiedReader.id })).body;
  await call('PATCH', `/api/users/favorites/${friend.id}`, author);
  routes = [
    '/api/forumPosts/feed', '/api/forumPosts/search?query=pacing', `/api/forumPosts/community/${group.id}`,
    `/api/forumPosts/search/${group.id}?query=pacing`, `/api/forumPosts/${post._id}`, `/api/forumPosts/${post._id}/comments`,
    '/api/activity/feed', '/api/communities/joined', '/api/communities/recommendations',
    `/api/users/${author.id}`, '/api/conversations', `/api/conversations/${conversation._id}`,
    `/api/conversations/${conversation._id}/messages`,
    // The top bar's search finds posts.
    '/api/search?q=pacing',
  ];
});
afterAll(async () => {
  await ctx?.close();
});

describe('reads of members\' content', () => {
  it('answer a visitor 401', async () => {
    for (const url of routes) expect((await call('GET', url)).status, url).toBe(401);
  });

  it('answer a pending member 403 NOT_VERIFIED', async () => {
    for (const url of routes) expect(await call('GET', url, pending), url).toEqual({ status: 403, body: NOT_VERIFIED });
  });

  it('answer a rejected member 403 NOT_VERIFIED', async () => {
    for (const url of routes) expect(await call('GET', url, rejected), url).toEqual({ status: 403, body: NOT_VERIFIED });
  });

  it('answer a verified member and an administrator 200', async () => {
    // The conversation's own routes answer its participants (the author and Vic); the admin is not one.
    for (const url of routes) expect((await call('GET', url, verifiedReader)).status, url).toBe(200);
    for (const url of routes.filter((u) => !u.startsWith('/api/conversations/'))) {
      expect((await call('GET', url, admin)).status, url).toBe(200);
    }
  });

  it('pinning in a conversation is refused to a pending member before the body is read', async () => {
    const res = await call('PATCH', '/api/conversations/00000000-0000-4000-8000-000000000000/pin', pending, { messageId: 'junk' });
    expect(res).toEqual({ status: 403, body: NOT_VERIFIED });
  });
});

describe('what a pending or rejected member still reads', () => {
  it('their own profile, by id and as /me, and their own favourites', async () => {
    for (const member of [pending, rejected]) {
      const own = await call('GET', `/api/users/${member.id}`, member);
      expect(own.status).toBe(200);
      expect(own.body.email).toBe(member.email);
      expect((await call('GET', '/api/users/me', member)).status).toBe(200);
      expect((await call('GET', '/api/users/me/favorites', member)).status).toBe(200);
    }
  });

  it('the public pages: directory, communities and resources', async () => {
    for (const url of ['/api/users', '/api/communities', '/api/communities/search?query=Reading', '/api/resources']) {
      expect((await call('GET', url, pending)).status, url).toBe(200);
    }
  });

  it('an unknown or malformed profile id is 403 too, so it tells nothing about who exists', async () => {
    expect(await call('GET', '/api/users/00000000-0000-4000-8000-000000000000', pending)).toEqual({ status: 403, body: NOT_VERIFIED });
    expect(await call('GET', '/api/users/not-an-id', pending)).toEqual({ status: 403, body: NOT_VERIFIED });
  });
});

describe('a pending or rejected member\'s own account settings (/settings, while waiting for verification)', () => {
  it('reads their security and privacy settings: two-factor, sessions, who can message, blocks, data exports', async () => {
    for (const member of [pending, rejected]) {
      for (const url of ['/api/users/me/2fa', '/api/users/me/sessions', '/api/users/me/privacy', '/api/users/me/blocked', '/api/users/me/export']) {
        expect((await call('GET', url, member)).status, url).toBe(200);
      }
    }
  });

  it('changes them: who can message, a password, other sessions ended, a copy of their data, the account deleted', async () => {
    const member = await createUser(ctx.db, { status: 'pending' });
    expect((await call('PUT', '/api/users/me/privacy', member, { whoCanMessage: 'network' })).body).toMatchObject({ whoCanMessage: 'network' });
    expect((await call('DELETE', '/api/users/me/sessions', member)).status).toBe(200);
    expect((await call('POST', '/api/users/me/export', member)).status).toBe(202);
    const changed = await call('POST', '/api/users/me/password', member, { currentPassword: member.password, newPassword: 'a-new-long-password-2026' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const deleted = await call('DELETE', '/api/users/me', member, { password: 'a-new-long-password-2026' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
  });

  it('notification settings wait for verification: 403 NOT_VERIFIED', async () => {
    for (const member of [pending, rejected]) {
      expect(await call('GET', '/api/notifications/preferences', member)).toEqual({ status: 403, body: NOT_VERIFIED });
      expect(await call('PUT', '/api/notifications/preferences', member, { timeZone: 'UTC' })).toEqual({ status: 403, body: NOT_VERIFIED });
    }
  });
});

describe('favourites on GET /api/users/{id}', () => {
  it('are shown to their owner', async () => {
    const own = await call('GET', `/api/users/${author.id}`, author);
    expect(own.body.favorites).toEqual([expect.objectContaining({ _id: friend.id, name: 'Fay Friend' })]);
  });

  it('are empty for any other reader, verified member or administrator', async () => {
    for (const reader of [verifiedReader, admin]) {
      const res = await call('GET', `/api/users/${author.id}`, reader);
      expect(res.status).toBe(200);
      expect(res.body.favorites).toEqual([]);
    }
  });
});
