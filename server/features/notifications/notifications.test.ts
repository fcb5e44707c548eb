// Notifications: each type created by its action and by nothing else, grouping, withdrawal, preferences,
// the centre's routes for every role, follows and mention suggestions. Emails: email.test.ts; realtime: realtime.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { NOT_VERIFIED } from '../../lib/auth.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createCommunity, createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { mentionMarkup } from '../../../common/mentions.ts';
import { DEFAULT_PREFERENCES, type NotificationItem } from '../../../common/notifications.ts';
import { resources } from '../../db/schema.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
let ana: TestUser, ben: TestUser, cai: TestUser, dee: TestUser, admin: TestUser, pending: TestUser;
let community: { id: string; name: string };
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestContext();
  [ana, ben, cai, dee] = await Promise.all(['Ana Okafor', 'Ben Mensah', 'Cai Lindqvist', 'Dee Amari'].map((name) => createUser(ctx.db, { name })));
  admin = await createAdmin(ctx.db, { name: 'Ada Admin' });
  pending = await createUser(ctx.db, { name: 'Pat Pending', status: 'pending' });
  community = await createCommunity(ctx.db, { name: 'Trauma-Informed Care' }, [ana.id, ben.id, cai.id, dee.id]);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.app.jobs.settled();
  await ctx.db.execute(sql`DELETE FROM posts`);
  await ctx.db.execute(sql`DELETE FROM notifications`);
  await ctx.db.execute(sql`DELETE FROM notification_preferences`);
  await ctx.db.execute(sql`DELETE FROM blocks`);
  await ctx.db.execute(sql`UPDATE users SET time_zone = NULL`);
  await ctx.db.execute(sql`DELETE FROM jobs`);
});

async function list(user: TestUser): Promise<NotificationItem[]> {
  await ctx.app.jobs.settled();
  const res = await call('GET', '/api/notifications', user);
  expect(res.status).toBe(200);
  return res.body.notifications;
}
const types = async (user: TestUser) => (await list(user)).map((n) => n.type);
const unread = async (user: TestUser) => (await call('GET', '/api/notifications/unread-count', user)).body.count as number;

async function post(author: TestUser, content = 'What helps with pacing?', title = 'EMDR pacing'): Promise<string> {
  const res = await call('POST', '/api/forumPosts', author, { title, content, communityId: community.id });
  expect(res.status).toBe(201);
  return res.body._id;
}
async function comment(author: TestUser, postId: string, content = 'Go slowly.'): Promise<string> {
  const res = await call('POST', `/api/forumPosts/${postId}/comments`, author, { content });
  expect(res.status).toBe(201);
  return res.body._id;
}
async function reply(author: TestUser, commentId: string, content = 'Agreed.'): Promise<string> {
  const res = await call('POST', `/api/forumPosts/comments/${commentId}/reply`, author, { content });
  expect(res.status).toBe(201);
  return res.body._id;
}
const mention = (user: TestUser) => mentionMarkup(user.name, user.id);

describe('what creates a notification', () => {
  it('a comment on my post: "replied to your post", with who, where and a link; never to the commenter', async () => {
    const postId = await post(ana);
    const commentId = await comment(ben, postId, 'A private clinical detail');
    const [item] = await list(ana);
    expect(item).toEqual({
      _id: expect.any(String), type: 'postReply', count: 1, readAt: null, createdAt: expect.any(String), detail: null,
      actors: [{ _id: ben.id, name: 'Ben Mensah', avatar: null }],
      target: { kind: 'comment', _id: commentId, title: 'EMDR pacing', url: `/post/${postId}#comment-${commentId}` },
    });
    expect(JSON.stringify(item)).not.toContain('private clinical');
    expect(await list(ben)).toEqual([]);
    expect(await unread(ana)).toBe(1);
    await comment(ana, postId); // the author's own comment tells no one
    expect(await types(ana)).toEqual(['postReply']);
    expect(await types(ben)).toEqual([]); // commenting does not follow the post
  });

  it('a reply to my comment: the comment author hears "replied to your comment", the post author "replied to your post", once each', async () => {
    const postId = await post(ana);
    const benComment = await comment(ben, postId);
    await reply(cai, benComment);
    expect(await types(ben)).toEqual(['commentReply']);
    expect(await types(ana)).toEqual(['postReply', 'postReply']);
    expect(await types(cai)).toEqual([]);
  });

  it('a reply that also mentions me is one notification', async () => {
    const postId = await post(ana);
    const benComment = await comment(ben, postId);
    await reply(cai, benComment, `Good point ${mention(ben)} and ${mention(ana)}`);
    expect(await types(ben)).toEqual(['commentReply']);
    expect(await types(ana)).toEqual(['postReply', 'postReply']); // ben's comment, then cai's reply (not also a mention)
  });

  it('a mention in a post or comment tells the member, unless they are blocked either way or not verified', async () => {
    await ctx.db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${dee.id}, ${ana.id})`);
    const postId = await post(ana, `Asking ${mention(ben)}, ${mention(dee)}, ${mention(pending)} and ${mention(ana)}`);
    expect(await types(ben)).toEqual(['mention']);
    expect(await types(dee)).toEqual([]);
    expect(await queryRows(ctx.db, sql`SELECT 1 FROM notifications WHERE user_id = ${pending.id}`)).toEqual([]);
    expect(await types(ana)).toEqual([]);
    await comment(cai, postId, `cc ${mention(dee)}`);
    expect(await types(dee)).toEqual(['mention']);
    const [item] = await list(dee);
    expect(item.actors[0]._id).toBe(cai.id);
  });

  it('a new comment in a thread I follow; unfollowing stops it; authors follow their own posts', async () => {
    const postId = await post(ana);
    expect((await call('GET', `/api/forumPosts/${postId}`, ana)).body.following).toBe(true);
    expect((await call('GET', `/api/forumPosts/${postId}`, dee)).body.following).toBe(false);
    expect(await call('PUT', `/api/forumPosts/${postId}/follow`, dee)).toEqual({ status: 200, body: { following: true } });
    expect((await call('GET', `/api/forumPosts/${postId}`, dee)).body.following).toBe(true);
    await comment(ben, postId);
    expect(await types(dee)).toEqual(['followedThreadComment']);
    expect(await types(ana)).toEqual(['postReply']); // the author hears it once, as a reply
    expect(await call('DELETE', `/api/forumPosts/${postId}/follow`, dee)).toEqual({ status: 200, body: { following: false } });
    await comment(cai, postId);
    expect(await types(dee)).toEqual(['followedThreadComment']);
    expect(await call('PUT', `/api/forumPosts/${UNKNOWN}/follow`, dee)).toMatchObject({ status: 404 });
  });

  it('likes on my post are grouped in one item, newest liker first, "X and N others"', async () => {
    const postId = await post(ana);
    for (const liker of [ben, cai, dee]) expect((await call('POST', `/api/forumPosts/${postId}/like`, liker, { liked: true })).status).toBe(200);
    await call('POST', `/api/forumPosts/${postId}/like`, ana, { liked: true }); // my own like tells no one
    const items = await list(ana);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'postLike', count: 3, target: { kind: 'post', _id: postId, title: 'EMDR pacing' } });
    expect(items[0].actors.map((a) => a._id)).toEqual([dee.id, cai.id, ben.id]);
    // Read, then a new like brings the same item back to the top, unread.
    await call('POST', '/api/notifications/read', ana, { all: true });
    await call('POST', `/api/forumPosts/${postId}/like`, ben, { liked: false });
    await call('POST', `/api/forumPosts/${postId}/like`, ben, { liked: true });
    const [again] = await list(ana);
    expect(again).toMatchObject({ _id: items[0]._id, readAt: null, count: 3 });
    expect(again.actors.map((a) => a._id)).toEqual([ben.id, dee.id, cai.id]);
  });

  it('likes on my comment are grouped per comment', async () => {
    const postId = await post(ana);
    const benComment = await comment(ben, postId);
    await call('POST', `/api/forumPosts/comments/${benComment}/like`, cai, { liked: true });
    await call('POST', `/api/forumPosts/comments/${benComment}/like`, dee, { liked: true });
    const items = await list(ben);
    expect(items.map((n) => [n.type, n.count])).toEqual([['commentLike', 2]]);
    expect(items[0].target).toMatchObject({ kind: 'comment', _id: benComment });
  });

  it('licence verified and declined, by the administrator\'s decision', async () => {
    const applicant = await createUser(ctx.db, { name: 'Ali Applicant', status: 'pending' });
    expect((await call('PATCH', `/api/admin/verifications/${applicant.id}`, admin, { approved: true })).status).toBe(200);
    expect(await types(applicant)).toEqual(['licenceVerified']);
    const other = await createUser(ctx.db, { name: 'Oli Other', status: 'pending' });
    expect((await call('PATCH', `/api/admin/verifications/${other.id}`, admin, { approved: false, reason: 'Number not found' })).status).toBe(200);
    const rows = await queryRows<{ type: string }>(ctx.db, sql`SELECT type FROM notifications WHERE user_id = ${other.id}`);
    expect(rows).toEqual([{ type: 'licenceDeclined' }]);
  });

  it('resource approved and declined, to the submitter', async () => {
    const body = { title: 'Grounding handout', link: 'https://example.org/g', category: 'Handouts', description: 'One page.' };
    const [approved, declined] = await ctx.db.insert(resources).values([
      { ...body, createdBy: ben.id, isApproved: false }, { ...body, title: 'Other', createdBy: ben.id, isApproved: false },
    ]).returning({ id: resources.id });
    expect((await call('PATCH', `/api/resources/${approved.id}/approve`, admin)).status).toBe(200);
    expect((await call('DELETE', `/api/resources/${declined.id}`, admin)).status).toBe(200);
    const items = await list(ben);
    expect(items.map((n) => [n.type, n.target.title])).toEqual([['resourceDeclined', 'Other'], ['resourceApproved', 'Grounding handout']]);
  });

  it('nothing else creates one: reading, searching, joining, following, creating a post without mentions', async () => {
    const postId = await post(ana);
    await call('GET', `/api/forumPosts/${postId}`, ben);
    await call('GET', '/api/forumPosts/feed', ben);
    await call('GET', '/api/forumPosts/search?query=pacing', ben);
    await call('PUT', `/api/forumPosts/${postId}/follow`, ben);
    await post(ben);
    for (const user of [ana, ben, cai, dee]) expect(await list(user)).toEqual([]);
  });
});

describe('withdrawal', () => {
  it('a deleted comment withdraws what it caused; a deleted post withdraws everything about it', async () => {
    const postId = await post(ana);
    const benComment = await comment(ben, postId, `hi ${mention(dee)}`);
    await call('POST', `/api/forumPosts/comments/${benComment}/like`, cai, { liked: true });
    const caiComment = await comment(cai, postId);
    expect(await types(ana)).toEqual(['postReply', 'postReply']);
    expect(await types(ben)).toEqual(['commentLike']);
    expect(await call('DELETE', `/api/forumPosts/comments/${benComment}`, ben)).toMatchObject({ status: 200 });
    expect(await types(ana)).toEqual(['postReply']);
    expect(await types(ben)).toEqual([]);
    expect(await types(dee)).toEqual([]);
    expect((await list(ana))[0].target._id).toBe(caiComment);
    await call('POST', `/api/forumPosts/${postId}/like`, ben, { liked: true });
    expect(await call('DELETE', `/api/forumPosts/${postId}`, ana)).toMatchObject({ status: 200 });
    expect(await list(ana)).toEqual([]);
    expect(await unread(ana)).toBe(0);
  });
});

describe('preferences', () => {
  it('answers the defaults and no time zone until one is chosen, then what the member set', async () => {
    expect(await call('GET', '/api/notifications/preferences', ana)).toEqual({ status: 200, body: { types: DEFAULT_PREFERENCES, timeZone: null } });
    const res = await call('PUT', '/api/notifications/preferences', ana, {
      types: { postReply: { inApp: false, email: 'daily' } }, timeZone: 'America/Argentina/Buenos_Aires',
    });
    expect(res.status).toBe(200);
    expect(res.body.types.postReply).toEqual({ inApp: false, email: 'daily', push: false });
    expect(res.body.types.mention).toEqual(DEFAULT_PREFERENCES.mention);
    expect(res.body.timeZone).toBe('America/Argentina/Buenos_Aires');
  });

  it('refuses an unknown type, mode or time zone with 400 and changes nothing', async () => {
    for (const body of [
      { types: { nope: { inApp: true, email: 'off' } } }, { types: { mention: { inApp: true, email: 'hourly' } } },
      { timeZone: 'Mars/Olympus' }, { timeZone: '+01:00' }, { extra: 1 },
    ]) {
      const res = await call('PUT', '/api/notifications/preferences', ana, body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toEqual(expect.any(String));
    }
    expect((await call('GET', '/api/notifications/preferences', ana)).body).toEqual({ types: DEFAULT_PREFERENCES, timeZone: null });
  });

  it('a type turned off in the app and by email creates nothing; in the app only, no email is queued', async () => {
    await call('PUT', '/api/notifications/preferences', ana, { types: { postReply: { inApp: false, email: 'off' }, mention: { inApp: true, email: 'off' } } });
    const postId = await post(ana);
    await comment(ben, postId);
    expect(await list(ana)).toEqual([]);
    await call('POST', `/api/forumPosts/${postId}/like`, ben, { liked: true });
    expect(await types(ana)).toEqual(['postLike']);
    const postB = await post(cai);
    await comment(ben, postB, `see ${mention(ana)}`);
    expect(await types(ana)).toEqual(['mention', 'postLike']);
    expect(await queryRows(ctx.db, sql`SELECT 1 FROM jobs WHERE key = ${`notifications.email:${ana.id}`}`)).toEqual([]);
  });
});

describe('the notification centre', () => {
  it('pages newest first with a cursor, and reads by ids (only the caller\'s) or all', async () => {
    const postId = await post(ana);
    for (let i = 0; i < 5; i++) await comment(ben, postId, `c${i}`);
    const first = await call('GET', '/api/notifications?limit=2', ana);
    expect(first.body.notifications).toHaveLength(2);
    const second = await call('GET', `/api/notifications?limit=2&before=${first.body.nextCursor}`, ana);
    const third = await call('GET', `/api/notifications?limit=2&before=${second.body.nextCursor}`, ana);
    expect(third.body).toMatchObject({ nextCursor: null });
    const ids = [...first.body.notifications, ...second.body.notifications, ...third.body.notifications].map((n: NotificationItem) => n._id);
    expect(new Set(ids).size).toBe(5);
    expect(await call('POST', '/api/notifications/read', ben, { ids: [ids[0]] })).toEqual({ status: 200, body: { count: 0 } });
    expect(await unread(ana)).toBe(5);
    expect(await call('POST', '/api/notifications/read', ana, { ids: [ids[0], ids[1]] })).toEqual({ status: 200, body: { count: 3 } });
    expect((await list(ana)).filter((n) => n.readAt).map((n) => n._id).sort()).toEqual([ids[0], ids[1]].sort());
    expect(await call('POST', '/api/notifications/read', ana, { all: true })).toEqual({ status: 200, body: { count: 0 } });
  });

  it('refuses bad input with 400 {msg}', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/notifications?limit=0'], ['GET', '/api/notifications?before=bm90LWEtY3Vyc29y'], ['GET', '/api/notifications?limit=x'],
      ['POST', '/api/notifications/read', { ids: [] }], ['POST', '/api/notifications/read', { ids: ['x'] }],
      ['POST', '/api/notifications/read', { all: false }], ['POST', '/api/notifications/read', {}],
      ['GET', `/api/users/mentions?q=${'a'.repeat(101)}`], ['GET', '/api/users/mentions?limit=99'],
    ] as const) {
      const res = await call(method, url, ana, body);
      expect(res.status, url).toBe(400);
      expect(res.body.msg).toEqual(expect.any(String));
    }
  });

  it('guards every route: visitor 401, pending member 403 whatever the body, member 200, administrator 200', async () => {
    const routes = [
      ['GET', '/api/notifications'], ['GET', '/api/notifications/unread-count'], ['POST', '/api/notifications/read', { junk: 1 }],
      ['GET', '/api/notifications/preferences'], ['PUT', '/api/notifications/preferences', { junk: 1 }],
      ['GET', '/api/users/mentions?q=a'], ['PUT', `/api/forumPosts/${UNKNOWN}/follow`], ['DELETE', `/api/forumPosts/${UNKNOWN}/follow`],
      ['GET', '/api/conversations/unread-count'],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await call(method, url, undefined, body)).status, url).toBe(401);
      expect(await call(method, url, pending, body), url).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
    }
    expect((await call('GET', '/api/notifications', admin)).status).toBe(200);
    expect((await call('GET', '/api/notifications/unread-count', dee)).status).toBe(200);
  });
});

describe('mention suggestions', () => {
  it('suggests verified members by the start of any word of their name, never the caller, pending members or those the caller blocked', async () => {
    await ctx.db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${cai.id}, ${ana.id})`);
    const names = async (q: string, user = ana) => (await call('GET', `/api/users/mentions?q=${encodeURIComponent(q)}`, user)).body.users.map((u: { name: string }) => u.name);
    expect(await names('be')).toEqual(['Ben Mensah']);
    expect(await names('@men')).toEqual(['Ben Mensah']);
    expect(await names('am')).toEqual(['Dee Amari']);
    expect(await names('AD')).toEqual(['Ada Admin']);
    expect(await names('pat')).toEqual([]);
    // Cai blocked Ana: Ana still finds Cai (as in the directory, search and the new-message picker), Cai does not find Ana.
    expect(await names('cai')).toEqual(['Cai Lindqvist']);
    expect(await names('ana', cai)).toEqual([]);
    expect(await names('ana')).toEqual([]);
    expect(await names('%')).toEqual([]);
    expect(await names('')).toEqual([]);
    const limited = await call('GET', '/api/users/mentions?q=a&limit=1', ben);
    expect(limited.body.users).toHaveLength(1);
  });
});

describe('chat unread count', () => {
  it('counts conversations with unread messages', async () => {
    const open = await call('POST', '/api/conversations', ana, { recipientId: ben.id });
    expect(await call('GET', '/api/conversations/unread-count', ben)).toEqual({ status: 200, body: { count: 0 } });
    await ctx.db.execute(sql`UPDATE conversation_participants SET unread_count = 2 WHERE conversation_id = ${open.body._id} AND user_id = ${ben.id}`);
    expect(await call('GET', '/api/conversations/unread-count', ben)).toEqual({ status: 200, body: { count: 1 } });
  });
});
