import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { ClientToServerEvents, ServerToClientEvents as ChatServerEvents } from '../../common/chat.ts';
import type { NotificationServerEvents } from '../../common/notifications.ts';
import type { Db } from '../db/client.ts';
import { userForToken, type CurrentUser, type SessionPolicy } from './auth.ts';
import { CACHE_EVENT_FANOUT, type CacheEvent } from './caches.ts';
import { addressResolver, type ProxyTrust } from './client-address.ts';
import { createPresence, type Presence } from './presence.ts';
import { batchSocketWrites } from './write-batching.ts';
import { localeOfHeaders } from './i18n.ts';
import { inLocale } from './texts/index.ts';

/** Who the socket is (a snapshot from its handshake), and whether its arrival brought the user online. */
type ServerToClientEvents = ChatServerEvents & NotificationServerEvents;
type SocketData = { user: CurrentUser; cameOnline: boolean };
// Work every node does for its own sockets (fanOut): one message between nodes instead of one per event and room.
type InterServerEvents = { fanOut: (name: string, payload: unknown) => void };
type AppServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
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
  /** The member's role, status or two-factor changed for the better: every node reads their sessions afresh. */
  userChanged: (userId: string) => void;
  /**
   * Runs the handlers registered for `name` on every node: here at once, on the others through Redis. For events whose
   * payload differs per user: each node builds them for its own sockets only (use `io.local`).
   */
  fanOut: (name: string, payload: unknown) => void;
  /** Adds a handler for `name`; every handler registered for a name runs. */
  onFanOut: (name: string, handler: (payload: unknown) => void) => void;
  /** Whether any socket of the user is connected to this node. */
  hasLocalUser: (userId: string) => boolean;
  /** Work that emits after the request or event that started it: close() waits for it. */
  track: <T>(work: Promise<T>) => Promise<T>;
  /** Resolves once no tracked work is left (tests: what a request started after its answer has been written). */
  settled: () => Promise<void>;
  /** After the sockets are closed: lets tracked work finish, clears this node's presence, flushes Redis replies. */
  close: () => Promise<void>;
};

export const userRoom = (id: string) => `user:${id}`;
export const conversationRoom = (id: string) => `conversation:${id}`;
const sessionRoom = (id: string) => `session:${id}`;

/** The most sockets open at once for one user (every node, with Redis) and for one client address (on this node). */
type SocketLimits = { perUser: number; perAddress: number };
export const TOO_MANY_FOR_USER = 'Too many connections for this account: close another tab or device.';
export const TOO_MANY_FROM_ADDRESS = 'Too many connections from this address.';

/** What the sockets need: the database and session rules to know who connects, Redis to span nodes when present. */
export type RealtimeDeps = {
  db: Db; session: SessionPolicy; redis?: { pub: Redis; sub: Redis }; log?: Realtime['log'];
  limits?: SocketLimits; trustProxy?: ProxyTrust;
};
const NO_LIMITS: SocketLimits = { perUser: Infinity, perAddress: Infinity };

const CLIENT_ADDRESS = Symbol('clientAddress');
type AddressedConn = { request: AuthedSocket['request'] | null; [CLIENT_ADDRESS]?: string };

const silentLog = { info() {}, warn() {}, error() {} };
const byServer = new WeakMap<HttpServer, Realtime>();

/** The realtime attached to an app's HTTP server: for code (and tests) that hold the app but not its context. */
export const realtimeOf = (server: HttpServer): Realtime | undefined => byServer.get(server);

/** socket.io on the app's own HTTP server; the handshake's token decides who the socket is. */
export function createRealtime(server: HttpServer, deps: RealtimeDeps): Realtime {
  const { db, session, redis, log = silentLog, limits = NO_LIMITS, trustProxy = false } = deps;
  const io: AppServer = new Server(server, { path: '/socket.io', serveClient: false, maxHttpBufferSize: 64 * 1024 });
  if (redis) io.adapter(createAdapter(publishingSafely(redis.pub, log), redis.sub));
  batchSocketWrites(io);
  const presence = createPresence(redis?.pub);
  // Redis back after being away (ioredis reconnects by itself): this node's sockets are recorded again, so the people
  // connected here show online on every node without a restart (faults/redis-away.test.ts).
  redis?.pub.on('ready', () => {
    const sockets = [...io.of('/').sockets.values()].map((s) => ({ userId: s.data.user.id, socketId: s.id }));
    void realtime.track(presence.rejoin(sockets))
      .catch((error: unknown) => log.warn({ event: 'presence', name: (error as Error)?.name }, 'presence rejoin failed'));
  });
  // The client's address is read from the HTTP request that opened the connection, and then that request is dropped:
  // kept, it stays in the heap for the connection's whole life and every full collection marks it again (decision
  // 0097). socket.io's own advice; nothing else reads it (socket.handshake has no headers then, and none are used).
  const addressOf = addressResolver(trustProxy);
  io.engine.on('connection', (conn: AddressedConn) => {
    if (conn.request) conn[CLIENT_ADDRESS] = addressOf(conn.request);
    conn.request = null;
  });
  // engine.io's Socket type knows nothing of the address the 'connection' handler above stored on it.
  const admit = admission(presence, limits, (socket) => (socket.conn as unknown as AddressedConn)[CLIENT_ADDRESS] ?? '', log);
  // The handshake decides who the socket is and whether it fits the caps; a refusal reaches the client as connect_error.
  const handshake = async (socket: AuthedSocket): Promise<Error | undefined> => {
    const token = socket.handshake.auth?.token;
    // A database that cannot answer is not a bad token: the failure goes to io.use's catch, 'unavailable'.
    const user = typeof token === 'string' && token.length <= 200 ? await userForToken(db, token, session) : null;
    if (!user) return new Error('unauthorized');
    // An administrator who must enrol in two-factor sign-in first gets no chat either (the REST guards say the same).
    if (user.mustEnrolTwoFactor) return new Error('two-factor required');
    socket.data.user = user;
    const refusal = await admit(socket);
    // Said in the member's language (the codes above are read by the app, this sentence by a person).
    return refusal ? new Error(inLocale(refusal, localeOfHeaders(socket.handshake.headers, user.locale))) : undefined;
  };
  io.use((socket, next) => void handshake(socket).then(next, () => next(new Error('unavailable'))));
  io.on('connection', (socket) => {
    const { user } = socket.data;
    void socket.join([userRoom(user.id), sessionRoom(user.sessionId)]);
  });
  // Several features may listen to one name (the notifications' delivery, the caches' events): each is called, none
  // replaces another.
  const fanOutHandlers = new Map<string, ((payload: unknown) => void)[]>();
  const runFanOut = (name: string, payload: unknown) => {
    for (const handler of fanOutHandlers.get(name) ?? []) handler(payload);
  };
  // Only other nodes' fan-outs arrive here (socket.io does not hand a node its own server-side emits).
  io.on('fanOut', runFanOut);
  const inFlight = new Set<Promise<unknown>>();
  const sessionsChanged = (event: CacheEvent) => realtime.fanOut(CACHE_EVENT_FANOUT, event);
  const realtime: Realtime = {
    io,
    presence,
    log,
    toUser: (id) => io.to(userRoom(id)),
    toConversation: (id) => io.to(conversationRoom(id)),
    // Through the adapter, so a socket on another node is ended too; every node forgets the sessions it remembered
    // (the session cache is cleared by these events: server/lib/caches.ts).
    endSession(id) {
      sessionsChanged({ type: 'session.ended', sessionId: id });
      io.in(sessionRoom(id)).disconnectSockets(true);
    },
    endUser(id) {
      sessionsChanged({ type: 'member.access.changed', userId: id });
      io.in(userRoom(id)).disconnectSockets(true);
    },
    userChanged: (id) => sessionsChanged({ type: 'member.access.changed', userId: id }),
    fanOut(name, payload) {
      runFanOut(name, payload);
      if (redis) io.serverSideEmit('fanOut', name, payload);
    },
    onFanOut: (name, handler) => void fanOutHandlers.set(name, [...(fanOutHandlers.get(name) ?? []), handler]),
    hasLocalUser: (id) => io.of('/').adapter.rooms.has(userRoom(id)),
    track(work) {
      inFlight.add(work);
      return work.finally(() => inFlight.delete(work));
    },
    async settled() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
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

/**
 * The adapter publishes without awaiting: with Redis away, each publish rejects once ioredis gives up on it, and an
 * unhandled rejection ends the process (both nodes died in faults/redis-away.test.ts). Its client's publishes are
 * handled here; what they carried is lost, as a broadcast to a node that is unreachable is: clients fetch what they
 * missed when they reconnect. Everything else reaches the client itself.
 */
function publishingSafely(pub: Redis, log: Realtime['log']): Redis {
  let lost = 0;
  return new Proxy(pub, {
    get(target, property) {
      if (property === 'publish') {
        return (...args: Parameters<Redis['publish']>) => {
          const sent = target.publish(...args);
          sent.catch(() => {
            if (lost++ % 1000 === 0) log.warn({ event: 'redis', lost }, 'broadcasts to other nodes lost: Redis unreachable');
          });
          return sent;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The handshake's caps: one address holds at most `perAddress` sockets on this node (counted here, synchronously, so
 * a burst counts), one user at most `perUser` on every node (recorded in presence in the same step as the check).
 * The socket is recorded as online here; its disconnect (chat/realtime.ts) removes it. Presence unreachable admits
 * the socket (as before the caps): the chat should not go down with Redis's hiccup.
 */
function admission(presence: Presence, limits: SocketLimits, addressOf: (socket: AuthedSocket) => string, log: Realtime['log']) {
  const byAddress = new Map<string, number>();
  const release = (address: string) => {
    const left = (byAddress.get(address) ?? 1) - 1;
    if (left > 0) byAddress.set(address, left);
    else byAddress.delete(address);
  };
  return async (socket: AuthedSocket): Promise<string | undefined> => {
    const { user } = socket.data;
    const address = addressOf(socket);
    const held = byAddress.get(address) ?? 0;
    if (held >= limits.perAddress) return TOO_MANY_FROM_ADDRESS;
    byAddress.set(address, held + 1);
    const admission = await presence.admit(user.id, socket.id, limits.perUser).catch((error: unknown) => {
      log.warn({ event: 'presence', name: (error as Error)?.name }, 'presence unreachable at the handshake');
      return { admitted: true as const, cameOnline: false };
    });
    if (!admission.admitted) {
      release(address);
      return TOO_MANY_FOR_USER;
    }
    // The client left while it was being counted: no connection (nor disconnect) will follow.
    if (socket.conn.readyState !== 'open') {
      release(address);
      await presence.disconnect(user.id, socket.id).catch(() => false);
      return 'closed';
    }
    socket.data.cameOnline = admission.cameOnline;
    socket.once('disconnect', () => release(address));
    return undefined;
  };
}
