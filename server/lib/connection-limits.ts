// Bounds on what clients that do not play along can make a node hold: a socket that stops
// reading while messages keep coming, and connections that are opened and never finish a request.
import type { Server as HttpServer } from 'node:http';
import type { Server } from 'socket.io';

export type ConnectionLimits = {
  /** Open TCP connections (HTTP and WebSocket together); past it, new ones are closed at once. */
  maxConnections: number;
  /** Bytes waiting to be sent to one socket (in the node, past the kernel's buffers) before it is cut off. */
  maxSocketBacklogBytes: number;
};

// A request's headers must arrive within this, and a whole request (a slow upload included) within the next.
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 60_000;

/** HTTP side: a connection cap, and a half-open connection (headers never finished) closed after 10 s, not 60. */
export function limitConnections(server: HttpServer, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
}

type WsLike = { _socket?: { writableLength: number }; terminate?: () => void };
type EngineConn = {
  transport: { name: string; socket?: WsLike };
  close(discard?: boolean): void;
  on(event: 'packetCreate', listener: (packet: { data?: unknown }) => void): void;
  on(event: 'flush', listener: () => void): void;
};

const packetBytes = (packet: { data?: unknown }) =>
  typeof packet.data === 'string' ? packet.data.length : Buffer.isBuffer(packet.data) ? packet.data.length : 16;

/**
 * A socket that stops reading (a stalled or malicious client) would have every event sent to it kept in the node's
 * memory: first in the engine's queue (a WebSocket whose last write has not drained, or long-polling between polls),
 * then in the connection's own buffer once the kernel's is full. Once more than `maxBytes` wait there, the connection
 * is cut at once: the client, if it is alive, reconnects and fetches what it missed, as after any drop.
 */
export function dropSlowConsumers(io: Server, maxBytes: number): void {
  io.engine.on('connection', (conn: EngineConn) => {
    let queued = 0;
    let cut = false;
    const backlog = () => (conn.transport.name === 'websocket' ? conn.transport.socket?._socket?.writableLength ?? 0 : 0);
    conn.on('packetCreate', (packet) => {
      queued += packetBytes(packet);
      if (cut || queued + backlog() <= maxBytes) return;
      cut = true;
      // terminate: a close frame would wait behind what the client is not reading.
      if (conn.transport.name === 'websocket' && conn.transport.socket?.terminate) conn.transport.socket.terminate();
      else conn.close(true);
    });
    conn.on('flush', () => {
      queued = 0;
    });
  });
}
