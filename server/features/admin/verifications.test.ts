import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, sessions, users, verificationDecisions } from '../../db/schema.ts';
import { NOT_VERIFIED } from '../../lib/auth.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.db);
});
afterAll(() => ctx.close());

const decide = (userId: string, payload: unknown, headers = admin.headers) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/admin/verifications/${userId}`, headers, payload: payload as object });

describe('GET /api/admin/verifications', () => {
  it('lists pending accounts with licence details, oldest first, paginated', async () => {
    const older = await createUser(ctx.db, { status: 'pending', createdAt: new Date(Date.now() - 3_600_000) });
    const newer = await createUser(ctx.db, { status: 'pending' });
    await createUser(ctx.db);
    const res = await ctx.app.inject({ url: '/api/admin/verifications?limit=1', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.totalPages).toBe(2);
    expect(body.users[0]).toMatchObject({ _id: older.id, licensingBody: 'CRPO', region: 'ON', country: 'Canada' });
    expect(body.users[0].licenceNumber).toMatch(/^LIC-/);
    const page2 = await ctx.app.inject({ url: '/api/admin/verifications?limit=1&page=2', headers: admin.headers });
    expect(page2.json().users[0]._id).toBe(newer.id);
  });

  it('403 for a verified, pending or rejected non-admin; 401 signed out; 400 for a bad page', async () => {
    for (const status of ['verified', 'pending', 'rejected'] as const) {
      const user = await createUser(ctx.db, { status });
      const res = await ctx.app.inject({ url: '/api/admin/verifications', headers: user.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('Only administrators can do that.');
    }
    expect((await ctx.app.inject({ url: '/api/admin/verifications' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/admin/verifications?page=0', headers: admin.headers })).statusCode).toBe(400);
  });
});

describe('PATCH /api/admin/verifications/:userId', () => {
  it('approval verifies, dates, records the decision and the audit entry, and mails the user', async () => {
    const user = await createUser(ctx.db, { status: 'pending' });
    const res = await decide(user.id, { approved: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: user.id, verificationStatus: 'verified', rejectionReason: null });
    expect(res.json().verifiedAt).toBeTruthy();
    expect(res.json().email).toBeUndefined();
    const [decision] = await ctx.db.select().from(verificationDecisions).where(eq(verificationDecisions.userId, user.id));
    expect(decision).toMatchObject({ decidedBy: admin.id, approved: true });
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audit).toEqual([expect.objectContaining({ actorId: admin.id, action: 'licence.verify', targetType: 'user' })]);
  });

  it('rejection needs a reason, which the user sees on sign-in', async () => {
    const user = await createUser(ctx.db, { status: 'pending' });
    const noReason = await decide(user.id, { approved: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toMatch(/reason is required/);
    const res = await decide(user.id, { approved: false, reason: 'Licence number not found in the register' });
    expect(res.statusCode).toBe(200);
    expect(res.json().verificationStatus).toBe('rejected');
    const me = await ctx.app.inject({ url: '/api/users/me', headers: user.headers });
    expect(me.json()).toMatchObject({ verificationStatus: 'rejected', rejectionReason: 'Licence number not found in the register' });
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audit[0]).toMatchObject({ action: 'licence.reject', detail: { reason: 'Licence number not found in the register' } });
  });

  it('404 for an unknown user, 400 for a malformed id or body, 403 for non-admins', async () => {
    expect((await decide('00000000-0000-4000-8000-000000000000', { approved: true })).statusCode).toBe(404);
    expect((await decide('not-an-id', { approved: true })).statusCode).toBe(400);
    const user = await createUser(ctx.db, { status: 'pending' });
    expect((await decide(user.id, { approved: 'yes' })).statusCode).toBe(400);
    const other = await createUser(ctx.db);
    expect((await decide(user.id, { approved: true }, other.headers)).statusCode).toBe(403);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.verificationStatus).toBe('pending');
  });
});

describe('what a pending user may do', () => {
  it('signs in and reads their own state, but verified-only actions answer 403 with the spec message', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    const me = await ctx.app.inject({ url: '/api/users/me', headers: pending.headers });
    expect(me.json().verificationStatus).toBe('pending');
    // A verified-only action owned by this feature's neighbours; the shared guard gives one message.
    const { requireVerified } = await import('../../lib/auth.ts');
    const fakeRequest = { user: { id: pending.id, name: '', role: 'user', verificationStatus: 'pending', sessionId: '' }, sessionEnded: false };
    expect(() => requireVerified(fakeRequest as never)).toThrow(NOT_VERIFIED);
  });
});

describe('PATCH /api/admin/users/:userId', () => {
  it('disabling ends every session and blocks sign-in; enabling lets the user back in', async () => {
    const user = await createUser(ctx.db);
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${user.id}`, headers: admin.headers, payload: { disabled: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: user.id, disabled: true });
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: user.headers })).statusCode).toBe(401);
    const signIn = () => ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: user.email, password: user.password } });
    expect((await signIn()).statusCode).toBe(403);
    await ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${user.id}`, headers: admin.headers, payload: { disabled: false } });
    expect((await signIn()).statusCode).toBe(200);
    const actions = (await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, user.id))).map((a) => a.action).sort();
    // The administrator's two decisions, and the member's own sign-ins around them (refused while disabled).
    expect(actions).toEqual(['auth.sign_in', 'auth.sign_in_refused', 'user.disable', 'user.enable']);
  });

  it('an admin cannot disable themself; non-admins get 403', async () => {
    const self = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${admin.id}`, headers: admin.headers, payload: { disabled: true } });
    expect(self.statusCode).toBe(400);
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${other.id}`, headers: user.headers, payload: { disabled: true } });
    expect(res.statusCode).toBe(403);
  });

  it('decides access before the id or the body is checked: 401 signed out, 403 for a pending member', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    for (const url of ['/api/admin/users/12345', '/api/admin/verifications/12345']) {
      const anonymous = await ctx.app.inject({ method: 'PATCH', url, payload: { disabled: 'yes', approved: 'maybe' } });
      expect(anonymous.statusCode).toBe(401);
      const member = await ctx.app.inject({ method: 'PATCH', url, headers: pending.headers, payload: { disabled: 'yes', approved: 'maybe' } });
      expect([member.statusCode, member.json().msg]).toEqual([403, 'Only administrators can do that.']);
    }
  });
});
