// The open post's page hears of new comments (socket `watchPost`, then `postCommentAdded` with ids only): real sockets,
// a real server. Who may watch is what the comments' REST read requires: a verified member (or an administrator).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { call as emit, connectClient, settle, waitFor, type ChatClient } from '../../test/sockets.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
let ana: TestUser, ben: TestUser;
const sockets: ChatClient[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ listen: true });
  [ana, ben] = await Promise.all([createUser(ctx.db, { name: 'Ana Okafor' }), createUser(ctx.db, { name: 'Ben Mensah' })]);
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await ctx.close();
});
beforeEach(() => sockets.splice(0).forEach((s) => s.disconnect()));

async function device(user: TestUser): Promise<ChatClient> {
  const socket = await connectClient(baseUrl(ctx), user.token);
  sockets.push(socket);
  return socket;
}
async function post(author: TestUser): Promise<string> {
  const res = await call('POST', '/api/forumPosts', author, { title: 'Pacing EMDR', content: 'How slowly?' });
  expect(res.status).toBe(201);
  return res.body._id;
}
async function comment(postId: string, author: TestUser): Promise<string> {
  const res = await call('POST', `/api/forumPosts/${postId}/comments`, author, { content: 'Slowly.' });
  expect(res.status).toBe(201);
  return res.body._id;
}

describe('the open post hears of new comments', () => {
  it('a comment, and a reply to a comment, reach every socket watching the post, with ids only', async () => {
    const postId = await post(ana);
    const [viewer, author] = [await device(ben), await device(ana)];
    for (const socket of [viewer, author]) expect(await emit(socket, 'watchPost', { postId })).toEqual({ ok: true });
    const commentId = await comment(postId, ana);
    for (const socket of [viewer, author]) expect(await waitFor(socket, 'postCommentAdded', (e) => e.commentId === commentId)).toEqual({ postId, commentId });
    const reply = await call('POST', `/api/forumPosts/comments/${commentId}/reply`, ben, { content: 'Agreed.' });
    expect(reply.status).toBe(201);
    expect(await waitFor(author, 'postCommentAdded', (e) => e.commentId === reply.body._id)).toEqual({ postId, commentId: reply.body._id });
  });

  it('a socket hears only the post it watches now: watching another leaves the first, unwatching leaves it', async () => {
    const [first, second] = [await post(ana), await post(ana)];
    const viewer = await device(ben);
    await emit(viewer, 'watchPost', { postId: first });
    await emit(viewer, 'watchPost', { postId: second });
    await comment(first, ana);
    const onSecond = await comment(second, ana);
    await waitFor(viewer, 'postCommentAdded', (e) => e.commentId === onSecond);
    expect(viewer.received.postCommentAdded?.map((e) => e.postId)).toEqual([second]);
    viewer.emit('unwatchPost', { postId: second });
    await settle();
    await comment(second, ana);
    await settle();
    expect(viewer.received.postCommentAdded).toHaveLength(1);
  });

  it('an administrator may watch; a pending member is refused (403), as the comments\' read refuses them', async () => {
    const postId = await post(ana);
    const admin = await createAdmin(ctx.db);
    expect(await emit(await device(admin), 'watchPost', { postId })).toEqual({ ok: true });
    const pending = await createUser(ctx.db, { status: 'pending' });
    const refused = await emit(await device(pending), 'watchPost', { postId });
    expect(refused).toMatchObject({ code: 'NOT_VERIFIED' });
    await comment(postId, ana);
    await settle();
    expect(sockets.at(-1)!.received.postCommentAdded).toBeUndefined();
  });

  it('a post that does not exist is 404, a payload that is not a post id is 400: nothing is joined', async () => {
    const viewer = await device(ben);
    expect(await emit(viewer, 'watchPost', { postId: ana.id })).toMatchObject({ code: 'NOT_FOUND' });
    for (const payload of [{ postId: 'nope' }, {}, 'x', { postId: ana.id, extra: 1 }]) {
      expect(await emit(viewer, 'watchPost', payload)).toMatchObject({ code: 'VALIDATION', msg: expect.any(String) });
    }
  });
});
