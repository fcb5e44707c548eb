import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { FORGOT_SUCCESS, INVALID_CREDENTIALS, REGISTERED, REGISTERED_ADDRESS_TAKEN } from '../../../common/accounts.ts';
import { LIMITS } from '../../../common/constants.ts';
import { sessions, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { mailIn } from '../../test/mail.ts';
import { createAdmin, createUser } from '../../test/factories.ts';
import { PASSWORD_RULES } from './password-policy.ts';
import { TOO_MANY_LOGINS } from './limits.ts';
import { RESET_INVALID } from './service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let counter = 0;
const uniqueEmail = () => `new-${Date.now()}-${counter++}@example.test`;
const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Robin Ashford', email: uniqueEmail(), password: 'quiet-harbour-lantern', confirmPassword: 'quiet-harbour-lantern',
  profession: 'Registered Psychotherapist', licenceNumber: 'CRPO-123', licensingBody: 'CRPO', region: 'ON', country: 'Canada', licenceExpiresOn: '2031-12-31',
  ...overrides,
});
const register = (body: Record<string, unknown>, ip = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/users/register', payload: body, remoteAddress: ip });
const login = (email: string, password: string, ip = '10.0.0.2') =>
  ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress: ip });

const mailTo = (to: string, pattern: RegExp) => mailIn(ctx.outboxDir, to, pattern);

describe('POST /api/users/register', () => {
  it('creates a pending account with the licence and signs it in, answering a session token as sign-in does', async () => {
    const body = validRegistration({ avatar: 'https://example.org/me.png' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ msg: REGISTERED, token: expect.any(String) });
    const [row] = await ctx.db.select().from(users).where(eq(users.email, body.email));
    expect(row).toMatchObject({ verificationStatus: 'pending', licenceNumber: 'CRPO-123', licensingBody: 'CRPO', licenceRegion: 'ON', licenceCountry: 'Canada', avatar: 'https://example.org/me.png' });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    // The token is a session like any other: the member is pending, and the session is listed with the others.
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { 'x-auth-token': res.json().token } });
    expect([me.statusCode, me.json()._id, me.json().verificationStatus]).toEqual([200, row.id, 'pending']);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, row.id))).toHaveLength(1);
    expect(String(res.headers['set-cookie'])).toMatch(/thera_session=/);
  });

  it('keeps the language the visitor chose in the footer on the account; a browser\'s language alone is not kept', async () => {
    const chosen = validRegistration();
    const withCookie = await ctx.app.inject({
      method: 'POST', url: '/api/users/register', payload: chosen, remoteAddress: '10.0.0.1', headers: { cookie: 'thera_locale=fr-CA' },
    });
    expect(withCookie.statusCode).toBe(201);
    const browserOnly = validRegistration();
    const withHeader = await ctx.app.inject({
      method: 'POST', url: '/api/users/register', payload: browserOnly, remoteAddress: '10.0.0.1', headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    expect(withHeader.statusCode).toBe(201);
    const localeOf = async (email: string) => (await ctx.db.select({ locale: users.locale }).from(users).where(eq(users.email, email)))[0].locale;
    expect([await localeOf(chosen.email), await localeOf(browserOnly.email)]).toEqual(['fr-CA', null]);
  });

  it('gives no session for an address that has an account, changes nothing, and tells the owner instead', async () => {
    const body = validRegistration();
    const first = await register(body);
    expect(first.statusCode).toBe(201);
    const again = await register({ ...body, name: 'Someone Else', email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ msg: REGISTERED_ADDRESS_TAKEN });
    const mail = await mailTo(body.email, /tried to create/);
    expect(mail).toMatch(/already have an account/);
    const rows = await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${body.email.toLowerCase()}`);
    expect(rows).toHaveLength(1);
    expect(rows[0].name).toBe(body.name);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, rows[0].id))).toHaveLength(1);
  });

  it.each([
    ['name', { name: '' }, /name/],
    ['email', { email: 'not-an-email' }, /email/],
    ['profession', { profession: ' ' }, /profession/],
    ['licenceNumber', { licenceNumber: undefined }, /licenceNumber/],
    ['licensingBody', { licensingBody: '' }, /licensingBody/],
    ['region', { region: '' }, /region/],
    ['country', { country: '' }, /country/],
    ['licence expiry missing', { licenceExpiresOn: undefined }, /licenceExpiresOn/],
    ['licence expiry in the past', { licenceExpiresOn: '2020-01-31' }, /licenceExpiresOn: must not be in the past/],
    ['licence expiry not a date', { licenceExpiresOn: '2031-02-30' }, /licenceExpiresOn/],
    ['avatar scheme', { avatar: 'javascript:alert(1)' }, /avatar/],
    ['over-long name', { name: 'x'.repeat(500) }, /name/],
  ])('400 naming the field for a bad %s', async (_label, overrides, field) => {
    const res = await register(validRegistration(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(field);
  });

  it('400 when the passwords do not match', async () => {
    const res = await register(validRegistration({ confirmPassword: 'something-else-entirely' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: 'Passwords do not match', code: 'BAD_REQUEST' });
  });

  it.each([
    ['too short', 'short-pw', PASSWORD_RULES.length],
    ['too long', 'a'.repeat(LIMITS.passwordMax + 1), `Invalid password: must be at most ${LIMITS.passwordMax} characters`],
    ['common', 'qwertyuiop', PASSWORD_RULES.common],
    ['the email', 'same-as-email@example.test', PASSWORD_RULES.personal],
    ['the name', 'Robin Ashford', PASSWORD_RULES.personal],
  ])('400 for a password that is %s', async (label, password, message) => {
    const overrides: Record<string, unknown> = { password, confirmPassword: password };
    if (label === 'the email') overrides.email = password;
    const res = await register(validRegistration(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(message);
  });
});

describe('POST /api/users/login and sessions', () => {
  it('returns a token that identifies the user, stored only as a hash', async () => {
    const user = await createUser(ctx.db);
    const res = await login(user.email.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(token).toMatch(/^[\w-]{40,}$/);
    const stored = await ctx.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored.some((s) => s.tokenHash === token)).toBe(false);
    const me = await ctx.app.inject({ url: '/api/users/me', headers: { 'x-auth-token': token } });
    expect(me.json()).toEqual({ _id: user.id, name: user.name, role: 'user', verificationStatus: 'verified', rejectionReason: null, twoFactorEnabled: false, mustEnrolTwoFactor: false, idleMinutes: 720, locale: null });
  });

  it('one message for a wrong password and for an unknown email', async () => {
    const user = await createUser(ctx.db);
    const wrong = await login(user.email, 'not-the-password');
    const unknown = await login('nobody@example.test', 'whatever-password');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ msg: INVALID_CREDENTIALS, code: 'BAD_REQUEST' });
    expect(unknown.json()).toEqual({ msg: INVALID_CREDENTIALS, code: 'BAD_REQUEST' });
  });

  it('400 when email or password is missing', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'a@b.test' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/password/);
  });

  it('401 for /me without a token, with a made-up token, and after logout', async () => {
    const user = await createUser(ctx.db);
    const anonymous = await ctx.app.inject({ url: '/api/users/me' });
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'UNAUTHORIZED']);
    const madeUp = await ctx.app.inject({ url: '/api/users/me', headers: { 'x-auth-token': 'made-up' } });
    expect([madeUp.statusCode, madeUp.json().code]).toEqual([401, 'SESSION_ENDED']);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/users/logout', headers: user.headers });
    expect(out.statusCode).toBe(200);
    const after = await ctx.app.inject({ url: '/api/users/me', headers: user.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ msg: 'Your session has ended. Please log in again.', code: 'SESSION_ENDED' });
  });

  it('expires a session after 30 days, and after 12 hours idle', async () => {
    const old = await createUser(ctx.db);
    const idle = await createUser(ctx.db);
    const fresh = await createUser(ctx.db);
    await ctx.db.update(sessions).set({ createdAt: sql`now() - interval '31 days'`, lastUsedAt: sql`now()` }).where(eq(sessions.userId, old.id));
    await ctx.db.update(sessions).set({ lastUsedAt: sql`now() - interval '13 hours'` }).where(eq(sessions.userId, idle.id));
    await ctx.db.update(sessions).set({ createdAt: sql`now() - interval '29 days'`, lastUsedAt: sql`now() - interval '11 hours'` }).where(eq(sessions.userId, fresh.id));
    expect((await ctx.app.inject({ url: '/api/users/me', headers: old.headers })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: idle.headers })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: fresh.headers })).statusCode).toBe(200);
    const left = await ctx.db.select().from(sessions).where(eq(sessions.userId, old.id));
    expect(left).toHaveLength(0);
  });

  it('a disabled account cannot sign in', async () => {
    const user = await createUser(ctx.db, { disabled: true });
    const res = await login(user.email, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/disabled/);
  });
});

describe('sign-in rate limits', () => {
  it('10 failed tries on one account from one address refuse that address, not the owner elsewhere', async () => {
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    for (let i = 0; i < 10; i++) expect((await login(user.email, 'wrong-password', '10.1.0.1')).statusCode).toBe(400);
    const guesser = await login(user.email, user.password, '10.1.0.1');
    expect(guesser.statusCode).toBe(429);
    expect(guesser.json()).toEqual({ msg: TOO_MANY_LOGINS, code: 'RATE_LIMITED' });
    expect((await login(other.email, other.password, '10.1.0.1')).statusCode).toBe(200);
    expect((await login(user.email, user.password, '10.1.1.1')).statusCode).toBe(200);
  });

  it('guessing from many addresses slows the account down but never locks its owner out', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 10; i++) expect((await login(user.email, 'wrong-password', `10.4.0.${i}`)).statusCode).toBe(400);
    let started = Date.now();
    expect((await login(user.email, user.password, '10.4.1.1')).statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    // However many addresses guessed, the wait stops growing at 3 s.
    for (let i = 0; i < 100; i++) await ctx.limiter.hit(`login:acct:${user.email.toLowerCase()}`, 60_000);
    started = Date.now();
    expect((await login(user.email, user.password, '10.4.1.2')).statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    expect(Date.now() - started).toBeLessThan(6_000);
  });

  it('successful sign-ins do not count', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 12; i++) expect((await login(user.email, user.password, '10.2.0.1')).statusCode).toBe(200);
    expect((await login(user.email, 'wrong-password', '10.2.0.1')).statusCode).toBe(400);
  });

  it('the window passes', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 10; i++) await login(user.email, 'wrong-password', '10.3.0.1');
    expect((await login(user.email, user.password, '10.3.0.1')).statusCode).toBe(429);
    await ctx.limiter.reset(`login:pair:10.3.0.1|${user.email.toLowerCase()}`);
    await ctx.limiter.reset(`login:acct:${user.email.toLowerCase()}`);
    await ctx.limiter.reset('login:ip:10.3.0.1');
    expect((await login(user.email, user.password, '10.3.0.1')).statusCode).toBe(200);
  });
});

describe('configurable per-IP limits', () => {
  let small: TestContext;
  beforeAll(async () => {
    small = await createTestContext({ config: { LOGIN_MAX_FAILS_PER_IP: '3', REGISTER_MAX_PER_IP_HOUR: '2', FORGOT_MAX_PER_EMAIL_HOUR: '2', FORGOT_MAX_PER_IP_HOUR: '3' } });
  });
  afterAll(() => small.close());

  it('limits failed sign-ins per address across accounts', async () => {
    const a = await createUser(small.db);
    for (const email of ['x1@e.test', 'x2@e.test', 'x3@e.test']) {
      await small.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: 'nope-nope-nope' }, remoteAddress: '10.9.9.9' });
    }
    const res = await small.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: a.email, password: a.password }, remoteAddress: '10.9.9.9' });
    expect(res.statusCode).toBe(429);
  });

  it('limits registrations per address', async () => {
    const go = () => small.app.inject({ method: 'POST', url: '/api/users/register', payload: validRegistration(), remoteAddress: '10.8.8.8' });
    expect((await go()).statusCode).toBe(201);
    expect((await go()).statusCode).toBe(201);
    const third = await go();
    expect(third.statusCode).toBe(429);
    expect(third.json().msg).toMatch(/Too many registrations/);
  });

  it('limits reset requests per email and per address', async () => {
    const go = (email: string, ip: string) => small.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email }, remoteAddress: ip });
    expect((await go('same@e.test', '10.7.0.1')).statusCode).toBe(200);
    expect((await go('same@e.test', '10.7.0.2')).statusCode).toBe(200);
    expect((await go('same@e.test', '10.7.0.3')).statusCode).toBe(429);
    expect((await go('b@e.test', '10.6.0.1')).statusCode).toBe(200);
    expect((await go('c@e.test', '10.6.0.1')).statusCode).toBe(200);
    expect((await go('d@e.test', '10.6.0.1')).statusCode).toBe(200);
    expect((await go('e@e.test', '10.6.0.1')).statusCode).toBe(429);
  });
});

describe('forgot and reset password', () => {
  const resetTokenFromOutbox = async (to: string) => (await mailTo(to, /reset-password\//)).match(/reset-password\/([\w-]+)/)![1];

  it('answers the same for known and unknown emails', async () => {
    const user = await createUser(ctx.db);
    const known = await ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: user.email } });
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: 'ghost@example.test' } });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ msg: FORGOT_SUCCESS });
    expect(unknown.json()).toEqual({ msg: FORGOT_SUCCESS });
  });

  it('resets once, revokes every session, and the token cannot be reused', async () => {
    const user = await createUser(ctx.db);
    await ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: user.email } });
    const token = await resetTokenFromOutbox(user.email);
    const reset = await ctx.app.inject({ method: 'POST', url: `/api/users/reset-password/${token}`, payload: { password: 'brand-new-meadow-path' } });
    expect(reset.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: user.headers })).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(400);
    expect((await login(user.email, 'brand-new-meadow-path')).statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'POST', url: `/api/users/reset-password/${token}`, payload: { password: 'another-new-meadow-path' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toMatch(/invalid or has expired/);
  });

  it('using one link ends the other outstanding links', async () => {
    const user = await createUser(ctx.db);
    await ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: user.email } });
    const first = await resetTokenFromOutbox(user.email);
    fs.rmSync(ctx.outboxDir, { recursive: true, force: true });
    await ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: user.email } });
    const second = await resetTokenFromOutbox(user.email);
    expect(second).not.toBe(first);
    const used = await ctx.app.inject({ method: 'POST', url: `/api/users/reset-password/${second}`, payload: { password: 'brand-new-meadow-path' } });
    expect(used.statusCode).toBe(200);
    const other = await ctx.app.inject({ method: 'POST', url: `/api/users/reset-password/${first}`, payload: { password: 'another-new-meadow-path' } });
    expect(other.statusCode).toBe(400);
    expect(other.json().msg).toBe(RESET_INVALID);
  });

  it('a disabled account cannot reset its password, and disabling ends its outstanding links', async () => {
    const admin = await createAdmin(ctx.db);
    const user = await createUser(ctx.db);
    await ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: user.email } });
    const token = await resetTokenFromOutbox(user.email);
    await ctx.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    const whileDisabled = await ctx.app.inject({ method: 'POST', url: `/api/users/reset-password/${token}`, payload: { password: 'brand-new-meadow-path' } });
    expect(whileDisabled.statusCode).toBe(400);
    await ctx.db.update(users).set({ disabled: false }).where(eq(users.id, user.id));
    const disable = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${user.id}`, headers: admin.headers, payload: { disabled: true } });
    expect(disable.statusCode).toBe(200);
    await ctx.db.update(users).set({ disabled: false }).where(eq(users.id, user.id));
    const afterDisabling = await ctx.app.inject({ method: 'POST', url: `/api/users/reset-password/${token}`, payload: { password: 'brand-new-meadow-path' } });
    expect(afterDisabling.statusCode).toBe(400);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses an expired token and a made-up one, and applies the password rule', async () => {
    const user = await createUser(ctx.db);
    await ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: user.email } });
    const token = await resetTokenFromOutbox(user.email);
    const weak = await ctx.app.inject({ method: 'POST', url: `/api/users/reset-password/${token}`, payload: { password: 'password' } });
    expect(weak.statusCode).toBe(400);
    await ctx.db.execute(sql`UPDATE password_reset_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = ${user.id}`);
    const expired = await ctx.app.inject({ method: 'POST', url: `/api/users/reset-password/${token}`, payload: { password: 'brand-new-meadow-path' } });
    expect(expired.statusCode).toBe(400);
    const madeUp = await ctx.app.inject({ method: 'POST', url: '/api/users/reset-password/not-a-token', payload: { password: 'brand-new-meadow-path' } });
    expect(madeUp.statusCode).toBe(400);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });
});

describe('PUT /api/users/me/licence', () => {
  it('a rejected user corrects the licence and goes back to pending', async () => {
    const user = await createUser(ctx.db, { status: 'rejected', rejectionReason: 'Number not found' });
    const me = await ctx.app.inject({ url: '/api/users/me', headers: user.headers });
    expect(me.json()).toMatchObject({ verificationStatus: 'rejected', rejectionReason: 'Number not found' });
    const res = await ctx.app.inject({
      method: 'PUT', url: '/api/users/me/licence', headers: user.headers,
      payload: { profession: 'Registered Psychotherapist', licenceNumber: 'CRPO-999', licensingBody: 'CRPO', region: 'ON', country: 'Canada', licenceExpiresOn: '2031-12-31' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().verificationStatus).toBe('pending');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ licenceNumber: 'CRPO-999', rejectionReason: null, verificationStatus: 'pending' });
  });

  it('401 signed out, 400 with a missing field', async () => {
    const user = await createUser(ctx.db);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/users/me/licence', payload: {} })).statusCode).toBe(401);
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/users/me/licence', headers: user.headers, payload: { profession: 'X' } });
    expect(res.statusCode).toBe(400);
  });

  it('decides access before reading the body: signed out is 401 even for malformed JSON; pending is let in to correct it', async () => {
    const malformed = { 'content-type': 'application/json' };
    const out = await ctx.app.inject({ method: 'PUT', url: '/api/users/me/licence', headers: malformed, payload: '{"profession": ' });
    expect(out.statusCode).toBe(401);
    expect(out.json()).toEqual({ msg: 'Please log in to continue.', code: 'UNAUTHORIZED' });
    const pending = await createUser(ctx.db, { status: 'pending' });
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/users/me/licence', headers: { ...pending.headers, ...malformed }, payload: '{"profession": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: 'Malformed JSON in request body.', code: 'BAD_REQUEST' });
  });
});
