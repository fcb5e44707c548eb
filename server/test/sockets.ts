// Socket test helpers: real socket.io clients, and waiting for the events they receive; `socketApp` is a test file's
// listening app with the clients its tests open, started, connected and closed in one place.
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents as ChatEvents } from '../../common/chat.ts';
import type { NotificationServerEvents } from '../../common/notifications.ts';
import { baseUrl, createTestContext, type TestContext } from './harness.ts';
import type { TestUser } from './factories.ts';

type ServerToClientEvents = ChatEvents & NotificationServerEvents;
export type ChatClient = Socket<ServerToClientEvents, ClientToServerEvents> & { received: Received };
type Received = { [E in keyof ServerToClientEvents]?: Parameters<ServerToClientEvents[E]>[0][] };

type ConnectOptions = { reconnection?: boolean; headers?: Record<string, string> };

/** A connected client for the token; every event it receives is recorded in `received`. */
export async function connectClient(url: string, token: string | undefined, options: ConnectOptions = {}): Promise<ChatClient> {
  const socket = io(url, {
    path: '/socket.io', transports: ['websocket'], auth: token === undefined ? {} : { token }, extraHeaders: options.headers,
    reconnection: options.reconnection ?? false, forceNew: true, reconnectionDelay: 100, reconnectionDelayMax: 200,
  }) as ChatClient;
  socket.received = {};
  socket.onAny((event: keyof ServerToClientEvents, payload: any) => {
    (socket.received[event] ??= [] as never[]).push(payload);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
  return socket;
}

/** Resolves with the first (already received or next) payload of the event that matches. */
export function waitFor<E extends keyof ServerToClientEvents>(
  socket: ChatClient, event: E, match: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true, timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  type P = Parameters<ServerToClientEvents[E]>[0];
  const seen = (socket.received[event] as P[] | undefined)?.find(match);
  if (seen) return Promise.resolve(seen);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.offAny(listener);
      reject(new Error(`no ${String(event)} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (name: string, payload: P) => {
      if (name !== event || !match(payload)) return;
      clearTimeout(timer);
      socket.offAny(listener);
      resolve(payload);
    };
    socket.onAny(listener);
  });
}

/** Resolves with the reason the socket is disconnected, or 'still connected' when it is not within the time. */
export function nextDisconnect(socket: ChatClient, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still connected'), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Emits with an ack and resolves with the server's response. */
export function call<E extends keyof ClientToServerEvents>(socket: ChatClient, event: E, ...payload: unknown[]): Promise<any> {
  return (socket.timeout(5000) as any).emitWithAck(event, ...payload);
}

/** Lets in-flight events arrive before asserting that something did not happen. */
export const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

export async function openConversation(ctx: Pick<TestContext, 'app'>, from: TestUser, to: TestUser): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/conversations', headers: from.headers, payload: { recipientId: to.id } });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`open conversation: ${res.statusCode} ${res.body}`);
  return res.json()._id;
}

/**
 * Clients that close after each test: `connect(url, user)` opens one with the user's token and keeps it. With
 * `settleAfterEach`, the next test starts once the server has seen the disconnects (for tests that count sockets).
 */
export function socketClients({ settleAfterEach = false } = {}) {
  const open: ChatClient[] = [];
  const closeAll = () => {
    for (const client of open.splice(0)) client.disconnect();
  };
  afterEach(async () => {
    closeAll();
    if (settleAfterEach) await settle();
  });
  return {
    /** Closes the clients before the test ends: before another app they are connected to is closed. */
    closeAll,
    async connect(url: string, user: Pick<TestUser, 'token'>, options?: ConnectOptions): Promise<ChatClient> {
      const client = await connectClient(url, user.token, options);
      open.push(client);
      return client;
    },
  };
}

type ContextOptions = NonNullable<Parameters<typeof createTestContext>[0]>;

/** A test file's listening app (a TestContext once the tests run) and the clients its tests connect to it. */
export type SocketApp = Omit<TestContext, 'close'> & {
  readonly url: string;
  /** A client of the user's on this app, or on the node at `to`; closed after the test. */
  connect(user: Pick<TestUser, 'token'>, options?: ConnectOptions & { to?: string }): Promise<ChatClient>;
  closeClients(): void;
};

/**
 * Starts a listening app before the file's tests and closes it after them; the clients a test connects close after
 * that test. Call it at the top of the file; read its fields (`ctx.db`, `ctx.url`) in hooks and tests.
 */
export function socketApp(options: Omit<ContextOptions, 'listen'> & { settleAfterEach?: boolean } = {}): SocketApp {
  const { settleAfterEach, ...contextOptions } = options;
  const clients = socketClients({ settleAfterEach });
  let started: TestContext | undefined;
  beforeAll(async () => {
    started = await createTestContext({ ...contextOptions, listen: true });
  });
  afterAll(() => started?.close());
  const context = () => {
    if (!started) throw new Error('socketApp() starts its app in beforeAll: read it in a hook or a test');
    return started;
  };
  return {
    get app() { return context().app; },
    get db() { return context().db; },
    get config() { return context().config; },
    get limiter() { return context().limiter; },
    get outboxDir() { return context().outboxDir; },
    get url() { return baseUrl(context()); },
    connect: (user, { to, ...rest } = {}) => clients.connect(to ?? baseUrl(context()), user, rest),
    closeClients: clients.closeAll,
  };
}
