import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { ClientToServerEvents, ServerToClientEvents } from '../../common/chat.ts';
import type { Db } from '../db/client.ts';
import { userForToken, type CurrentUser, type SessionPolicy } from './auth.ts';
import { createPresence, type Presence } from './presence.ts';
import { batchSocketWrites } from './write-batching.ts';

type SocketData = { user: CurrentUser };
// Work every node does for its own sockets (fanOut): one message between nodes instead of one per event and room.
type InterServerEvents = { fanOut: (name: string, payload: unknown) => void };
export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type AuthedSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type Realtime = {
  io: AppServer;
  presence: Presence;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  toUser: (userId: string) => ReturnType<AppServer['to']>;
  toConversation: (conversationId: string) => ReturnType<AppServer['to']>;
  /** Ends the sockets of one session (logout) or of every session of a user (password reset, account disabled). */
  endSession: (sessionId: string) => void;
  endUser: (userId: string) => void;
  /**
   * Runs the handler registered for `name` on every node: here at once, on the others through Redis. For events whose
   * payload differs per user: each node builds them for its own sockets only (use `io.local`).
   */
  fanOut: (name: string, payload: unknown) => void;
  onFanOut: (name: string, handler: (payload: unknown) => void) => void;
  /** Whether any socket of the user is connected to this node. */
  hasLocalUser: (userId: string) => boolean;
  /** Work that emits after the request or event that started it: close() waits for it. */
  track: <T>(work: Promise<T>) => Promise<T>;
  /** After the sockets are closed: lets tracked work finish, clears this node's presence, flushes Redis replies. */
  close: () => Promise<void>;
};

export const userRoom = (id: string) => `user:${id}`;
export const conversationRoom = (id: string) => `conversation:${id}`;
export const sessionRoom = (id: string) => `session:${id}`;

/** What the sockets need: the database and session rules to know who connects, Redis to span nodes when present. */
export type RealtimeDeps = { db: Db; session: SessionPolicy; redis?: { pub: Redis; sub: Redis }; log?: Realtime['log'] };

const silentLog = { info() {}, warn() {}, error() {} };
const byServer = new WeakMap<HttpServer, Realtime>();

/** The realtime attached to an app's HTTP server: for code (and tests) that hold the app but not its context. */
export const realtimeOf = (server: HttpServer): Realtime | undefined => byServer.get(server);

/** socket.io on the app's own HTTP server; the handshake's token decides who the socket is. */
export function createRealtime(server: HttpServer, { db, session, redis, log = silentLog }: RealtimeDeps): Realtime {
  const io: AppServer = new Server(server, { path: '/socket.io', serveClient: false, maxHttpBufferSize: 64 * 1024 });
  if (redis) io.adapter(createAdapter(redis.pub, redis.sub));
  batchSocketWrites(io);
  io.use(async (socket, next) => {
    const token = socket.handshake.auth?.token;
    const user = typeof token === 'string' && token.length <= 200
      ? await userForToken(db, token, session).catch(() => null)
      : null;
    if (!user) return next(new Error('unauthorized'));
    socket.data.user = user;
    next();
  });
  io.on('connection', (socket) => {
    const { user } = socket.data;
    void socket.join([userRoom(user.id), sessionRoom(user.sessionId)]);
  });
  const fanOutHandlers = new Map<string, (payload: unknown) => void>();
  // Only other nodes' fan-outs arrive here (socket.io does not hand a node its own server-side emits).
  io.on('fanOut', (name, payload) => fanOutHandlers.get(name)?.(payload));
  const inFlight = new Set<Promise<unknown>>();
  const presence = createPresence(redis?.pub);
  const realtime: Realtime = {
    io,
    presence,
    log,
    toUser: (id) => io.to(userRoom(id)),
    toConversation: (id) => io.to(conversationRoom(id)),
    // Through the adapter, so a socket on another node is ended too.
    endSession: (id) => io.in(sessionRoom(id)).disconnectSockets(true),
    endUser: (id) => io.in(userRoom(id)).disconnectSockets(true),
    fanOut(name, payload) {
      fanOutHandlers.get(name)?.(payload);
      if (redis) io.serverSideEmit('fanOut', name, payload);
    },
    onFanOut: (name, handler) => void fanOutHandlers.set(name, handler),
    hasLocalUser: (id) => io.of('/').adapter.rooms.has(userRoom(id)),
    track(work) {
      inFlight.add(work);
      return work.finally(() => inFlight.delete(work));
    },
    async close() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
      await presence.close();
      // Redis answers in order: once this ping returns, every publish sent before it has been answered, so closing
      // the connection now cannot reject one of them.
      await redis?.pub.ping().catch(() => undefined);
    },
  };
  byServer.set(server, realtime);
  return realtime;
}
