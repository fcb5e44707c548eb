import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from './config.ts';
import { createTestContext, type TestContext } from './test/harness.ts';
import { createUser } from './test/factories.ts';
import { queryRows } from './db/client.ts';
import { migrate } from './db/migrate.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('health', () => {
  it('/healthz says the process is up and /readyz that the database answers', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });
});

describe('errors are {msg} with the right status, never 500 for bad input', () => {
  it('404 {msg} for an unknown API route', async () => {
    const res = await ctx.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: 'No such endpoint: GET /api/does-not-exist', code: 'NOT_FOUND' });
  });

  it('400 for malformed JSON', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: 'Malformed JSON in request body.', code: 'BAD_REQUEST' });
  });

  it('400 naming the field for a value of the wrong type', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 42, password: ['x'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/email/);
    expect(res.json().code).toBe('VALIDATION');
  });

  it('400 naming the field for an over-long string', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: `${'a'.repeat(300)}@x.test` } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/email/);
  });

  it('400 for a malformed id', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/admin/users/12345', headers: admin.headers, payload: { disabled: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/userId/);
  });

  it('413 for a body over 1 MB', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'a@b.test', password: 'x'.repeat(1_100_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ msg: 'Request body is too large (the limit is 1 MB).', code: 'TOO_LARGE' });
  });

  it('415 {msg} for a body that is not JSON', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ msg: 'Unsupported content type; send application/json.', code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});

describe('security headers', () => {
  it('a strict CSP with no inline script, no sniffing, no framing', async () => {
    const res = await ctx.app.inject({ url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    // Content security: requests go to this origin only (socket.io included), and images never over http.
    expect(csp.split('; ')).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/img-src[^;]*(http:|\*)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('HSTS when the request came over HTTPS through a trusted proxy', async () => {
    const behindProxy = await createTestContext({ config: { TRUST_PROXY: '1' } });
    try {
      const res = await behindProxy.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('client addresses behind a proxy (TRUST_PROXY)', () => {
  const forgot = (app: TestContext['app'], i: number, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: `nobody${i}@example.test` }, headers, remoteAddress });

  it('with a hop count, addresses a client writes into X-Forwarded-For do not escape the per-address limit', async () => {
    const behindProxy = await createTestContext({ config: { TRUST_PROXY: '1', FORGOT_MAX_PER_IP_HOUR: '30' } });
    try {
      const statuses = [];
      // The proxy appends the real client (198.51.100.7) after whatever the client forged.
      for (let i = 0; i < 35; i++) statuses.push((await forgot(behindProxy.app, i, { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` })).statusCode);
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
    } finally {
      await behindProxy.close();
    }
  });

  it('with proxy addresses, a header from anyone else is ignored', async () => {
    const behindProxy = await createTestContext({ config: { TRUST_PROXY: '10.0.0.0/8', FORGOT_MAX_PER_IP_HOUR: '30' } });
    try {
      const statuses = [];
      for (let i = 0; i < 35; i++) statuses.push((await forgot(behindProxy.app, i, { 'x-forwarded-for': `203.0.113.${i}` }, '192.0.2.9')).statusCode);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
      // From the named proxy, the client it names is believed.
      const viaProxy = await forgot(behindProxy.app, 99, { 'x-forwarded-for': '198.51.100.8' }, '10.1.2.3');
      expect(viaProxy.statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });

  it('takes a hop count or addresses, never "trust everyone"', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16, ::1' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    for (const bad of ['true', 'yes', '10.0.0.0/33', 'proxy.example.org']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/^Invalid environment variable TRUST_PROXY/);
    }
  });
});

describe('configuration', () => {
  it('a bad value stops with one line naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid environment variable PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('demo data only goes into the embedded database unless asked for', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    const pg = { DATABASE_URL: 'postgres://x@127.0.0.1/db', ENCRYPTION_KEY_FILE: '/run/keys/thera.key' };
    expect(loadConfig(pg).seedDemo).toBe(false);
    expect(loadConfig({ ...pg, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(() => loadConfig({ DATABASE_URL: pg.DATABASE_URL })).toThrow(/ENCRYPTION_KEY_FILE is required/);
  });

  it('bounds the read cache by megabytes and keys', () => {
    expect(loadConfig({}).readCache).toEqual({ maxBytes: 64 * 1024 * 1024, maxKeys: 5000 });
    expect(loadConfig({ READ_CACHE_MAX_MB: '8', READ_CACHE_MAX_KEYS: '100' }).readCache).toEqual({ maxBytes: 8 * 1024 * 1024, maxKeys: 100 });
    expect(() => loadConfig({ READ_CACHE_MAX_MB: '0' })).toThrow(/READ_CACHE_MAX_MB/);
  });
});

describe('migrations', () => {
  it('are recorded and applying them again changes nothing', async () => {
    const before = await queryRows<{ name: string }>(ctx.db, sql`SELECT name FROM schema_migrations ORDER BY name`);
    expect(before.length).toBeGreaterThan(0);
    expect(await migrate(ctx.db)).toEqual([]);
  });

  it('create the indexes the lists and searches need', async () => {
    const rows = await queryRows<{ indexname: string }>(ctx.db, sql`SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`);
    const names = rows.map((r) => r.indexname);
    for (const name of ['users_specialties_gin', 'users_location_trgm', 'posts_search_gin', 'communities_search_gin', 'resources_search_gin', 'posts_created_idx', 'messages_conversation_created_idx']) {
      expect(names).toContain(name);
    }
  });
});
