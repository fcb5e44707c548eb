// Clients that do not play along, at the TCP level: a socket.io client that connects, then never reads again, and a
// connection that starts a request and never finishes it.
import net from 'node:net';
import { waitUntil } from './wait.ts';

export type RawClient = { socket: net.Socket; closed: boolean; received: string };

function track(socket: net.Socket): RawClient {
  const client: RawClient = { socket, closed: false, received: '' };
  socket.on('data', (chunk) => {
    if (client.received.length < 10_000) client.received += chunk.toString('latin1');
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    client.closed = true;
  });
  return client;
}

/** A client's WebSocket text frame (masked, as every client frame must be). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = Buffer.from([1, 2, 3, 4]);
  const header = payload.length < 126
    ? Buffer.from([0x81, 0x80 | payload.length])
    : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  return Buffer.concat([header, mask, payload.map((byte, i) => byte ^ mask[i % 4])]);
}

/** Opens a socket.io connection by hand (WebSocket upgrade, Engine.IO open, CONNECT with the token), then stops reading. */
export async function stalledSocketIo(port: number, token: string): Promise<RawClient> {
  const client = track(net.connect(port, '127.0.0.1'));
  await new Promise((resolve) => client.socket.once('connect', resolve));
  client.socket.write([
    'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1', `Host: 127.0.0.1:${port}`, 'Upgrade: websocket', 'Connection: Upgrade',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Version: 13', '', '',
  ].join('\r\n'));
  await waitUntil(() => client.received.includes('0{"sid"'), 10_000, 'the Engine.IO open packet');
  client.socket.write(textFrame(`40${JSON.stringify({ token })}`));
  await waitUntil(() => /40\{"sid"/.test(client.received), 10_000, 'the socket.io connect answer');
  // From here on it reads nothing: what the node sends waits in the kernel's buffers, then in the node.
  client.socket.pause();
  return client;
}

/** A connection that sends the start of a request's headers and nothing more. */
export async function halfOpenRequest(port: number): Promise<RawClient> {
  const client = track(net.connect(port, '127.0.0.1'));
  await new Promise<void>((resolve) => {
    client.socket.once('connect', () => resolve());
    client.socket.once('error', () => resolve());
  });
  if (!client.closed) client.socket.write(`GET /api/therapists HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `);
  return client;
}
