// The session cache (docs/decisions/0069): reads may reuse a looked-up session for a moment, but nothing that ends or
// changes a session waits for that moment to pass, on this node or another; writes always ask the database.
// The entries live a minute here, so that only forgetting (never expiry) can explain a fresh answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import type { App } from '../context.ts';
import { createSessionCache } from './session-cache.ts';
import { createTestContext, openTestDatabase, type TestContext, startRedisNode } from '../test/harness.ts';
import { createAdmin, createUser } from '../test/factories.ts';
import { caller } from '../test/http.ts';
import { enrol } from '../test/totp.ts';

const MINUTE_CACHE = { SESSION_CACHE_MS: '60000' };

describe('the cache itself', () => {
  const session = (sessionId: string, userId: string) => ({
    sessionId, userId, name: 'x', role: 'user', verificationStatus: 'verified', createdAt: 0, lastUsedAt: 0, disabled: false, withoutSecondFactor: false, twoFactorEnabled: false, rejectionReason: null,
  });

  it('answers until its time is up, then not', () => {
    let now = 0;
    const cache = createSessionCache({ ttlMs: 2000, now: () => now });
    cache.set('h1', session('s1', 'u1'));
    now = 1999;
    expect(cache.get('h1')?.sessionId).toBe('s1');
    now = 2000;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('lets one request per interval write a session\'s last-used time; off when the cache is off', () => {
    const cache = createSessionCache({ ttlMs: 2000 });
    // A screen's requests arrive together: the first writes, the rest do not.
    expect([cache.claimTouch('s1', 0, 60_000), cache.claimTouch('s1', 5, 60_000), cache.claimTouch('s2', 5, 60_000)]).toEqual([true, false, true]);
    expect(cache.claimTouch('s1', 59_999, 60_000)).toBe(false);
    expect(cache.claimTouch('s1', 60_000, 60_000)).toBe(true);
    const off = createSessionCache({ ttlMs: 0 });
    expect([off.claimTouch('s1', 0, 60_000), off.claimTouch('s1', 1, 60_000)]).toEqual([true, true]);
  });

  it('forgets by session and by user, and keeps at most maxKeys (oldest first out)', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxKeys: 3 });
    cache.set('a', session('s1', 'u1'));
    cache.set('b', session('s2', 'u1'));
    cache.set('c', session('s3', 'u2'));
    cache.forgetSession('s1');
    expect([cache.get('a'), cache.get('b')?.sessionId]).toEqual([undefined, 's2']);
    cache.forgetUser('u1');
    expect(cache.get('b')).toBeUndefined();
    cache.set('d', session('s4', 'u3'));
    cache.set('e', session('s5', 'u4'));
    cache.set('f', session('s6', 'u5'));
    expect(cache.size).toBe(3);
    expect(cache.get('c')).toBeUndefined();
  });

  it('with no time to live keeps nothing', () => {
    const cache = createSessionCache({ ttlMs: 0 });
    cache.set('a', session('s1', 'u1'));
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('on one node', () => {
  let ctx: TestContext;
  const call = caller(() => ctx.app);
  beforeAll(async () => {
    ctx = await createTestContext({ config: MINUTE_CACHE });
  });
  afterAll(() => ctx.close());

  it('a signed-out session is refused at once, although a read had just been answered from it', async () => {
    const user = await createUser(ctx.db);
    expect((await call('GET', '/api/users/me', user)).status).toBe(200);
    expect((await call('POST', '/api/users/logout', user)).status).toBe(200);
    expect((await call('GET', '/api/users/me', user)).status).toBe(401);
  });

  it('a suspended member is refused at once; an approved one may read the members\' pages at once', async () => {
    const admin = await createAdmin(ctx.db);
    const [member, applicant] = await Promise.all([createUser(ctx.db), createUser(ctx.db, { status: 'pending' })]);
    expect((await call('GET', '/api/users/me', member)).status).toBe(200);
    expect((await call('GET', '/api/notifications/unread-count', applicant)).status).toBe(403);

    expect((await call('PATCH', `/api/admin/users/${member.id}`, admin, { disabled: true })).status).toBe(200);
    expect((await call('GET', '/api/users/me', member)).status).toBe(401);
    expect((await call('PATCH', `/api/admin/verifications/${applicant.id}`, admin, { approved: true })).status).toBe(200);
    expect((await call('GET', '/api/notifications/unread-count', applicant)).status).toBe(200);
  });

  it('/api/users/me answers from the session alone; enrolling two-factor sign-in and a licence decision show at once', async () => {
    const admin = await createAdmin(ctx.db);
    const user = await createUser(ctx.db);
    expect((await call('GET', '/api/users/me', user)).body).toMatchObject({ twoFactorEnabled: false, rejectionReason: null });
    // Turned on behind the app's back: the remembered session answers, so /me asked nothing of its own.
    await ctx.db.execute(sql`INSERT INTO two_factor (user_id, secret, enabled_at) VALUES (${user.id}, 'v1.by-hand', now())`);
    expect((await call('GET', '/api/users/me', user)).body.twoFactorEnabled).toBe(false);
    await ctx.db.execute(sql`DELETE FROM two_factor WHERE user_id = ${user.id}`);

    const { recoveryCodes } = await enrol(ctx.app, user);
    expect((await call('GET', '/api/users/me', user)).body).toMatchObject({ twoFactorEnabled: true, rejectionReason: null });
    expect((await call('POST', '/api/users/me/2fa/disable', user, { password: user.password, code: recoveryCodes[0] })).status).toBe(200);
    expect((await call('GET', '/api/users/me', user)).body.twoFactorEnabled).toBe(false);

    expect((await call('PATCH', `/api/admin/verifications/${user.id}`, admin, { approved: false, reason: 'Licence number not found' })).status).toBe(200);
    expect((await call('GET', '/api/users/me', user)).body).toMatchObject({ verificationStatus: 'rejected', rejectionReason: 'Licence number not found' });
  });

  it('a write always asks the database: a session deleted behind the app\'s back still answers reads for a moment, never writes', async () => {
    const user = await createUser(ctx.db);
    expect((await call('GET', '/api/users/me', user)).status).toBe(200);
    await ctx.db.execute(sql`DELETE FROM sessions WHERE user_id = ${user.id}`);
    expect((await call('GET', '/api/users/me', user)).status).toBe(200);
    expect((await call('POST', '/api/users/logout', user)).status).toBe(401);
  });
});

const twoNodes = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function startNode(db: Parameters<typeof buildApp>[0]['db']): Promise<App> {
  const node = await startRedisNode(db, { config: MINUTE_CACHE });
  cleanups.push(node.close);
  return node.app;
}

it.skipIf(!twoNodes)('a session signed out on one node is refused by the other, which had it cached', { timeout: 60_000 }, async () => {
  const database = await openTestDatabase();
  cleanups.push(() => database.close());
  const [nodeA, nodeB] = [await startNode(database.db), await startNode(database.db)];
  const user = await createUser(database.db);
  expect((await caller(() => nodeB)('GET', '/api/users/me', user)).status).toBe(200);
  expect((await caller(() => nodeA)('POST', '/api/users/logout', user)).status).toBe(200);
  // The word travels through Redis: well within a second, against the minute the entry would otherwise live.
  const deadline = Date.now() + 1000;
  let status = 200;
  while (status === 200 && Date.now() < deadline) {
    status = (await caller(() => nodeB)('GET', '/api/users/me', user)).status;
    if (status === 200) await new Promise((r) => setTimeout(r, 5));
  }
  expect(status).toBe(401);
});
