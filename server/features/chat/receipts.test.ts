// Receipts gathered per node (docs/decisions/0380): acknowledgements that arrive together are written as one
// statement, and the counts stay right: each member counted once per message, in the sender's live updates and in the
// page read afterwards. A removed member's receipts stop; a block inside a group changes nothing about receipts.
// Real socket.io clients against a listening app (with the Redis adapter when REDIS_URL is set).
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Message } from '../../../common/chat.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { call, settle, socketApp, waitFor } from '../../test/sockets.ts';
import { namedFor, untilNamed } from '../../test/receipts.ts';

const ctx = socketApp({ redis: true });
const WAIT_MS = 20_000;

/** A group of `size` members, the first its creator, each connected once. */
async function group(size: number) {
  const users = await Promise.all(Array.from({ length: size }, (_, i) => createUser(ctx.db, { name: `Member ${i + 1}` })));
  const [owner, ...others] = users;
  const res = await ctx.app.inject({
    method: 'POST', url: '/api/conversations', headers: owner.headers, payload: { participantIds: others.map((u) => u.id), title: 'Receipts' },
  });
  expect(res.statusCode).toBe(201);
  const sockets = await Promise.all(users.map((user) => ctx.connect(user)));
  return { id: res.json()._id as string, users, sockets };
}

async function receiptsOn(user: TestUser, conversationId: string, messageId: string) {
  const page = (await ctx.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}/messages`, headers: user.headers })).json() as Message[];
  const { of, deliveredTo, readBy } = page.find((m) => m._id === messageId)!.receipts!;
  return { of, deliveredTo: [...deliveredTo].sort(), readBy: [...readBy].sort() };
}

describe('receipts gathered per node', () => {
  it('counts every member once per message when their devices acknowledge at the same moment', async () => {
    const { id, users, sockets } = await group(6);
    const [owner, ...others] = users;
    const [ownerSocket, ...otherSockets] = sockets;
    const first: Message = await call(ownerSocket, 'sendMessage', { conversationId: id, text: 'first' });
    const second: Message = await call(ownerSocket, 'sendMessage', { conversationId: id, text: 'second' });
    for (const s of otherSockets) await waitFor(s, 'newMessage', (m) => m._id === second._id, WAIT_MS);
    // All five at once, and one of them twice: they go together, and nobody counts twice.
    const acks = await Promise.all([...otherSockets, otherSockets[0]].map((s) => call(s, 'messagesDelivered', { conversationId: id })));
    expect(acks.reduce((sum, a) => sum + a.updated, 0)).toBe(10);
    const ids = others.map((u) => u.id).sort();
    for (const m of [first, second]) expect(await untilNamed(ownerSocket, m._id, 'delivered', 5)).toEqual(ids);
    // The updates name members together: fewer events than members.
    expect((ownerSocket.received.messageStatus ?? []).length).toBeLessThan(10);
    expect(await receiptsOn(owner, id, first._id)).toEqual({ of: 5, deliveredTo: ids, readBy: [] });

    // Reads move the read marks (and the delivered ones) the same way; reading again tells nobody anything.
    await Promise.all(otherSockets.slice(0, 2).map((s) => call(s, 'messagesRead', { conversationId: id })));
    const readers = others.slice(0, 2).map((u) => u.id).sort();
    expect(await untilNamed(ownerSocket, second._id, 'read', 2)).toEqual(readers);
    expect(await receiptsOn(owner, id, second._id)).toEqual({ of: 5, deliveredTo: ids, readBy: readers });
    expect(await call(otherSockets[0], 'messagesRead', { conversationId: id })).toEqual({ updated: 0 });
    // A member's own messages are theirs to count: the sender's acknowledgement covers none of them.
    expect(await call(ownerSocket, 'messagesDelivered', { conversationId: id })).toEqual({ updated: 0 });
  });

  it("stops a removed member's receipts: refused, and not counted in the messages sent after", async () => {
    const { id, users, sockets } = await group(4);
    const [owner, , , gone] = users;
    const [ownerSocket, ...otherSockets] = sockets;
    const goneSocket = sockets[3];
    const before: Message = await call(ownerSocket, 'sendMessage', { conversationId: id, text: 'before' });
    await waitFor(goneSocket, 'newMessage', (m) => m._id === before._id, WAIT_MS);
    await call(goneSocket, 'messagesDelivered', { conversationId: id });
    await untilNamed(ownerSocket, before._id, 'delivered', 1);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/conversations/${id}/members/${gone.id}`, headers: owner.headers });
    expect(removed.statusCode).toBe(200);
    const after: Message = await call(ownerSocket, 'sendMessage', { conversationId: id, text: 'after' });
    expect(after.receipts?.of).toBe(2);
    await Promise.all(otherSockets.slice(0, 2).map((s) => waitFor(s, 'newMessage', (m) => m._id === after._id, WAIT_MS)));
    expect(await call(goneSocket, 'messagesDelivered', { conversationId: id })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await call(goneSocket, 'messagesRead', { conversationId: id })).toMatchObject({ code: 'NOT_FOUND' });
    await Promise.all(otherSockets.slice(0, 2).map((s) => call(s, 'messagesDelivered', { conversationId: id })));
    const stayed = users.slice(1, 3).map((u) => u.id).sort();
    expect(await untilNamed(ownerSocket, after._id, 'delivered', 2)).toEqual(stayed);
    await settle(300);
    expect(namedFor(ownerSocket, after._id, 'delivered')).not.toContain(gone.id);
    expect(await receiptsOn(owner, id, after._id)).toEqual({ of: 2, deliveredTo: stayed, readBy: [] });
  });

  it('keeps the rules of a block inside a group: the placeholder as before, receipts counted as before', async () => {
    const { id, users, sockets } = await group(3);
    const [owner, blocked, third] = users;
    const [ownerSocket, blockedSocket, thirdSocket] = sockets;
    await ctx.db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${owner.id}, ${blocked.id})`);
    const sent: Message = await call(ownerSocket, 'sendMessage', { conversationId: id, text: 'to the group' });
    expect((await waitFor(blockedSocket, 'newMessage', (m) => m._id === sent._id, WAIT_MS)).text).not.toBe('to the group');
    expect((await waitFor(thirdSocket, 'newMessage', (m) => m._id === sent._id, WAIT_MS)).text).toBe('to the group');
    await Promise.all([blockedSocket, thirdSocket].map((s) => call(s, 'messagesRead', { conversationId: id })));
    const both = [blocked.id, third.id].sort();
    expect(await untilNamed(ownerSocket, sent._id, 'read', 2)).toEqual(both);
    expect(await receiptsOn(owner, id, sent._id)).toEqual({ of: 2, deliveredTo: both, readBy: both });
  });
});
