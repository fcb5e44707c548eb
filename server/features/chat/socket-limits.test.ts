// One session could open 500 sockets, each with its own event budget. Sockets are capped per user
// (on every node, with Redis) and per client address (as TRUST_PROXY resolves it), and the event budget is the user's,
// across their sockets and nodes. Socket payloads holding a NUL are refused like HTTP bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { buildApp } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { testConfig } from '../../config.ts';
import { createMailer } from '../../lib/mail.ts';
import { memoryRateLimiter } from '../../lib/rate-limit.ts';
import { TOO_MANY_FOR_USER, TOO_MANY_FROM_ADDRESS } from '../../lib/realtime.ts';
import { baseUrl } from '../../test/harness.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { call, openConversation, settle, socketApp } from '../../test/sockets.ts';

const PER_USER = 3;
const PER_ADDRESS = 4;
const EVENTS = 20;
// Each test its own client address (TRUST_PROXY=1: the proxy's X-Forwarded-For names it), so caps do not add up.
let lastOctet = 0;
const newAddress = () => `203.0.113.${++lastOctet}`;

// The server sees each test's disconnects before the next test counts.
const ctx = socketApp({
  redis: true, settleAfterEach: true,
  config: { TRUST_PROXY: '1', SOCKETS_PER_USER: String(PER_USER), SOCKETS_PER_ADDRESS: String(PER_ADDRESS), SOCKET_EVENTS_PER_10S: String(EVENTS) },
});

const connect = (user: TestUser, address: string, to?: string) => ctx.connect(user, { to, headers: { 'x-forwarded-for': address } });
const refusal = (promise: Promise<unknown>) => promise.then(() => 'connected', (error: Error) => error.message);
const tooMany = { msg: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' };

describe('sockets per user', () => {
  it('refuses one more than the cap at the handshake, and admits again once one closes', async () => {
    const user = await createUser(ctx.db);
    const open = [];
    for (let i = 0; i < PER_USER; i++) open.push(await connect(user, newAddress()));
    expect(await refusal(connect(user, newAddress()))).toBe(TOO_MANY_FOR_USER);
    open[0].disconnect();
    await settle();
    expect(await refusal(connect(user, newAddress()))).toBe('connected');
  });

  it('holds against a burst of handshakes at once', async () => {
    const user = await createUser(ctx.db);
    const results = await Promise.all(Array.from({ length: 12 }, () => refusal(connect(user, newAddress()))));
    expect(results.filter((r) => r === 'connected')).toHaveLength(PER_USER);
    expect(results.filter((r) => r === TOO_MANY_FOR_USER)).toHaveLength(12 - PER_USER);
  });
});

describe('sockets per address', () => {
  it('refuses one more than the cap from one address, whoever signs in; another address is admitted', async () => {
    const address = newAddress();
    const users = await Promise.all(Array.from({ length: PER_ADDRESS + 1 }, () => createUser(ctx.db)));
    for (const user of users.slice(0, PER_ADDRESS)) await connect(user, address);
    expect(await refusal(connect(users[PER_ADDRESS], address))).toBe(TOO_MANY_FROM_ADDRESS);
    expect(await refusal(connect(users[PER_ADDRESS], newAddress()))).toBe('connected');
  });

  it('counts the address the trusted proxy saw: entries the client forged before it change nothing', async () => {
    const address = newAddress();
    const users = await Promise.all(Array.from({ length: PER_ADDRESS + 1 }, () => createUser(ctx.db)));
    // The proxy appends the real address last; whatever the client put in front is not trusted (one hop).
    for (const [i, user] of users.slice(0, PER_ADDRESS).entries()) await connect(user, `198.51.100.${i + 1}, ${address}`);
    expect(await refusal(connect(users[PER_ADDRESS], `198.51.100.99, ${address}`))).toBe(TOO_MANY_FROM_ADDRESS);
  });
});

describe('sockets per address without TRUST_PROXY', () => {
  it('ignores X-Forwarded-For: a client cannot name a new address for each socket', async () => {
    const config = testConfig({ DATA_DIR: ctx.outboxDir, SOCKETS_PER_ADDRESS: String(PER_ADDRESS) });
    const direct = await buildApp({
      config, db: ctx.db, limiter: memoryRateLimiter(), mailer: createMailer({ from: config.mailFrom, outboxDir: ctx.outboxDir }),
    });
    await direct.listen({ port: 0, host: '127.0.0.1' });
    try {
      const directUrl = baseUrl({ app: direct });
      const users = await Promise.all(Array.from({ length: PER_ADDRESS + 1 }, () => createUser(ctx.db)));
      for (const user of users.slice(0, PER_ADDRESS)) await connect(user, newAddress(), directUrl);
      expect(await refusal(connect(users[PER_ADDRESS], newAddress(), directUrl))).toBe(TOO_MANY_FROM_ADDRESS);
    } finally {
      ctx.closeClients();
      await direct.close();
    }
  });
});

describe('the event budget', () => {
  it('is the user\'s, shared by all their sockets', async () => {
    const user = await createUser(ctx.db);
    const [one, two] = [await connect(user, newAddress()), await connect(user, newAddress())];
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, () => call(one, 'userOnline', user.id)),
      ...Array.from({ length: 12 }, () => call(two, 'userOnline', user.id)),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(EVENTS);
    expect(answers.filter((a) => !a.ok)).toEqual(Array(24 - EVENTS).fill(tooMany));
  });

  it('is not shared with another user', async () => {
    const [a, b] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const ca = await connect(a, newAddress());
    await Promise.all(Array.from({ length: EVENTS + 1 }, () => call(ca, 'userOnline', a.id)));
    const cb = await connect(b, newAddress());
    expect(await call(cb, 'userOnline', b.id)).toEqual({ ok: true });
  });
});

describe('payloads', () => {
  it('refuses a NUL character with {msg, code} and stores nothing', async () => {
    const [a, b] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const conversationId = await openConversation(ctx, a, b);
    const socket = await connect(a, newAddress());
    expect(await call(socket, 'sendMessage', { conversationId, text: 'before\u0000after' }))
      .toEqual({ msg: 'Invalid text: must not contain NUL characters', code: 'VALIDATION' });
    expect(await call(socket, 'typing', { conversationId: `${conversationId}\u0000` })).toMatchObject({ code: 'VALIDATION' });
    const [{ n }] = await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM messages WHERE conversation_id = ${conversationId}`);
    expect(n).toBe(0);
  });
});

// A second node on the same database and Redis, in this process: the caps and the budget must span both.
describe.skipIf(!process.env.REDIS_URL)('across two nodes (Redis)', () => {
  let otherUrl: string;
  let closeOther: () => Promise<void>;
  beforeAll(async () => {
    const redisUrl = process.env.REDIS_URL!;
    const redis = { pub: new Redis(redisUrl, { enableAutoPipelining: true }), sub: new Redis(redisUrl) };
    const other = await buildApp({
      config: ctx.config, db: ctx.db, limiter: ctx.limiter, redis,
      mailer: createMailer({ from: ctx.config.mailFrom, outboxDir: ctx.outboxDir }),
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    otherUrl = baseUrl({ app: other });
    closeOther = async () => {
      ctx.closeClients();
      await other.close();
      redis.pub.disconnect();
      redis.sub.disconnect();
    };
  });
  afterAll(() => closeOther());

  it('caps a user\'s sockets counted on both nodes', async () => {
    const user = await createUser(ctx.db);
    await connect(user, newAddress(), ctx.url);
    await connect(user, newAddress(), otherUrl);
    await connect(user, newAddress(), ctx.url);
    expect(await refusal(connect(user, newAddress(), otherUrl))).toBe(TOO_MANY_FOR_USER);
  });

  it('shares the event budget between the user\'s sockets on both nodes', async () => {
    const user = await createUser(ctx.db);
    const [here, there] = [await connect(user, newAddress(), ctx.url), await connect(user, newAddress(), otherUrl)];
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, () => call(here, 'userOnline', user.id)),
      ...Array.from({ length: 12 }, () => call(there, 'userOnline', user.id)),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(EVENTS);
    expect(answers.filter((a) => !a.ok)).toEqual(Array(24 - EVENTS).fill(tooMany));
  });
});
