// POST /api/admin/users/{userId}/two-factor/reset: who may, what it removes and ends, the audit entry and the notice
// (mail over SMTP to a real server on loopback, sockets as real socket.io clients).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TWO_FACTOR_RESET } from '../../../common/admin.ts';
import { auditLog, passkeys, recoveryCodes, twoFactor } from '../../db/schema.ts';
import { relyingParty } from '../../lib/webauthn.ts';
import { baseUrl, createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createAdmin, createUser } from '../../test/factories.ts';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../test/loopback-smtp.ts';
import { connectClient } from '../../test/sockets.ts';
import { enrol } from '../../test/totp.ts';
import { addPasskey } from '../../test/webauthn.ts';

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

const url = (id: string) => `/api/admin/users/${id}/two-factor/reset`;
const audited = (id: string) =>
  ctx.db.$count(auditLog, and(eq(auditLog.action, 'user.two_factor_reset'), eq(auditLog.targetId, id)));

describe('POST /api/admin/users/:userId/two-factor/reset', () => {
  it('refuses a visitor (401), a pending member and another member (403), whatever the body, and changes nothing', async () => {
    const member = await createUser(ctx.db);
    await enrol(ctx.app, member);
    const pending = await createUser(ctx.db, { status: 'pending' });
    const other = await createUser(ctx.db);
    expect(await call('POST', url(member.id), undefined, { junk: 'x'.repeat(500) })).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    expect(await call('POST', url(member.id), pending, { junk: true })).toMatchObject({ status: 403 });
    expect(await call('POST', url(member.id), other)).toMatchObject({ status: 403 });
    expect(await call('POST', url(member.id), member)).toMatchObject({ status: 403 });
    expect((await call('GET', '/api/users/me/2fa', member)).body.enabled).toBe(true);
    expect(await audited(member.id)).toBe(0);
  });

  it('an administrator turns it off: codes gone, sessions and sockets ended, audited, the member told by mail', async () => {
    const admin = await createAdmin(ctx.db);
    const member = await createUser(ctx.db);
    await enrol(ctx.app, member);
    const socket = await connectClient(baseUrl(ctx), member.token);
    const gone = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    expect(await call('POST', url(member.id), admin)).toEqual({ status: 200, body: { msg: TWO_FACTOR_RESET.done } });
    await gone;
    expect(await ctx.db.$count(twoFactor, eq(twoFactor.userId, member.id))).toBe(0);
    expect(await ctx.db.$count(recoveryCodes, eq(recoveryCodes.userId, member.id))).toBe(0);
    expect(await call('GET', '/api/users/me', member)).toMatchObject({ status: 401, body: { code: 'SESSION_ENDED' } });
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.two_factor_reset'), eq(auditLog.targetId, member.id)));
    expect(entry).toMatchObject({ actorId: admin.id, targetType: 'user' });
    const audit = await call('GET', '/api/admin/audit', admin);
    expect(audit.body.entries.some((e: { action: string; targetId: string }) => e.action === 'user.two_factor_reset' && e.targetId === member.id)).toBe(true);
    const mail = await smtp.mailTo(member.email, /Two-factor sign-in was turned off/);
    expect(mail).toContain('An administrator turned off two-factor sign-in');
    expect(mail).not.toMatch(/token=|reset-password\//);
    // Signing in is the password alone now.
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: member.email, password: member.password } });
    expect(signIn.json()).toEqual({ token: expect.any(String) });
  });

  it('removes passkeys too: a member whose only second factor was a passkey signs in with the password alone', async () => {
    const admin = await createAdmin(ctx.db);
    const member = await createUser(ctx.db);
    await addPasskey(ctx.app, member, relyingParty(ctx.config).origin);
    expect(await call('POST', url(member.id), admin)).toEqual({ status: 200, body: { msg: TWO_FACTOR_RESET.done } });
    expect(await ctx.db.$count(passkeys, eq(passkeys.userId, member.id))).toBe(0);
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: member.email, password: member.password } });
    expect(signIn.json()).toEqual({ token: expect.any(String) });
  });

  it('400 when it is not on, for their own account, or for a malformed id; 404 for an unknown member; nothing audited', async () => {
    const admin = await createAdmin(ctx.db);
    const plain = await createUser(ctx.db);
    expect(await call('POST', url(plain.id), admin)).toEqual({ status: 400, body: { msg: TWO_FACTOR_RESET.notOn, code: 'BAD_REQUEST' } });
    await enrol(ctx.app, admin);
    expect(await call('POST', url(admin.id), admin)).toEqual({ status: 400, body: { msg: TWO_FACTOR_RESET.notOwn, code: 'BAD_REQUEST' } });
    expect((await call('GET', '/api/users/me/2fa', admin)).body.enabled).toBe(true);
    expect(await call('POST', url('not-an-id'), admin)).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    expect(await call('POST', url('00000000-0000-4000-8000-000000000000'), admin)).toMatchObject({ status: 404, body: { msg: 'User not found.' } });
    expect(await audited(plain.id) + await audited(admin.id)).toBe(0);
  });

  it('one administrator may reset another\'s', async () => {
    const admin = await createAdmin(ctx.db);
    const colleague = await createAdmin(ctx.db);
    await enrol(ctx.app, colleague);
    expect((await call('POST', url(colleague.id), admin)).status).toBe(200);
    expect(await audited(colleague.id)).toBe(1);
  });
});
