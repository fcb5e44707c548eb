// Nesting past the bound (decision 0120): refused with 400 {msg, code} before any recursive walk, over HTTP bodies,
// query strings and socket payloads; a deep body costs a linear scan of its text, so a burst of them leaves the server
// answering others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, baseUrl, type TestContext } from '../test/harness.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { call, connectClient, openConversation, type ChatClient } from '../test/sockets.ts';
import { assertSafeInput, jsonNestsDeeper, MAX_NESTING, TOO_DEEP } from './input-safety.ts';

let ctx: TestContext;
let ana: TestUser;
let ben: TestUser;
beforeAll(async () => {
  ctx = await createTestContext({ listen: true });
  ana = await createUser(ctx.db);
  ben = await createUser(ctx.db);
});
afterAll(() => ctx.close());

const REFUSAL = { msg: TOO_DEEP, code: 'VALIDATION' };
const deepArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nested = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('the depth of JSON text', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonNestsDeeper(deepArrays(MAX_NESTING))).toBe(false);
    expect(jsonNestsDeeper(deepArrays(MAX_NESTING + 1))).toBe(true);
    expect(jsonNestsDeeper(deepObjects(MAX_NESTING + 1))).toBe(true);
    expect(jsonNestsDeeper(JSON.stringify({ text: '['.repeat(500), quoted: '\\"{{{{'.repeat(100) }))).toBe(false);
    expect(jsonNestsDeeper(`[${'[]'.repeat(10_000)}]`)).toBe(false);
  });

  it('parsed values are walked without recursion: 100,000 levels are refused, not a stack overflow', () => {
    expect(() => assertSafeInput(nested(100_000), 'query')).toThrow(TOO_DEEP);
    expect(() => assertSafeInput(nested(MAX_NESTING - 1), 'query')).not.toThrow();
  });
});

describe('over HTTP', () => {
  it.each([
    ['POST', '/api/users/login', undefined],
    ['POST', '/api/forumPosts', 'ana'],
    ['PUT', '/api/users/me', 'ana'],
  ])('%s %s: a body nested 20,000 deep answers 400 {msg, code}, signed in or out', async (method, url, who) => {
    for (const payload of [deepArrays(20_000), deepObjects(20_000), `{"title":"t","content":${deepArrays(20_000)}}`]) {
      const res = await ctx.app.inject({
        method: method as 'POST', url, payload, headers: { 'content-type': 'application/json', ...(who ? ana.headers : {}) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(REFUSAL);
    }
  });

  it('a body nested within the bound is read as before', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/forumPosts', headers: ana.headers, payload: { title: 'T', content: 'C', extra: nested(MAX_NESTING - 2) } });
    expect(res.statusCode).toBe(201);
  });

  it('a deep query string answers a 4xx {msg, code} or its ordinary answer, never a 5xx', async () => {
    const urls = [
      `/api/users?search=${encodeURIComponent(deepArrays(2000))}`,
      `/api/forumPosts/search?query=${encodeURIComponent(deepObjects(1000))}`,
      `/api/users?${'a'}${'[b]'.repeat(1000)}=1`,
      `/api/users?search[${'['.repeat(2000)}=1`,
    ];
    for (const url of urls) {
      const res = await ctx.app.inject({ url, headers: ana.headers });
      expect(res.statusCode, url).toBeLessThan(500);
      if (res.statusCode >= 400) expect(Object.keys(res.json()).sort()).toEqual(['code', 'msg']);
    }
  });

  it('ten 800 KB deep bodies at once are each refused with 400 and /healthz still answers', async () => {
    const body = deepArrays(400_000);
    const started = performance.now();
    const deep = Array.from({ length: 10 }, () => fetch(`${baseUrl(ctx)}/api/users/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body,
    }).then(async (res) => ({ status: res.status, body: await res.json(), ms: performance.now() - started })));
    const health = fetch(`${baseUrl(ctx)}/healthz`).then((res) => ({ status: res.status, ms: performance.now() - started }));
    const answers = await Promise.all(deep);
    const healthz = await health;
    for (const answer of answers) expect(answer).toMatchObject({ status: 400, body: REFUSAL });
    expect(healthz.status).toBe(200);
    console.log(`ten deep bodies: last answered after ${Math.round(Math.max(...answers.map((a) => a.ms)))} ms; /healthz after ${Math.round(healthz.ms)} ms`);
    // Generous (a shared, busy machine): a linear scan of 8 MB; the recursive walk took seconds and ended in 500s.
    expect(healthz.ms).toBeLessThan(5000);
  });
});

describe('over sockets', () => {
  // Written as raw socket.io packets: the client library's own encoder walks a payload recursively before sending.
  let nextAck = 900;
  const rawCall = (socket: ChatClient, argsJson: string) => new Promise<unknown>((resolve, reject) => {
    const id = nextAck++;
    const engine = socket.io.engine;
    const timer = setTimeout(() => reject(new Error('no ack')), 10_000);
    const onPacket = (packet: { type: string; data?: unknown }) => {
      if (packet.type !== 'message' || typeof packet.data !== 'string' || !packet.data.startsWith(`3${id}[`)) return;
      clearTimeout(timer);
      engine.off('packet', onPacket);
      resolve((JSON.parse(packet.data.slice(`3${id}`.length)) as unknown[])[0]);
    };
    engine.on('packet', onPacket);
    engine.write(`2${id}${argsJson}`);
  });

  it('a payload nested 20,000 deep is refused in the ack with {msg, code}, and the socket keeps working', async () => {
    const conversationId = await openConversation(ctx, ana, ben);
    const socket = await connectClient(baseUrl(ctx), ana.token);
    try {
      expect(await rawCall(socket, `["sendMessage",${deepArrays(20_000)}]`)).toEqual(REFUSAL);
      expect(await rawCall(socket, `["typing",{"conversationId":"${conversationId}","extra":${deepObjects(6_000)}}]`)).toEqual(REFUSAL);
      expect(await rawCall(socket, `["sendMessage",{"conversationId":"${conversationId}","text":"x"},${deepArrays(20_000)}]`)).toEqual(REFUSAL);
      expect(await call(socket, 'sendMessage', { conversationId, text: 'still here' })).toMatchObject({ text: 'still here' });
    } finally {
      socket.disconnect();
    }
  });
});
