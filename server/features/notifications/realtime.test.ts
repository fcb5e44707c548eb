// Live notifications: `notification` (new or regrouped item with the unread count), `notificationCount` and
// `chatUnreadCount` to every device of the member; across two nodes over Redis where PostgreSQL and Redis are given
// (DATABASE_URL and REDIS_URL, as server/features/chat/two-nodes.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { App } from '../../context.ts';
import { baseUrl, createTestContext, openTestDatabase, type TestContext, startRedisNode } from '../../test/harness.ts';
import { createCommunity, createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { call as emit, connectClient, openConversation, settle, waitFor } from '../../test/sockets.ts';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});
const connect = async (url: string, user: TestUser) => {
  const socket = await connectClient(url, user.token);
  cleanups.push(() => void socket.disconnect());
  return socket;
};

async function postAndComment(app: App, author: TestUser, commenter: TestUser, communityId: string) {
  const call = caller(() => app);
  const post = await call('POST', '/api/forumPosts', author, { title: 'Live', content: 'x', communityId });
  const comment = await call('POST', `/api/forumPosts/${post.body._id}/comments`, commenter, { content: 'y' });
  return { postId: post.body._id as string, commentId: comment.body._id as string };
}

describe('on one node', () => {
  let ctx: TestContext;
  let ana: TestUser, ben: TestUser, cai: TestUser;
  let communityId: string;

  beforeAll(async () => {
    ctx = await createTestContext({ listen: true });
    cleanups.push(() => ctx.close());
    [ana, ben, cai] = await Promise.all(['Ana Live', 'Ben Live', 'Cai Live'].map((name) => createUser(ctx.db, { name })));
    communityId = (await createCommunity(ctx.db, {}, [ana.id, ben.id, cai.id])).id;
  });

  it('sends the new item and the count to every device of the member, and the regrouped item', async () => {
    const [phone, laptop] = [await connect(baseUrl(ctx), ana), await connect(baseUrl(ctx), ana)];
    const benDevice = await connect(baseUrl(ctx), ben);
    const { postId, commentId } = await postAndComment(ctx.app, ana, ben, communityId);
    for (const device of [phone, laptop]) {
      const event = await waitFor(device, 'notification');
      expect(event).toMatchObject({ unreadCount: 1, notification: { type: 'postReply', target: { _id: commentId }, actors: [{ _id: ben.id }] } });
    }
    await settle();
    expect(benDevice.received.notification).toBeUndefined();

    const call = caller(() => ctx.app);
    await call('POST', `/api/forumPosts/${postId}/like`, ben, { liked: true });
    const first = await waitFor(phone, 'notification', (e) => e.notification.type === 'postLike');
    await call('POST', `/api/forumPosts/${postId}/like`, cai, { liked: true });
    const regrouped = await waitFor(phone, 'notification', (e) => e.notification.type === 'postLike' && e.notification.count === 2);
    expect(regrouped.notification._id).toBe(first.notification._id);
    expect(regrouped.unreadCount).toBe(2);

    await call('POST', '/api/notifications/read', ana, { all: true });
    expect(await waitFor(laptop, 'notificationCount')).toEqual({ unreadCount: 0 });
  });

  it('tells the bell its new count when the comment behind an item is deleted', async () => {
    const device = await connect(baseUrl(ctx), cai);
    const { commentId } = await postAndComment(ctx.app, cai, ben, communityId);
    expect(await waitFor(device, 'notification')).toMatchObject({ unreadCount: 1 });
    await caller(() => ctx.app)('DELETE', `/api/forumPosts/comments/${commentId}`, ben);
    expect(await waitFor(device, 'notificationCount')).toEqual({ unreadCount: 0 });
  });

  it('sends chatUnreadCount when a message arrives and when it is read', async () => {
    const conversationId = await openConversation(ctx, ana, ben);
    const anaDevice = await connect(baseUrl(ctx), ana);
    const benDevice = await connect(baseUrl(ctx), ben);
    await emit(anaDevice, 'sendMessage', { conversationId, text: 'hello' });
    expect(await waitFor(benDevice, 'chatUnreadCount')).toEqual({ count: 1 });
    await emit(benDevice, 'messagesRead', { conversationId });
    expect(await waitFor(benDevice, 'chatUnreadCount', (e) => e.count === 0)).toEqual({ count: 0 });
  });

  it('sends chatUnreadCount only when a conversation becomes unread, not for each message after', async () => {
    const conversationId = await openConversation(ctx, ana, cai);
    const anaDevice = await connect(baseUrl(ctx), ana);
    const caiDevice = await connect(baseUrl(ctx), cai);
    const counts: { count: number }[] = [];
    caiDevice.on('chatUnreadCount', (e: { count: number }) => counts.push(e));
    for (const text of ['one', 'two', 'three']) await emit(anaDevice, 'sendMessage', { conversationId, text });
    await waitFor(caiDevice, 'newMessage', (m: { text: string }) => m.text === 'three');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(counts).toEqual([{ count: 1 }]);
  });
});

const twoNodes = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

/** One app node on the shared database, with its own Redis connections (the socket.io adapter and presence). */
async function startNode(db: Parameters<typeof buildApp>[0]['db']): Promise<App> {
  const node = await startRedisNode(db, { listen: true });
  cleanups.push(node.close);
  return node.app;
}
const urlOf = (app: App) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

it.skipIf(!twoNodes)('delivers notification and chatUnreadCount across two nodes over Redis', { timeout: 60_000 }, async () => {
  const database = await openTestDatabase();
  cleanups.push(() => database.close());
  const [nodeA, nodeB] = [await startNode(database.db), await startNode(database.db)];
  const [ana, ben] = await Promise.all(['Ana Two', 'Ben Two'].map((name) => createUser(database.db, { name })));
  const communityId = (await createCommunity(database.db, {}, [ana.id, ben.id])).id;
  const anaOnB = await connect(urlOf(nodeB), ana);
  const benOnA = await connect(urlOf(nodeA), ben);
  // Ben comments through node A; Ana's device is on node B.
  const { commentId } = await postAndComment(nodeA, ana, ben, communityId);
  expect(await waitFor(anaOnB, 'notification')).toMatchObject({ unreadCount: 1, notification: { type: 'postReply', target: { _id: commentId } } });
  // Read through node A: the count reaches node B.
  await caller(() => nodeA)('POST', '/api/notifications/read', ana, { all: true });
  expect(await waitFor(anaOnB, 'notificationCount')).toEqual({ unreadCount: 0 });
  // A chat message sent from node A reaches the recipient's badge on node B.
  const open = await caller(() => nodeA)('POST', '/api/conversations', ben, { recipientId: ana.id });
  await emit(benOnA, 'sendMessage', { conversationId: open.body._id, text: 'hello' });
  expect(await waitFor(anaOnB, 'chatUnreadCount')).toEqual({ count: 1 });
});
