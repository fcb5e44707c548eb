// A member is told by email when their account's protection changes: two-factor sign-in turned on, turned off, a
// recovery code used to sign in (with how many are left, also in the sign-in's answer). Real SMTP on loopback; each
// mail names who and where (browser, device, the address with its last part hidden) and never a code or a secret.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../test/loopback-smtp.ts';
import { awayFromStepEdge, codeAt, enrol } from '../../test/totp.ts';

let ctx: TestContext;
let smtp: LoopbackSmtp;
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  ctx = await createTestContext({ mailer: smtp.mailer });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.splice(0);
});

const mailsTo = (user: TestUser) => smtp.received.filter((m) => m.to.toLowerCase() === user.email.toLowerCase());

async function signInWithCode(user: TestUser, code: string) {
  const first = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: user.email, password: user.password } });
  const { mfaToken } = first.json();
  const res = await ctx.app.inject({
    method: 'POST', url: '/api/users/login/2fa', payload: { mfaToken, code },
    headers: { 'user-agent': PHONE }, remoteAddress: '203.0.113.45',
  });
  return { status: res.statusCode, body: res.json() };
}

describe('two-factor sign-in turned on or off', () => {
  it('turning it on emails the member: what, from where, and what to do if it was not them; no code or secret', async () => {
    const user = await createUser(ctx.db, { name: 'Ana Okafor' });
    const { secret, recoveryCodes } = await enrol(ctx.app, user);
    const mail = await smtp.mailTo(user.email, /subject: Two-factor sign-in was turned on for your Thera Root account/i);
    expect(mail).toContain('Hello Ana Okafor,');
    expect(mail).toMatch(/Two-factor sign-in was turned on for your account from .+ at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(mail).toContain('/forgot-password');
    expect(mail).not.toContain(secret);
    for (const code of recoveryCodes) expect(mail).not.toContain(code);
  });

  it('turning it off emails the member, with the way to turn it on again', async () => {
    const user = await createUser(ctx.db);
    const { secret } = await enrol(ctx.app, user);
    await awayFromStepEdge();
    const off = await ctx.app.inject({
      method: 'POST', url: '/api/users/me/2fa/disable', headers: user.headers, payload: { password: user.password, code: codeAt(secret) },
    });
    expect(off.statusCode).toBe(200);
    const mail = await smtp.mailTo(user.email, /subject: Two-factor sign-in was turned off for your Thera Root account/i);
    expect(mail).toContain('/settings/security');
  });

  it('a refused attempt (wrong code) changes nothing and sends nothing', async () => {
    const user = await createUser(ctx.db);
    const { secret } = await enrol(ctx.app, user);
    await smtp.mailTo(user.email, /turned on/);
    const wrong = codeAt(secret) === '000000' ? '111111' : '000000';
    const off = await ctx.app.inject({ method: 'POST', url: '/api/users/me/2fa/disable', headers: user.headers, payload: { password: user.password, code: wrong } });
    expect(off.statusCode).toBe(400);
    await ctx.app.jobs.settled();
    expect(mailsTo(user).map((m) => m.subject)).toEqual(['Two-factor sign-in was turned on for your Thera Root account']);
  });
});

describe('a recovery code used to sign in', () => {
  it('the sign-in answers how many are left, and an email names the browser, device and masked address', async () => {
    const user = await createUser(ctx.db);
    const { recoveryCodes } = await enrol(ctx.app, user);
    const first = await signInWithCode(user, recoveryCodes[0]);
    expect(first).toEqual({ status: 200, body: { token: expect.any(String), recoveryCodesLeft: 9 } });
    const mail = await smtp.mailTo(user.email, /subject: A recovery code was used to sign in to your Thera Root account/i);
    expect(mail).toContain('from Chrome 131 on Android');
    expect(mail).toContain('203.0.113.x');
    expect(mail).not.toContain('203.0.113.45');
    expect(mail).toContain('You have 9 recovery codes left.');
    for (const code of recoveryCodes) expect(mail).not.toContain(code);
    expect((await signInWithCode(user, recoveryCodes[1])).body.recoveryCodesLeft).toBe(8);
  });

  it('a sign-in with the app\'s code says nothing of recovery codes and sends no email', async () => {
    const user = await createUser(ctx.db);
    const { secret } = await enrol(ctx.app, user);
    await smtp.mailTo(user.email, /turned on/);
    await awayFromStepEdge();
    expect(await signInWithCode(user, codeAt(secret))).toEqual({ status: 200, body: { token: expect.any(String) } });
    await ctx.app.jobs.settled();
    expect(mailsTo(user)).toHaveLength(1);
  });

  it('a recovery code already used is refused, and sends no second email', async () => {
    const user = await createUser(ctx.db);
    const { recoveryCodes } = await enrol(ctx.app, user);
    expect((await signInWithCode(user, recoveryCodes[2])).status).toBe(200);
    await smtp.mailTo(user.email, /recovery code was used/);
    expect((await signInWithCode(user, recoveryCodes[2])).status).toBe(400);
    await ctx.app.jobs.settled();
    expect(mailsTo(user).filter((m) => /recovery code/.test(m.subject))).toHaveLength(1);
  });
});
