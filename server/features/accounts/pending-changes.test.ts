// What a change of credentials ends: a pending change of email, a sign-in waiting for its code, other sessions and
// their sockets. Mail over SMTP to a real server on loopback, real socket.io clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEXTS } from '../../../common/security.ts';
import { users } from '../../db/schema.ts';
import { baseUrl, createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../test/loopback-smtp.ts';
import { connectClient, type ChatClient } from '../../test/sockets.ts';
import { awayFromStepEdge, codeAt, enrol } from '../../test/totp.ts';

let ctx: TestContext;
let smtp: LoopbackSmtp;
const call = caller(() => ctx.app);
beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  ctx = await createTestContext({ mailer: smtp.mailer, listen: true });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

let n = 0;
const freshAddress = () => `pending-${Date.now()}-${n++}@example.test`;
const NEW_PASSWORD = 'a-brand-new-long-passphrase';
const emailOf = async (id: string) => (await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;
const as = (token: string) => ({ headers: { 'x-auth-token': token } }) as TestUser;
const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } }).then((r) => r.json());
const secondStep = (mfaToken: string, code: string) => call('POST', '/api/users/login/2fa', undefined, { mfaToken, code });
const confirm = (token: string) => call('POST', '/api/users/confirm-email', undefined, { token });
const disconnected = (socket: ChatClient) =>
  new Promise<void>((resolve) => (socket.connected ? socket.once('disconnect', () => resolve()) : resolve()));

/** Someone who knows the password asks to move the account to their own address: the link they would receive. */
async function pendingEmailChange(user: TestUser): Promise<{ token: string; address: string }> {
  const address = freshAddress();
  expect((await call('POST', '/api/users/me/email', user, { password: user.password, email: address })).status).toBe(200);
  const mail = await smtp.mailTo(address, /Confirm/);
  return { token: /confirm-email\?token=([\w-]+)/.exec(mail)?.[1] ?? '', address };
}

async function resetThroughEmail(user: TestUser, password: string): Promise<void> {
  expect((await call('POST', '/api/users/forgot-password', undefined, { email: user.email })).status).toBe(200);
  const mail = await smtp.mailTo(user.email, /Reset your Thera Root password/);
  const token = /reset-password\/([\w-]+)/.exec(mail)?.[1] ?? '';
  expect((await call('POST', `/api/users/reset-password/${token}`, undefined, { password })).status).toBe(200);
}

describe('a password change or reset cancels what the old password began', () => {
  it('changing the password: the pending email link and the waiting sign-in no longer complete', async () => {
    const user = await createUser(ctx.db);
    const { secret } = await enrol(ctx.app, user);
    const link = await pendingEmailChange(user);
    const { mfaToken } = await login(user.email, user.password);
    expect((await call('POST', '/api/users/me/password', user, { currentPassword: user.password, newPassword: NEW_PASSWORD })).status).toBe(200);
    expect(await confirm(link.token)).toEqual({ status: 400, body: { msg: TEXTS.emailInvalid, code: 'BAD_REQUEST' } });
    expect(await emailOf(user.id)).toBe(user.email);
    await awayFromStepEdge();
    expect(await secondStep(mfaToken, codeAt(secret))).toMatchObject({ status: 401, body: { code: 'SIGN_IN_EXPIRED' } });
  });

  it('resetting it through email: the same, and two-factor sign-in stays on (the next sign-in asks for a code)', async () => {
    const user = await createUser(ctx.db);
    const { secret } = await enrol(ctx.app, user);
    const link = await pendingEmailChange(user);
    const { mfaToken } = await login(user.email, user.password);
    await resetThroughEmail(user, NEW_PASSWORD);
    expect(await confirm(link.token)).toMatchObject({ status: 400, body: { msg: TEXTS.emailInvalid } });
    expect(await emailOf(user.id)).toBe(user.email);
    await awayFromStepEdge();
    expect(await secondStep(mfaToken, codeAt(secret))).toMatchObject({ status: 401, body: { code: 'SIGN_IN_EXPIRED' } });
    const again = await login(user.email, NEW_PASSWORD);
    expect(again).toEqual({ mfaRequired: true, mfaToken: expect.any(String), factors: ['totp', 'recoveryCode'] });
    expect((await secondStep(again.mfaToken, codeAt(secret))).status).toBe(200);
  });
});

describe('turning two-factor sign-in on', () => {
  it('cancels a pending email change and ends every other session and its socket; this session stays', async () => {
    const user = await createUser(ctx.db);
    const other = (await login(user.email, user.password)).token as string;
    const otherSocket = await connectClient(baseUrl(ctx), other);
    const ownSocket = await connectClient(baseUrl(ctx), user.token);
    const link = await pendingEmailChange(user);
    expect((await call('GET', '/api/users/me', as(other))).status).toBe(200);
    const gone = disconnected(otherSocket);
    await enrol(ctx.app, user);
    await gone;
    expect(otherSocket.connected).toBe(false);
    expect(await call('GET', '/api/users/me', as(other))).toMatchObject({ status: 401, body: { code: 'SESSION_ENDED' } });
    await expect(connectClient(baseUrl(ctx), other)).rejects.toThrow(/unauthorized/);
    expect((await call('GET', '/api/users/me', user)).body).toMatchObject({ twoFactorEnabled: true });
    expect(ownSocket.connected).toBe(true);
    expect(await confirm(link.token)).toMatchObject({ status: 400, body: { msg: TEXTS.emailInvalid } });
    ownSocket.close();
  });
});

describe('confirming an email change', () => {
  it('signed out: every session of the account ends, with its sockets (a page cookie holds one of these tokens)', async () => {
    const user = await createUser(ctx.db);
    const other = (await login(user.email, user.password)).token as string;
    const sockets = await Promise.all([connectClient(baseUrl(ctx), user.token), connectClient(baseUrl(ctx), other)]);
    const link = await pendingEmailChange(user);
    // Read once first, so the sessions are in the read cache that pages and GETs are answered from.
    for (const token of [user.token, other]) expect((await call('GET', '/api/users/me', as(token))).status).toBe(200);
    const gone = Promise.all(sockets.map(disconnected));
    expect(await confirm(link.token)).toEqual({ status: 200, body: { msg: TEXTS.emailChanged } });
    await gone;
    for (const token of [user.token, other]) {
      expect(await call('GET', '/api/users/me', as(token))).toMatchObject({ status: 401, body: { code: 'SESSION_ENDED' } });
    }
    expect(await emailOf(user.id)).toBe(link.address);
  });

  it('signed in as the owner: that session stays, the others end', async () => {
    const user = await createUser(ctx.db);
    const other = (await login(user.email, user.password)).token as string;
    const otherSocket = await connectClient(baseUrl(ctx), other);
    const link = await pendingEmailChange(user);
    const gone = disconnected(otherSocket);
    expect((await call('POST', '/api/users/confirm-email', user, { token: link.token })).status).toBe(200);
    await gone;
    expect((await call('GET', '/api/users/me', user)).status).toBe(200);
    expect((await call('GET', '/api/users/me', as(other))).status).toBe(401);
  });

  it('cancels a sign-in that was waiting for its code', async () => {
    const user = await createUser(ctx.db);
    const { secret } = await enrol(ctx.app, user);
    const link = await pendingEmailChange(user);
    const { mfaToken } = await login(user.email, user.password);
    expect((await confirm(link.token)).status).toBe(200);
    await awayFromStepEdge();
    expect(await secondStep(mfaToken, codeAt(secret))).toMatchObject({ status: 401, body: { code: 'SIGN_IN_EXPIRED' } });
  });

  it('a session of another member who opens the link is not the owner\'s: the owner\'s sessions all end, theirs stays', async () => {
    const user = await createUser(ctx.db);
    const stranger = await createUser(ctx.db);
    const link = await pendingEmailChange(user);
    expect((await call('POST', '/api/users/confirm-email', stranger, { token: link.token })).status).toBe(200);
    expect((await call('GET', '/api/users/me', user)).status).toBe(401);
    expect((await call('GET', '/api/users/me', stranger)).status).toBe(200);
  });
});
