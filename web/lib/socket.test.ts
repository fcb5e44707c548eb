// A handshake the server refuses (a busy database, a cap) is tried again, until the server admits the socket.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterEach, expect, test } from 'vitest';
import { retryRefusedHandshakes } from './socket.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function serverRefusing(times: number) {
  const http = createServer();
  const server = new Server(http);
  let refused = 0;
  server.use((_socket, next) => (refused < times ? (refused++, next(new Error('unavailable'))) : next()));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => server.close());
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, refusals: () => refused };
}

test('a refused handshake is retried until the server admits the socket', async () => {
  const server = await serverRefusing(2);
  const client = io(server.url, { autoConnect: false, transports: ['websocket'], reconnectionDelay: 50 });
  cleanups.push(() => client.disconnect());
  retryRefusedHandshakes(client, () => false);
  client.connect();
  await expect.poll(() => client.connected, { timeout: 15_000 }).toBe(true);
  expect(server.refusals()).toBe(2);
});

test('a socket the app disconnected on purpose is not retried', async () => {
  const server = await serverRefusing(1);
  const client = io(server.url, { autoConnect: false, transports: ['websocket'] });
  cleanups.push(() => client.disconnect());
  retryRefusedHandshakes(client, () => true);
  const refused = new Promise((resolve) => client.once('connect_error', resolve));
  client.connect();
  await refused;
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  expect(client.connected).toBe(false);
  expect(server.refusals()).toBe(1);
});
