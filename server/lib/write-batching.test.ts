// Packets emitted to one connection in one tick leave in one socket write, in order, on WebSocket and after an upgrade
// from long-polling. A bare socket.io server: what is under test is only the batching.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { batchSocketWrites } from './write-batching.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve() {
  const server = http.createServer();
  const io = new Server(server);
  batchSocketWrites(io);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => { void io.close(() => resolve()); }));
  const connected = new Promise<ServerSocket>((resolve) => io.once('connection', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connected };
}

async function client(url: string, transports: string[]): Promise<Socket> {
  const socket = connect(url, { transports, forceNew: true, reconnection: false });
  cleanups.push(() => socket.disconnect());
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Counts the writes the server makes on the connection's TCP socket (each is one system call). */
function countWrites(socket: ServerSocket): () => number {
  const raw = (socket.conn.transport as unknown as { socket: { _socket: Record<string, (...args: unknown[]) => unknown> } }).socket._socket;
  let writes = 0;
  for (const method of ['_write', '_writev']) {
    const original = raw[method].bind(raw);
    raw[method] = (...args: unknown[]) => {
      writes++;
      return original(...args);
    };
  }
  return () => writes;
}

const received = (socket: Socket, count: number) => new Promise<unknown[]>((resolve) => {
  const seen: unknown[] = [];
  socket.onAny((event, payload) => {
    seen.push([event, payload]);
    if (seen.length === count) resolve(seen);
  });
});

it('sends the packets of one tick in one write, in the order they were emitted', async () => {
  const { url, connected } = await serve();
  const socket = await client(url, ['websocket']);
  const server = await connected;
  const writes = countWrites(server);
  const arrived = received(socket, 3);
  server.emit('first', 1);
  server.emit('second', 2);
  server.emit('third', 3);
  expect(await arrived).toEqual([['first', 1], ['second', 2], ['third', 3]]);
  expect(writes()).toBe(1);
});

it('keeps packets of different ticks apart and in order', async () => {
  const { url, connected } = await serve();
  const socket = await client(url, ['websocket']);
  const server = await connected;
  const arrived = received(socket, 4);
  server.emit('a', 1);
  await new Promise((r) => setImmediate(r));
  server.emit('b', 2);
  server.emit('c', 3);
  setTimeout(() => server.emit('d', 4), 5);
  expect(await arrived).toEqual([['a', 1], ['b', 2], ['c', 3], ['d', 4]]);
});

it('batches after an upgrade from long-polling to WebSocket', async () => {
  const { url, connected } = await serve();
  const socket = await client(url, ['polling', 'websocket']);
  const server = await connected;
  await new Promise<void>((resolve) => (server.conn.transport.name === 'websocket' ? resolve() : server.conn.once('upgrade', () => resolve())));
  const writes = countWrites(server);
  const arrived = received(socket, 2);
  server.emit('one', 'x');
  server.emit('two', 'y');
  expect(await arrived).toEqual([['one', 'x'], ['two', 'y']]);
  expect(writes()).toBe(1);
});
