import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEXTS } from '../../../common/security.ts';
import { buildApp } from '../../app.ts';
import type { App } from '../../context.ts';
import { mfaChallenges, recoveryCodes, sessions, twoFactor, users } from '../../db/schema.ts';
import { createMailer } from '../../lib/mail.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { awayFromStepEdge, codeAt, enrol } from '../../test/totp.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const login = (user: TestUser, app: App = ctx.app) =>
  app.inject({ method: 'POST', url: '/api/users/login', payload: { email: user.email, password: user.password } }).then((r) => r.json());
const secondStep = (mfaToken: string, code: string, app: App = ctx.app) =>
  app.inject({ method: 'POST', url: '/api/users/login/2fa', payload: { mfaToken, code } }).then((r) => ({ status: r.statusCode, body: r.json() }));
const sessionCount = (userId: string) => ctx.db.$count(sessions, eq(sessions.userId, userId));
const signedInAs = async (token: string) => (await ctx.app.inject({ url: '/api/users/me', headers: { 'x-auth-token': token } })).json()._id;

describe('who may use the two-factor routes', () => {
  it.each([
    ['GET', '/api/users/me/2fa'], ['POST', '/api/users/me/2fa/setup'], ['POST', '/api/users/me/2fa/enable'], ['POST', '/api/users/me/2fa/disable'],
  ] as const)('%s %s: 401 for a visitor, whatever the body', async (method, url) => {
    expect(await call(method, url, undefined, { code: 'x'.repeat(500) })).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
  });

  it('a pending member may protect the account too (securing it does not wait for the licence)', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    await enrol(ctx.app, pending);
    expect((await call('GET', '/api/users/me/2fa', pending)).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });
});

describe('enrolment', () => {
  it('setup gives the secret as text and an otpauth:// URI, and stores the secret encrypted', async () => {
    const user = await createUser(ctx.db);
    const { status, body } = await call('POST', '/api/users/me/2fa/setup', user, { password: user.password });
    expect(status).toBe(200);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(body.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(body.secret);
    expect(uri.searchParams.get('issuer')).toBe('Thera Root');
    expect(decodeURIComponent(uri.pathname)).toContain(user.email);
    const [row] = await ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, user.id));
    expect(row.enabledAt).toBeNull();
    expect(row.secret).toMatch(/^e1:/);
    expect(row.secret).not.toContain(body.secret);
    expect((await call('GET', '/api/users/me/2fa', user)).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });

  it('a wrong code leaves it off; the right one turns it on and gives 10 single-use recovery codes, kept hashed', async () => {
    const user = await createUser(ctx.db);
    const { body: { secret } } = await call('POST', '/api/users/me/2fa/setup', user, { password: user.password });
    expect(await call('POST', '/api/users/me/2fa/enable', user, { code: '000000' === codeAt(secret) ? '111111' : '000000' }))
      .toEqual({ status: 400, body: { msg: TEXTS.badCode, code: 'BAD_REQUEST' } });
    expect(await call('POST', '/api/users/me/2fa/enable', user, { code: 'abc' })).toMatchObject({ status: 400 });
    expect((await call('GET', '/api/users/me/2fa', user)).body.enabled).toBe(false);
    await awayFromStepEdge();
    const { status, body } = await call('POST', '/api/users/me/2fa/enable', user, { code: codeAt(secret) });
    expect(status).toBe(200);
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    for (const code of body.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    const stored = await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored.map((r) => r.codeHash).sort()).toEqual(body.recoveryCodes.map((c: string) => hashToken(c.replace(/-/g, ''))).sort());
    expect((await call('GET', '/api/users/me', user)).body).toMatchObject({ twoFactorEnabled: true, mustEnrolTwoFactor: false });
    expect(await call('POST', '/api/users/me/2fa/enable', user, { code: codeAt(secret, 1) })).toMatchObject({ status: 409, body: { msg: TEXTS.alreadyOn } });
    expect(await call('POST', '/api/users/me/2fa/setup', user, { password: user.password })).toMatchObject({ status: 409, body: { msg: TEXTS.alreadyOn } });
  });

  it('setup asks for the current password: a missing one names the field, a wrong one is 400 and stores nothing', async () => {
    const user = await createUser(ctx.db);
    expect((await call('POST', '/api/users/me/2fa/setup', user, {})).body).toMatchObject({ code: 'VALIDATION', msg: expect.stringMatching(/password/) });
    expect((await call('POST', '/api/users/me/2fa/setup', user)).status).toBe(400);
    expect(await call('POST', '/api/users/me/2fa/setup', user, { password: 'not-the-password' }))
      .toEqual({ status: 400, body: { msg: TEXTS.wrongPassword, code: 'BAD_REQUEST' } });
    expect(await ctx.db.$count(twoFactor, eq(twoFactor.userId, user.id))).toBe(0);
  });

  it('wrong passwords at setup are counted with the other password forms: past the limit even the right one is 429', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < ctx.config.limits.loginFailsPerAccount; i++) {
      expect((await call('POST', '/api/users/me/2fa/setup', user, { password: `wrong-${i}-password` })).status).toBe(400);
    }
    expect(await call('POST', '/api/users/me/2fa/setup', user, { password: user.password })).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect((await call('POST', '/api/users/me/password', user, { currentPassword: user.password, newPassword: 'another-long-passphrase' })).status).toBe(429);
    expect(await ctx.db.$count(twoFactor, eq(twoFactor.userId, user.id))).toBe(0);
  });

  it('enable before setup is refused', async () => {
    const user = await createUser(ctx.db);
    expect(await call('POST', '/api/users/me/2fa/enable', user, { code: '123456' })).toEqual({ status: 400, body: { msg: TEXTS.noSetup, code: 'BAD_REQUEST' } });
  });
});

describe('sign-in with two-factor on', () => {
  it('the password step answers {mfaRequired, mfaToken} and opens no session; the token is stored hashed', async () => {
    const user = await createUser(ctx.db);
    await enrol(ctx.app, user);
    const before = await sessionCount(user.id);
    const body = await login(user);
    expect(body).toEqual({ mfaRequired: true, mfaToken: expect.any(String), factors: ['totp', 'recoveryCode'] });
    expect(await sessionCount(user.id)).toBe(before);
    const [challenge] = await ctx.db.select().from(mfaChallenges).where(eq(mfaChallenges.userId, user.id));
    expect(challenge.tokenHash).toBe(hashToken(body.mfaToken));
    expect(challenge.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
  });

  it('a TOTP code gives a session token; the mfaToken then cannot be used again', async () => {
    const user = await createUser(ctx.db);
    const { secret } = await enrol(ctx.app, user);
    const { mfaToken } = await login(user);
    await awayFromStepEdge();
    const done = await secondStep(mfaToken, codeAt(secret));
    expect(done).toEqual({ status: 200, body: { token: expect.any(String) } });
    expect(await signedInAs(done.body.token)).toBe(user.id);
    expect(await secondStep(mfaToken, codeAt(secret, 1))).toEqual({ status: 401, body: { msg: TEXTS.signInExpired, code: 'SIGN_IN_EXPIRED' } });
  });

  it('a used TOTP code is refused within its window (no replay); the next step\'s code works', async () => {
    const user = await createUser(ctx.db);
    const { secret } = await enrol(ctx.app, user);
    await awayFromStepEdge();
    const code = codeAt(secret);
    expect((await secondStep((await login(user)).mfaToken, code)).status).toBe(200);
    const again = (await login(user)).mfaToken;
    expect(await secondStep(again, code)).toEqual({ status: 400, body: { msg: TEXTS.replayed, code: 'BAD_REQUEST' } });
    // The previous step's code is older than the one used: refused too.
    expect((await secondStep(again, codeAt(secret, -1))).status).toBe(400);
    expect((await secondStep(again, codeAt(secret, 1))).status).toBe(200);
  });

  it('a recovery code works once, however it is typed; a used one is refused', async () => {
    const user = await createUser(ctx.db);
    const { recoveryCodes: codes } = await enrol(ctx.app, user);
    const typed = ` ${codes[3].toUpperCase().replace(/-/g, ' ')} `;
    const first = await secondStep((await login(user)).mfaToken, typed);
    expect(first.status).toBe(200);
    expect(await signedInAs(first.body.token)).toBe(user.id);
    expect(await secondStep((await login(user)).mfaToken, codes[3])).toEqual({ status: 400, body: { msg: TEXTS.badCode, code: 'BAD_REQUEST' } });
    expect((await call('GET', '/api/users/me/2fa', user)).body).toEqual({ enabled: true, recoveryCodesLeft: 9 });
    // Another member's recovery code is no code of this account.
    const other = await createUser(ctx.db);
    const { recoveryCodes: theirs } = await enrol(ctx.app, other);
    expect((await secondStep((await login(user)).mfaToken, theirs[0])).status).toBe(400);
  });

  it('an expired mfaToken is refused, as is a made-up one', async () => {
    const user = await createUser(ctx.db);
    const { secret } = await enrol(ctx.app, user);
    const { mfaToken } = await login(user);
    await ctx.db.update(mfaChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(mfaChallenges.tokenHash, hashToken(mfaToken)));
    expect(await secondStep(mfaToken, codeAt(secret))).toMatchObject({ status: 401, body: { code: 'SIGN_IN_EXPIRED' } });
    expect(await secondStep('not-a-token', codeAt(secret))).toMatchObject({ status: 401, body: { code: 'SIGN_IN_EXPIRED' } });
  });

  it('an account disabled between the two steps cannot finish signing in', async () => {
    const user = await createUser(ctx.db);
    const { secret } = await enrol(ctx.app, user);
    const { mfaToken } = await login(user);
    await ctx.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect(await secondStep(mfaToken, codeAt(secret))).toMatchObject({ status: 401, body: { code: 'SIGN_IN_EXPIRED' } });
  });

  it('wrong codes are limited per account, counted across nodes sharing the limiter; other accounts are not affected', async () => {
    const user = await createUser(ctx.db);
    const { secret } = await enrol(ctx.app, user);
    const otherNode = await buildApp({
      config: ctx.config, db: ctx.db, limiter: ctx.limiter, mailer: createMailer({ from: 'x <x@x.test>', outboxDir: ctx.outboxDir }),
    });
    await otherNode.ready();
    try {
      const wrong = codeAt(secret) === '000000' ? '999999' : '000000';
      const token = (await login(user)).mfaToken;
      for (let i = 0; i < ctx.config.limits.mfaFailsPerAccount; i++) {
        expect((await secondStep(token, wrong, i % 2 ? otherNode : ctx.app)).status).toBe(400);
      }
      await awayFromStepEdge();
      expect(await secondStep(token, codeAt(secret), otherNode)).toEqual({ status: 429, body: { msg: TEXTS.tooManyCodes, code: 'RATE_LIMITED' } });
      expect(await secondStep((await login(user)).mfaToken, codeAt(secret))).toMatchObject({ status: 429 });
      const other = await createUser(ctx.db);
      const theirs = await enrol(ctx.app, other);
      expect((await secondStep((await login(other)).mfaToken, codeAt(theirs.secret))).status).toBe(200);
    } finally {
      await otherNode.close();
    }
  });
});

describe('turning it off', () => {
  it('needs the password and a code (a recovery code will do); then sign-in is one step again', async () => {
    const user = await createUser(ctx.db);
    const { secret, recoveryCodes: codes } = await enrol(ctx.app, user);
    expect(await call('POST', '/api/users/me/2fa/disable', user, { password: 'wrong-password-here', code: codeAt(secret) }))
      .toEqual({ status: 400, body: { msg: TEXTS.wrongPassword, code: 'BAD_REQUEST' } });
    expect(await call('POST', '/api/users/me/2fa/disable', user, { password: user.password, code: 'aaaa-bbbb-cccc-dddd' }))
      .toEqual({ status: 400, body: { msg: TEXTS.badCode, code: 'BAD_REQUEST' } });
    expect((await call('GET', '/api/users/me/2fa', user)).body.enabled).toBe(true);
    expect(await call('POST', '/api/users/me/2fa/disable', user, { password: user.password, code: codes[0] }))
      .toEqual({ status: 200, body: { msg: TEXTS.twoFactorOff } });
    expect(await ctx.db.$count(recoveryCodes, eq(recoveryCodes.userId, user.id))).toBe(0);
    expect(await login(user)).toEqual({ token: expect.any(String) });
    expect(await call('POST', '/api/users/me/2fa/disable', user, { password: user.password, code: '123456' }))
      .toEqual({ status: 400, body: { msg: TEXTS.notOn, code: 'BAD_REQUEST' } });
  });

  it('wrong codes there are counted per session and apart from sign-in: five of them do not lock the owner out', async () => {
    const user = await createUser(ctx.db);
    const { secret, recoveryCodes: codes } = await enrol(ctx.app, user);
    const valid = new Set([-1, 0, 1, 2].map((step) => codeAt(secret, step)));
    const wrong = (n: number) => [0, 1, 2, 3, 4].map((k) => String(100000 + n * 10 + k)).find((c) => !valid.has(c)) ?? '';
    for (let i = 0; i < ctx.config.limits.mfaFailsPerAccount; i++) {
      expect((await call('POST', '/api/users/me/2fa/disable', user, { password: user.password, code: wrong(i) })).status).toBe(400);
    }
    expect(await call('POST', '/api/users/me/2fa/disable', user, { password: user.password, code: codeAt(secret) }))
      .toEqual({ status: 429, body: { msg: TEXTS.tooManyCodes, code: 'RATE_LIMITED' } });
    // Sign-in with a right code still works, and the new session has its own tries at turning it off.
    await awayFromStepEdge();
    const signedIn = await secondStep((await login(user)).mfaToken, codeAt(secret));
    expect(signedIn.status).toBe(200);
    const fresh = { headers: { 'x-auth-token': signedIn.body.token as string } };
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/users/me/2fa/disable', headers: fresh.headers, payload: { password: user.password, code: codes[0] },
    });
    expect(res.json()).toEqual({ msg: TEXTS.twoFactorOff });
  });

  it('400 naming the field for a missing password or code', async () => {
    const user = await createUser(ctx.db);
    expect((await call('POST', '/api/users/me/2fa/disable', user, { code: '123456' })).body.msg).toMatch(/password/);
    expect((await call('POST', '/api/users/me/2fa/disable', user, { password: 'x' })).body.msg).toMatch(/code/);
  });
});

describe('administrators', () => {
  it('are asked to turn it on at each sign-in until they do; members are not asked', async () => {
    const admin = await createAdmin(ctx.db);
    expect(await login(admin)).toEqual({ token: expect.any(String), twoFactorPrompt: true });
    expect(await login(admin)).toEqual({ token: expect.any(String), twoFactorPrompt: true });
    expect(await login(await createUser(ctx.db))).toEqual({ token: expect.any(String) });
    await enrol(ctx.app, admin);
    expect(await login(admin)).toEqual({ mfaRequired: true, mfaToken: expect.any(String), factors: ['totp', 'recoveryCode'] });
  });
});
