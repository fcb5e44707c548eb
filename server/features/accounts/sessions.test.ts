import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PASSWORD_RULES } from './password-policy.ts';
import { SESSIONS_PAGE_SIZE, TEXTS } from '../../../common/security.ts';
import { sessions } from '../../db/schema.ts';
import { createSession } from '../../lib/auth.ts';
import { baseUrl, createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { mailIn } from '../../test/mail.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { connectClient, type ChatClient } from '../../test/sockets.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
beforeAll(async () => {
  ctx = await createTestContext({ listen: true });
});
afterAll(() => ctx.close());

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0';

/** Signs in again from a device: the new session's token as a user's headers. */
async function signInFrom(user: TestUser, userAgent: string, ip: string): Promise<TestUser> {
  const res = await ctx.app.inject({
    method: 'POST', url: '/api/users/login', remoteAddress: ip, headers: { 'user-agent': userAgent },
    payload: { email: user.email, password: user.password },
  });
  const { token } = res.json();
  return { ...user, token, headers: { 'x-auth-token': token } };
}

const disconnected = (socket: ChatClient) =>
  new Promise<void>((resolve) => (socket.connected ? socket.once('disconnect', () => resolve()) : resolve()));
const status = async (user: TestUser) => (await call('GET', '/api/users/me', user)).status;

describe('who may see and end sessions', () => {
  it.each([
    ['GET', '/api/users/me/sessions'], ['DELETE', '/api/users/me/sessions'], ['DELETE', '/api/users/me/sessions/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/users/me/password'],
  ] as const)('%s %s: 401 for a visitor', async (method, url) => {
    expect(await call(method, url, undefined, { junk: 1 })).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
  });

  it('a pending member and an administrator see their own sessions', async () => {
    for (const user of [await createUser(ctx.db, { status: 'pending' }), await createAdmin(ctx.db)]) {
      const { status: code, body } = await call('GET', '/api/users/me/sessions', user);
      expect(code).toBe(200);
      expect(body.sessions).toHaveLength(1);
    }
  });
});

describe('GET /api/users/me/sessions', () => {
  it('names the device and browser, hides the end of the address, and marks this session', async () => {
    const user = await createUser(ctx.db);
    const mac = await signInFrom(user, CHROME_MAC, '203.0.113.57');
    const phone = await signInFrom(user, FIREFOX_ANDROID, '2001:db8:85a3:8d3:1319:8a2e:370:7348');
    const { status: code, body } = await call('GET', '/api/users/me/sessions', mac);
    expect(code).toBe(200);
    expect(body.nextCursor).toBeNull();
    expect(body.sessions).toHaveLength(3);
    const [newest, middle, oldest] = body.sessions;
    // Names and a code, no English: the reader's app says them (common/i18n/device-messages.ts).
    expect(newest).toMatchObject({
      device: { browser: 'Firefox', browserVersion: '121', os: 'Android', osVersion: expect.any(String), platform: 'mobile' }, address: '2001:db8:85a3:x:x:x:x:x', current: false,
    });
    expect(middle).toMatchObject({
      _id: expect.any(String), device: { browser: 'Chrome', browserVersion: '120', os: 'macOS', platform: 'desktop' }, address: '203.0.113.x', current: true,
    });
    expect(oldest).toMatchObject({ device: { browser: null, browserVersion: null, os: null, osVersion: null, platform: null }, address: null, current: false });
    for (const s of body.sessions) {
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastSeenAt)).not.toBeNaN();
    }
    const stored = await ctx.db.select({ ip: sessions.ip }).from(sessions).where(eq(sessions.userId, user.id));
    expect(stored.map((s) => s.ip)).not.toContain('203.0.113.57');
    expect((await call('GET', '/api/users/me/sessions', phone)).body.sessions.find((s: { current: boolean }) => s.current).device.browser).toBe('Firefox');
  });

  it('an IPv4 address mapped into IPv6 is shown as IPv4', async () => {
    const user = await createUser(ctx.db);
    const mapped = await signInFrom(user, CHROME_MAC, '::ffff:198.51.100.23');
    expect((await call('GET', '/api/users/me/sessions', mapped)).body.sessions[0].address).toBe('198.51.100.x');
  });

  it('pages with a cursor, newest first, without gaps or repeats; a bad cursor is 400', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < SESSIONS_PAGE_SIZE + 4; i++) await createSession(ctx.db, user.id);
    const first = (await call('GET', '/api/users/me/sessions', user)).body;
    expect(first.sessions).toHaveLength(SESSIONS_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await call('GET', `/api/users/me/sessions?before=${encodeURIComponent(first.nextCursor)}`, user)).body;
    expect(second.sessions).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.sessions, ...second.sessions].map((s: { _id: string }) => s._id);
    expect(new Set(ids).size).toBe(SESSIONS_PAGE_SIZE + 5);
    const times = [...first.sessions, ...second.sessions].map((s: { createdAt: string }) => s.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await call('GET', '/api/users/me/sessions?before=yesterday', user)).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
  });
});

describe('ending sessions', () => {
  it('DELETE one ends it and its sockets; the others stay', async () => {
    const user = await createUser(ctx.db);
    const laptop = await signInFrom(user, CHROME_MAC, '203.0.113.5');
    const phone = await signInFrom(user, FIREFOX_ANDROID, '203.0.113.6');
    const phoneSocket = await connectClient(baseUrl(ctx), phone.token);
    const laptopSocket = await connectClient(baseUrl(ctx), laptop.token);
    const list = (await call('GET', '/api/users/me/sessions', laptop)).body.sessions;
    const phoneSession = list.find((s: { device: { browser: string } }) => s.device.browser === 'Firefox');
    const gone = disconnected(phoneSocket);
    expect(await call('DELETE', `/api/users/me/sessions/${phoneSession._id}`, laptop)).toEqual({ status: 200, body: { msg: TEXTS.sessionEnded } });
    await gone;
    expect(phoneSocket.connected).toBe(false);
    expect(await call('GET', '/api/users/me', phone)).toMatchObject({ status: 401, body: { code: 'SESSION_ENDED' } });
    expect(laptopSocket.connected).toBe(true);
    expect(await status(laptop)).toBe(200);
    expect(await status(user)).toBe(200);
    laptopSocket.close();
  });

  it('another member\'s session is 404 and stays; a malformed id is 400', async () => {
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const [theirs] = await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, other.id));
    expect(await call('DELETE', `/api/users/me/sessions/${theirs.id}`, user)).toEqual({ status: 404, body: { msg: 'Session not found.', code: 'NOT_FOUND' } });
    expect(await status(other)).toBe(200);
    expect((await call('DELETE', '/api/users/me/sessions/not-an-id', user)).status).toBe(400);
  });

  it('DELETE all ends every other session and its sockets; this one and its socket stay', async () => {
    const user = await createUser(ctx.db);
    const a = await signInFrom(user, CHROME_MAC, '203.0.113.7');
    const b = await signInFrom(user, FIREFOX_ANDROID, '203.0.113.8');
    const sockets = await Promise.all([user, a, b].map((u) => connectClient(baseUrl(ctx), u.token)));
    const gone = Promise.all([disconnected(sockets[0]), disconnected(sockets[1])]);
    expect(await call('DELETE', '/api/users/me/sessions', b)).toEqual({ status: 200, body: { msg: TEXTS.sessionsEnded, ended: 2 } });
    await gone;
    expect(sockets.map((s) => s.connected)).toEqual([false, false, true]);
    expect([await status(user), await status(a), await status(b)]).toEqual([401, 401, 200]);
    expect((await call('GET', '/api/users/me/sessions', b)).body.sessions).toHaveLength(1);
    sockets[2].close();
  });
});

describe('POST /api/users/me/password', () => {
  it('refuses a wrong current password and a new one that breaks the policy, changing nothing', async () => {
    const user = await createUser(ctx.db);
    const other = await signInFrom(user, CHROME_MAC, '203.0.113.9');
    expect(await call('POST', '/api/users/me/password', user, { currentPassword: 'not-my-password', newPassword: 'lantern-harbour-quiet-7' }))
      .toEqual({ status: 400, body: { msg: TEXTS.wrongPassword, code: 'BAD_REQUEST' } });
    expect(await call('POST', '/api/users/me/password', user, { currentPassword: user.password, newPassword: 'short' }))
      .toEqual({ status: 400, body: { msg: PASSWORD_RULES.length, code: 'BAD_REQUEST' } });
    expect(await call('POST', '/api/users/me/password', user, { currentPassword: user.password, newPassword: user.email }))
      .toEqual({ status: 400, body: { msg: PASSWORD_RULES.personal, code: 'BAD_REQUEST' } });
    expect((await call('POST', '/api/users/me/password', user, { currentPassword: user.password })).body.msg).toMatch(/newPassword/);
    expect(await status(other)).toBe(200);
  });

  it('changes it: other sessions and their sockets end, this one stays, the new password signs in, a notice is sent', async () => {
    const user = await createUser(ctx.db);
    const other = await signInFrom(user, FIREFOX_ANDROID, '203.0.113.10');
    const otherSocket = await connectClient(baseUrl(ctx), other.token);
    const ownSocket = await connectClient(baseUrl(ctx), user.token);
    const gone = disconnected(otherSocket);
    const newPassword = 'lantern-harbour-quiet-7';
    expect(await call('POST', '/api/users/me/password', user, { currentPassword: user.password, newPassword }))
      .toEqual({ status: 200, body: { msg: TEXTS.passwordChanged } });
    await gone;
    expect(otherSocket.connected).toBe(false);
    expect(ownSocket.connected).toBe(true);
    expect(await status(other)).toBe(401);
    expect(await status(user)).toBe(200);
    const oldLogin = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: user.email, password: user.password } });
    expect(oldLogin.statusCode).toBe(400);
    const newLogin = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: user.email, password: newPassword } });
    expect(newLogin.statusCode).toBe(200);
    expect(await mailIn(ctx.outboxDir, user.email, /password was changed/)).not.toContain(newPassword);
    ownSocket.close();
  });

  it('wrong current passwords are limited per account', async () => {
    const user = await createUser(ctx.db);
    const body = { currentPassword: 'not-my-password', newPassword: 'lantern-harbour-quiet-7' };
    for (let i = 0; i < ctx.config.limits.loginFailsPerAccount; i++) expect((await call('POST', '/api/users/me/password', user, body)).status).toBe(400);
    expect(await call('POST', '/api/users/me/password', user, { ...body, currentPassword: user.password })).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
  });
});
