// Scale-out: two real server processes on one PostgreSQL database and one Redis. A message sent through one node
// reaches a recipient connected to the other, with its status and presence right on both.
import { afterAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Message } from '../../../common/chat.ts';
import { queryRows } from '../../db/client.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { startNode as startTestNode } from '../../test/nodes.ts';
import { createUser } from '../../test/factories.ts';
import { call, settle, socketClients, waitFor } from '../../test/sockets.ts';
import { namedFor, untilNamed } from '../../test/receipts.ts';

const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const cleanups: (() => Promise<void> | void)[] = [];
const sockets = socketClients();
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

// The shared launcher (server/test/nodes.ts), each node stopped after the file's tests.
async function startNode(databaseUrl: string): Promise<string> {
  const node = await startTestNode(databaseUrl);
  cleanups.push(node.stop);
  return node.url;
}

it.skipIf(!enabled)('delivers across nodes with status and presence right on both', { timeout: 420_000 }, async () => {
  const database = await openTestDatabase();
  cleanups.push(() => database.close());
  // One after the other: ensureAdmin (server/features/accounts/ensure-admin.ts) reads then inserts, so two nodes starting at the
  // same instant on an empty database race on the administrator's row.
  const [nodeA, nodeB] = await Promise.all([startNode(database.url!), startNode(database.url!)]);
  const [ann, ben] = await Promise.all([createUser(database.db, { name: 'Ann on A' }), createUser(database.db, { name: 'Ben on B' })]);

  const opened = await fetch(`${nodeA}/api/conversations`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...ann.headers }, body: JSON.stringify({ recipientId: ben.id }),
  });
  expect(opened.status).toBe(201);
  const { _id: conversationId } = await opened.json();

  const annA = await sockets.connect(nodeA, ann);
  expect(await waitFor(annA, 'getOnlineUsers')).toEqual([]);

  // Presence crosses nodes both ways.
  const benB = await sockets.connect(nodeB, ben);
  expect(await waitFor(annA, 'presenceChanged')).toEqual({ userId: ben.id, online: true });
  expect(await waitFor(benB, 'getOnlineUsers')).toEqual([ann.id]);
  const annPhoneB = await sockets.connect(nodeB, ann);

  // A message through A reaches Ben on B, and Ann's other device on B.
  const sent: Message = await call(annA, 'sendMessage', { conversationId, text: 'Across the nodes' });
  expect(sent.status).toBe('sent');
  expect(await waitFor(benB, 'newMessage', (m) => m._id === sent._id)).toEqual(sent);
  expect(await waitFor(annPhoneB, 'newMessage', (m) => m._id === sent._id)).toEqual(sent);
  expect((await waitFor(benB, 'conversationUpdated')).unreadCounts[ben.id]).toBe(1);
  expect((await waitFor(annPhoneB, 'conversationUpdated')).lastMessage?._id).toBe(sent._id);
  // Each device gets the message once: the fan-out reaches every node once, and each node only its own sockets.
  await settle();
  for (const device of [annA, benB, annPhoneB]) {
    expect(device.received.newMessage?.filter((m) => m._id === sent._id)).toHaveLength(1);
    expect(device.received.conversationUpdated?.filter((c) => c.lastMessage?._id === sent._id)).toHaveLength(1);
  }

  // Ben's receipts, through B, reach Ann's devices on A and on B.
  await call(benB, 'messagesDelivered', { conversationId });
  expect(await waitFor(annA, 'messageStatus', (s) => s.status === 'delivered')).toEqual({ conversationId, status: 'delivered', messageIds: [sent._id] });
  expect((await waitFor(annPhoneB, 'messageStatus')).status).toBe('delivered');
  await call(benB, 'messagesRead', { conversationId });
  expect(await waitFor(annA, 'messageStatus', (s) => s.status === 'read')).toEqual({ conversationId, status: 'read', messageIds: [sent._id] });
  const [row] = await queryRows<{ status: string }>(database.db, sql`SELECT status FROM messages WHERE id = ${sent._id}`);
  expect(row.status).toBe('read');

  // Typing crosses nodes in a joined conversation; the answer comes back through B.
  await call(annA, 'joinConversation', conversationId);
  await call(benB, 'joinConversation', conversationId);
  benB.emit('typing', { conversationId });
  expect((await waitFor(annA, 'typing')).userName).toBe('Ben on B');
  const reply: Message = await call(benB, 'sendMessage', { conversationId, text: 'Received on B' });
  expect((await waitFor(annA, 'newMessage', (m) => m._id === reply._id)).text).toBe('Received on B');

  // Edits and unsends cross nodes too: Ben edits through B, Ann sees it on A; Ann unsends through A.
  const edited: Message = await call(benB, 'editMessage', { conversationId, messageId: reply._id, text: 'Received on B, edited' });
  expect((await waitFor(annA, 'messageEdited', (m) => m._id === reply._id)).text).toBe('Received on B, edited');
  expect(edited.editedAt).not.toBeNull();
  await call(annA, 'unsendMessage', { conversationId, messageId: sent._id });
  expect((await waitFor(benB, 'messageUnsent', (m) => m._id === sent._id)).unsentAt).not.toBeNull();

  // Both nodes agree on who is online; Ann stays online while one device is left, on either node.
  expect(await call(benB, 'getOnlineUsers')).toEqual([ann.id]);
  annA.disconnect();
  await settle(300);
  expect(benB.received.presenceChanged ?? []).toEqual([]);
  annPhoneB.disconnect();
  expect(await waitFor(benB, 'presenceChanged')).toEqual({ userId: ann.id, online: false });
  expect(await call(benB, 'getOnlineUsers')).toEqual([]);
});

it.skipIf(!enabled)('a group across nodes: each member once, receipts counted once from both nodes, and a member removed on one node stops receiving and acknowledging on the other', { timeout: 420_000 }, async () => {
  const database = await openTestDatabase();
  cleanups.push(() => database.close());
  const [nodeA, nodeB] = await Promise.all([startNode(database.url!), startNode(database.url!)]);
  const [amara, ben, cleo, dev] = await Promise.all(['Amara on A', 'Ben on B', 'Cleo on B', 'Dev on A'].map((name) => createUser(database.db, { name })));
  const post = (url: string, user: typeof amara, body: unknown, method = 'POST') => fetch(url, {
    method, headers: { 'content-type': 'application/json', ...user.headers }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const made = await post(`${nodeA}/api/conversations`, amara, { participantIds: [ben.id, cleo.id, dev.id], title: 'Across' });
  expect(made.status).toBe(201);
  const { _id: conversationId } = await made.json();
  const [amaraA, benB, cleoB, devA, amaraPhoneB] = await Promise.all([
    sockets.connect(nodeA, amara), sockets.connect(nodeB, ben), sockets.connect(nodeB, cleo), sockets.connect(nodeA, dev),
    sockets.connect(nodeB, amara),
  ]);
  for (const s of [amaraA, benB, cleoB, devA]) await call(s, 'joinConversation', conversationId);

  const sent: Message = await call(amaraA, 'sendMessage', { conversationId, text: 'To both on B' });
  await waitFor(benB, 'newMessage', (m) => m._id === sent._id);
  await waitFor(cleoB, 'newMessage', (m) => m._id === sent._id);
  await settle();
  for (const device of [benB, cleoB]) expect(device.received.newMessage?.filter((m) => m._id === sent._id)).toHaveLength(1);

  // Receipts gathered on each node (decision 0380): the three acknowledge at once from both nodes; Amara's devices on
  // either node hear each member once, and the page (read through B) counts the three.
  await waitFor(devA, 'newMessage', (m) => m._id === sent._id);
  await Promise.all([benB, cleoB, devA].map((s) => call(s, 'messagesDelivered', { conversationId })));
  const everyone = [ben.id, cleo.id, dev.id].sort();
  for (const device of [amaraA, amaraPhoneB]) expect(await untilNamed(device, sent._id, 'delivered', 3)).toEqual(everyone);
  await call(benB, 'messagesRead', { conversationId });
  await call(devA, 'messagesRead', { conversationId });
  expect(await untilNamed(amaraA, sent._id, 'read', 2)).toEqual([ben.id, dev.id].sort());
  const pageOnB = await (await fetch(`${nodeB}/api/conversations/${conversationId}/messages`, { headers: amara.headers })).json() as Message[];
  const receipts = pageOnB.find((m) => m._id === sent._id)!.receipts!;
  expect({ ...receipts, deliveredTo: [...receipts.deliveredTo].sort(), readBy: [...receipts.readBy].sort() })
    .toEqual({ of: 3, deliveredTo: everyone, readBy: [ben.id, dev.id].sort() });

  // Removed through A; Cleo's sockets on B leave the room at once and get nothing more.
  const removed = await fetch(`${nodeA}/api/conversations/${conversationId}/members/${cleo.id}`, { method: 'DELETE', headers: amara.headers });
  expect(removed.status).toBe(200);
  await waitFor(cleoB, 'conversationDeleted', (e) => e.conversationId === conversationId);
  expect((await waitFor(benB, 'newMessage', (m) => m.kind === 'system' && m.text === 'Amara on A removed Cleo on B')).conversationId).toBe(conversationId);
  benB.emit('typing', { conversationId });
  await waitFor(amaraA, 'typing', (t) => t.userId === ben.id);
  const after: Message = await call(amaraA, 'sendMessage', { conversationId, text: 'Only Ben now' });
  await waitFor(benB, 'newMessage', (m) => m._id === after._id);
  await settle(300);
  expect(cleoB.received.newMessage?.some((m) => m._id === after._id)).toBeFalsy();
  expect(cleoB.received.typing?.some((t) => t.conversationId === conversationId)).toBeFalsy();
  // Cleo's receipts stop with her membership; the others' still count.
  expect(await call(cleoB, 'messagesDelivered', { conversationId })).toMatchObject({ code: 'NOT_FOUND' });
  await Promise.all([benB, devA].map((s) => call(s, 'messagesDelivered', { conversationId })));
  expect(await untilNamed(amaraA, after._id, 'delivered', 2)).toEqual([ben.id, dev.id].sort());
  await settle(300);
  expect(namedFor(amaraA, after._id, 'delivered')).not.toContain(cleo.id);
});
