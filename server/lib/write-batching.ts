// Packets for one connection produced in one turn of the event loop leave in one socket write (decision 0031).
// A chat message gives its sender three packets at once (the acknowledgement, newMessage and conversationUpdated);
// engine.io would write each as its own frame with its own system call, and on this kind of machine a loopback write
// costs more than building the packet. Order is kept: packets still leave in the order they were emitted.
import type { Server } from 'socket.io';

type RawSocket = { cork(): void; uncork(): void };
type Transport = { name: string; send(packets: unknown[]): void; socket?: { _socket?: RawSocket } };
type EngineSocket = {
  transport: Transport;
  flush(): void;
  on(event: 'upgrade', listener: (transport: Transport) => void): void;
};

export function batchSocketWrites(io: Server): void {
  io.engine.on('connection', (conn: EngineSocket) => {
    flushOncePerTick(conn);
    writeBatchesAtOnce(conn.transport);
    conn.on('upgrade', writeBatchesAtOnce);
  });
}

/** engine.io flushes on every packet; waiting for the end of the current tick lets the tick's packets go together. */
function flushOncePerTick(conn: EngineSocket): void {
  const flushNow = conn.flush.bind(conn);
  let scheduled = false;
  conn.flush = () => {
    if (scheduled) return;
    scheduled = true;
    process.nextTick(() => {
      scheduled = false;
      flushNow();
    });
  };
}

/** One batch of packets becomes one write on a WebSocket: ws writes each frame on its own unless the socket is corked. */
function writeBatchesAtOnce(transport: Transport): void {
  const raw = transport.name === 'websocket' ? transport.socket?._socket : undefined;
  if (!raw || typeof raw.cork !== 'function') return;
  const send = transport.send.bind(transport);
  transport.send = (packets) => {
    raw.cork();
    try {
      send(packets);
    } finally {
      raw.uncork();
    }
  };
}
