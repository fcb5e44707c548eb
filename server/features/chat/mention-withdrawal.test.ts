// A chat @mention's notification goes when its message goes: unsent over REST or the socket, or removed by
// a moderator, the mentioned member's bell loses the item and every device hears the new count at once. An edit
// withdraws nothing (a forum edit that drops a mention withdraws nothing either: docs/decisions/0335).
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../common/chat.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { call, settle, socketApp, waitFor, type ChatClient } from '../../test/sockets.ts';

const ctx = socketApp();

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user.headers, payload: payload as object });

type Item = { type: string; target: { _id: string } };
const mentionsOf = async (user: TestUser, conversationId: string) => {
  const page = (await inject('GET', '/api/notifications', user)).json() as { notifications: Item[] };
  return page.notifications.filter((n) => n.type === 'mention' && n.target._id === conversationId);
};
const unread = async (user: TestUser) => (await inject('GET', '/api/notifications/unread-count', user)).json().count as number;

/** Ana's group with Bo and Cy; Bo's device connected; Ana has mentioned Bo, and Bo's bell shows it. */
async function mentioned(send: 'rest' | 'socket') {
  const [ana, bo, cy] = await Promise.all(['Ana Withdraw', 'Bo Withdraw', 'Cy Withdraw'].map((name) => createUser(ctx.db, { name })));
  const made = await inject('POST', '/api/conversations', ana, { participantIds: [bo.id, cy.id], title: 'Withdrawal circle' });
  expect(made.statusCode, made.body).toBe(201);
  const conversationId = made.json()._id as string;
  const device = await ctx.connect(bo);
  const text = `A question for @[Bo Withdraw](user:${bo.id}) about the case`;
  let message: Message;
  let sender: ChatClient | undefined;
  if (send === 'rest') {
    const res = await inject('POST', `/api/conversations/${conversationId}/messages`, ana, { text });
    expect(res.statusCode, res.body).toBe(201);
    message = res.json();
  } else {
    sender = await ctx.connect(ana);
    message = await call(sender, 'sendMessage', { conversationId, text });
    expect(message._id).toEqual(expect.any(String));
  }
  const told = await waitFor(device, 'notification', (e) => e.notification.type === 'mention');
  expect(told.unreadCount).toBe(1);
  expect(await mentionsOf(bo, conversationId)).toHaveLength(1);
  return { ana, bo, cy, conversationId, device, message, sender, url: `/api/conversations/${conversationId}/messages/${message._id}` };
}

describe('an unsent message withdraws its mentions', () => {
  it('over REST: the item leaves the list, the count drops, and the device hears the count', async () => {
    const { ana, bo, conversationId, device, url } = await mentioned('rest');
    const res = await inject('DELETE', url, ana);
    expect(res.statusCode, res.body).toBe(200);
    expect((await waitFor(device, 'notificationCount', (e) => e.unreadCount === 0)).unreadCount).toBe(0);
    expect(await mentionsOf(bo, conversationId)).toHaveLength(0);
    expect(await unread(bo)).toBe(0);
  });

  it('over the socket twin unsendMessage', async () => {
    const { bo, conversationId, device, message, sender } = await mentioned('socket');
    const unsent: Message = await call(sender!, 'unsendMessage', { conversationId, messageId: message._id });
    expect(unsent.unsentAt).toEqual(expect.any(String));
    expect((await waitFor(device, 'notificationCount', (e) => e.unreadCount === 0)).unreadCount).toBe(0);
    expect(await mentionsOf(bo, conversationId)).toHaveLength(0);
  });

  it('leaves the member\'s other notifications, read or not, where they were', async () => {
    const { ana, bo, conversationId, device, url } = await mentioned('rest');
    const other = await inject('POST', `/api/conversations/${conversationId}/messages`, ana, { text: `Also @[Bo Withdraw](user:${bo.id})` });
    expect(other.statusCode).toBe(201);
    await waitFor(device, 'notification', (e) => e.unreadCount === 2);
    expect((await inject('DELETE', url, ana)).statusCode).toBe(200);
    await waitFor(device, 'notificationCount', (e) => e.unreadCount === 1);
    expect(await mentionsOf(bo, conversationId)).toHaveLength(1);
    expect(await unread(bo)).toBe(1);
  });
});

describe('what does not withdraw', () => {
  it('an edit that drops the mention keeps the item, as a forum edit does', async () => {
    const { ana, bo, conversationId, url } = await mentioned('rest');
    const res = await inject('PATCH', url, ana, { text: 'A question about the case' });
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    expect(await mentionsOf(bo, conversationId)).toHaveLength(1);
  });
});

describe('a moderator removing the message', () => {
  it('withdraws its mentions', async () => {
    const { bo, cy, conversationId, message } = await mentioned('rest');
    const admin = await createAdmin(ctx.db);
    const reported = await inject('POST', '/api/reports', cy, { targetType: 'message', targetId: message._id, reason: 'spam' });
    expect(reported.statusCode, reported.body).toBe(201);
    const list = (await inject('GET', '/api/admin/reports', admin)).json() as { items: { _id: string; targetId: string }[] };
    const item = list.items.find((i) => i.targetId === message._id)!;
    const removed = await inject('PATCH', `/api/admin/reports/${item._id}`, admin, { action: 'remove' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await mentionsOf(bo, conversationId)).toHaveLength(0);
  });
});
