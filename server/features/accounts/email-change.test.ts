// The change of email, with mail sent over SMTP to a real server on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEXTS } from '../../../common/security.ts';
import { emailChangeTokens, users } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../test/loopback-smtp.ts';

let ctx: TestContext;
let smtp: LoopbackSmtp;
const call = caller(() => ctx.app);
beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  ctx = await createTestContext({ mailer: smtp.mailer });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

let n = 0;
const freshAddress = () => `moved-${Date.now()}-${n++}@example.test`;
const emailOf = async (id: string) => (await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;
const tokenIn = (mail: string) => /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1] ?? '';
const requestChange = (user: TestUser, email: string, password = user.password) => call('POST', '/api/users/me/email', user, { password, email });
const confirm = (token: string) => call('POST', '/api/users/confirm-email', undefined, { token });
const signIn = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } }).then((r) => r.statusCode);

describe('POST /api/users/me/email', () => {
  it('401 for a visitor, whatever the body', async () => {
    expect(await call('POST', '/api/users/me/email', undefined, { email: 1 })).toMatchObject({ status: 401 });
  });

  it('refuses a wrong password, the same address and a malformed one, sending nothing', async () => {
    const user = await createUser(ctx.db);
    const sent = smtp.received.length;
    expect(await requestChange(user, freshAddress(), 'not-my-password')).toEqual({ status: 400, body: { msg: TEXTS.wrongPassword, code: 'BAD_REQUEST' } });
    expect(await requestChange(user, user.email.toUpperCase())).toEqual({ status: 400, body: { msg: TEXTS.emailSame, code: 'BAD_REQUEST' } });
    expect((await requestChange(user, 'not-an-address')).body.msg).toMatch(/email/);
    expect(await ctx.db.$count(emailChangeTokens, eq(emailChangeTokens.userId, user.id))).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.length).toBe(sent);
  });

  it('sends a link to the new address and a notice to the old; the email changes only when the link is used, once', async () => {
    const user = await createUser(ctx.db);
    const next = freshAddress();
    expect(await requestChange(user, next)).toEqual({ status: 200, body: { msg: TEXTS.emailSent } });
    const link = await smtp.mailTo(next, /Confirm your new Thera Root email address/);
    const notice = await smtp.mailTo(user.email, /change of your Thera Root email address was requested/);
    expect(notice).toContain(next);
    expect(notice).not.toContain('confirm-email');
    const token = tokenIn(link);
    expect(token).not.toBe('');
    const [stored] = await ctx.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, user.id));
    expect(stored.tokenHash).toBe(hashToken(token));
    expect(await emailOf(user.id)).toBe(user.email);

    expect(await confirm(token)).toEqual({ status: 200, body: { msg: TEXTS.emailChanged } });
    expect(await emailOf(user.id)).toBe(next);
    expect(await smtp.mailTo(user.email, /email address of your Thera Root account is now/)).toContain(next);
    expect(await signIn(next, user.password)).toBe(200);
    expect(await signIn(user.email, user.password)).toBe(400);
    expect(await confirm(token)).toEqual({ status: 400, body: { msg: TEXTS.emailInvalid, code: 'BAD_REQUEST' } });
  });

  it('answers a taken address as a free one: the taken address is told by mail, and nothing is pending or changes', async () => {
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const free = freshAddress();
    await requestChange(user, free);
    const earlier = tokenIn(await smtp.mailTo(free, /Confirm/));
    const taken = await requestChange(user, other.email.toUpperCase());
    expect(taken).toEqual(await requestChange(await createUser(ctx.db), freshAddress()));
    expect(taken).toEqual({ status: 200, body: { msg: TEXTS.emailSent } });
    const told = await smtp.mailTo(other.email, /already in use/);
    expect(told).toContain(TEXTS.emailTaken);
    expect(told).not.toContain('confirm-email');
    expect(told).not.toContain(user.name);
    // The owner's notice names the address asked for, taken or not.
    await smtp.mailTo(user.email, new RegExp(`requested[^]*${other.email.toUpperCase().replace(/\./g, '\\.')}`));
    // The earlier link was replaced, as a request for a free address replaces it: no way to tell the two apart.
    expect(await ctx.db.$count(emailChangeTokens, eq(emailChangeTokens.userId, user.id))).toBe(0);
    expect(await confirm(earlier)).toMatchObject({ status: 400, body: { msg: TEXTS.emailInvalid } });
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await emailOf(other.id)).toBe(other.email);
  });

  it('counts requests before checking anything: past the limit a taken address and a free one hear the same 429', async () => {
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    for (let i = 0; i < 5; i++) expect((await requestChange(user, i % 2 ? other.email : freshAddress())).status).toBe(200);
    const limited = { status: 429, body: { msg: 'Too many email changes. Please try again later.', code: 'RATE_LIMITED' } };
    expect(await requestChange(user, other.email)).toEqual(limited);
    expect(await requestChange(user, freshAddress())).toEqual(limited);
    expect(await requestChange(user, user.email)).toEqual(limited);
  });

  it('a newer request replaces the older link; an expired link and a made-up one are refused', async () => {
    const user = await createUser(ctx.db);
    const first = freshAddress();
    const second = freshAddress();
    await requestChange(user, first);
    const oldToken = tokenIn(await smtp.mailTo(first, /Confirm/));
    await requestChange(user, second);
    const newToken = tokenIn(await smtp.mailTo(second, /Confirm/));
    expect(await confirm(oldToken)).toMatchObject({ status: 400, body: { msg: TEXTS.emailInvalid } });
    await ctx.db.update(emailChangeTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailChangeTokens.tokenHash, hashToken(newToken)));
    expect(await confirm(newToken)).toMatchObject({ status: 400, body: { msg: TEXTS.emailInvalid } });
    expect(await confirm('made-up')).toMatchObject({ status: 400, body: { msg: TEXTS.emailInvalid } });
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('an address taken between the request and the link is refused, and nothing changes', async () => {
    const user = await createUser(ctx.db);
    const next = freshAddress();
    await requestChange(user, next);
    const token = tokenIn(await smtp.mailTo(next, /Confirm/));
    await createUser(ctx.db, { email: next });
    expect(await confirm(token)).toEqual({ status: 409, body: { msg: TEXTS.emailTaken, code: 'CONFLICT' } });
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('a pending member may change the address too', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    expect((await requestChange(pending, freshAddress())).status).toBe(200);
  });
});
