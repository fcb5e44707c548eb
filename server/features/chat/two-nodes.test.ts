// Scale-out: two real server processes on one PostgreSQL database and one Redis. A message sent through one node
// reaches a recipient connected to the other, with its status and presence right on both.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Message } from '../../../common/chat.ts';
import { queryRows } from '../../db/client.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { createUser } from '../../test/factories.ts';
import { call, connectClient, settle, waitFor, type ChatClient } from '../../test/sockets.ts';

const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startNode(databaseUrl: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-node-'));
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL, DATA_DIR: dataDir, SEED_DEMO: '0',
      ADMIN_EMAIL: 'admin@two-nodes.test', ADMIN_PASSWORD: 'two-nodes-admin-password',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await fetch(`${url}/readyz`).then((r) => r.ok).catch(() => false)) return { url, process: child };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`node on port ${port} did not start`);
}

it.skipIf(!enabled)('delivers across nodes with status and presence right on both', { timeout: 120_000 }, async () => {
  const database = await openTestDatabase();
  cleanups.push(() => database.close());
  // One after the other: ensureAdmin (server/features/accounts/ensure-admin.ts) reads then inserts, so two nodes starting at the
  // same instant on an empty database race on the administrator's row.
  const nodeA = await startNode(database.url!);
  const nodeB = await startNode(database.url!);
  const [ann, ben] = await Promise.all([createUser(database.db, { name: 'Ann on A' }), createUser(database.db, { name: 'Ben on B' })]);

  const opened = await fetch(`${nodeA.url}/api/conversations`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...ann.headers }, body: JSON.stringify({ recipientId: ben.id }),
  });
  expect(opened.status).toBe(201);
  const { _id: conversationId } = await opened.json();

  const clients: ChatClient[] = [];
  cleanups.push(() => clients.forEach((c) => c.disconnect()));
  const annA = await connectClient(nodeA.url, ann.token);
  clients.push(annA);
  expect(await waitFor(annA, 'getOnlineUsers')).toEqual([]);

  // Presence crosses nodes both ways.
  const benB = await connectClient(nodeB.url, ben.token);
  clients.push(benB);
  expect(await waitFor(annA, 'presenceChanged')).toEqual({ userId: ben.id, online: true });
  expect(await waitFor(benB, 'getOnlineUsers')).toEqual([ann.id]);
  const annPhoneB = await connectClient(nodeB.url, ann.token);
  clients.push(annPhoneB);

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
