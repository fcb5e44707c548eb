// The sign-in policy: who may read and change it, its bounds, the idle limit it sets, and whom it makes enrol.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDLE_REMAINING_HEADER, INITIAL_SECURITY_POLICY } from '../../../common/security-policy.ts';
import { auditLog, sessions } from '../../db/schema.ts';
import { MEMBER_TWO_FACTOR_REQUIRED, TWO_FACTOR_REQUIRED } from '../../lib/auth.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { enrol } from '../../test/totp.ts';
import { addPasskey } from '../../test/webauthn.ts';
import { relyingParty } from '../../lib/webauthn.ts';

let ctx: TestContext;
let admin: TestUser;
const call = caller(() => ctx.app);
const URL = '/api/admin/security-policy';
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.db);
  await enrol(ctx.app, admin);
});
afterAll(() => ctx.close());
afterEach(async () => {
  expect((await call('PUT', URL, admin, INITIAL_SECURITY_POLICY)).status).toBe(200);
});

const idleFor = (user: TestUser, minutes: number) =>
  ctx.db.update(sessions).set({ lastUsedAt: sql`now() - make_interval(mins => ${minutes})` }).where(eq(sessions.userId, user.id));

describe('who may read and change the sign-in policy', () => {
  it.each(['GET', 'PUT'] as const)('%s: a visitor hears 401, a pending or verified member 403', async (method) => {
    const body = { idleMinutes: 30, requireTwoFactor: 'everyone' };
    expect((await call(method, URL, undefined, body)).status).toBe(401);
    expect((await call(method, URL, await createUser(ctx.db, { status: 'pending' }), body)).status).toBe(403);
    expect((await call(method, URL, await createUser(ctx.db), body)).status).toBe(403);
    expect((await call('GET', URL, admin)).body).toEqual(INITIAL_SECURITY_POLICY);
  });

  it('an administrator reads today\'s default (12 hours idle), saves a change, and the change is audited', async () => {
    expect(await call('GET', URL, admin)).toEqual({ status: 200, body: { idleMinutes: 720, requireTwoFactor: 'none' } });
    expect(await call('PUT', URL, admin, { idleMinutes: 30, requireTwoFactor: 'admins' })).toEqual({ status: 200, body: { idleMinutes: 30, requireTwoFactor: 'admins' } });
    expect((await call('GET', URL, admin)).body).toEqual({ idleMinutes: 30, requireTwoFactor: 'admins' });
    const [entry] = await ctx.db.select().from(auditLog)
      .where(and(eq(auditLog.action, 'security_policy.update'), eq(auditLog.actorId, admin.id))).orderBy(sql`created_at DESC`).limit(1);
    expect(entry).toMatchObject({ targetType: 'platform_setting', targetId: 'securityPolicy', detail: { after: { idleMinutes: 30, requireTwoFactor: 'admins' } } });
  });

  it.each([
    [{ idleMinutes: 4, requireTwoFactor: 'none' }], [{ idleMinutes: 721, requireTwoFactor: 'none' }], [{ idleMinutes: 7.5, requireTwoFactor: 'none' }],
    [{ idleMinutes: '30', requireTwoFactor: 'none' }], [{ idleMinutes: 30, requireTwoFactor: 'members' }], [{ idleMinutes: 30 }], [{}],
  ])('%j is refused with 400 and changes nothing', async (body) => {
    const refused = await call('PUT', URL, admin, body);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toEqual(expect.any(String));
    expect((await call('GET', URL, admin)).body).toEqual(INITIAL_SECURITY_POLICY);
  });

  it('the bounds themselves, 5 and 720 minutes, are accepted', async () => {
    expect((await call('PUT', URL, admin, { idleMinutes: 5, requireTwoFactor: 'none' })).status).toBe(200);
    expect((await call('PUT', URL, admin, { idleMinutes: 720, requireTwoFactor: 'none' })).status).toBe(200);
  });
});

describe('the idle limit', () => {
  it('ends a session idle for longer than the policy says, and tells each answer when that will be', async () => {
    const member = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    await call('PUT', URL, admin, { idleMinutes: 10, requireTwoFactor: 'none' });
    await idleFor(member, 9);
    const answer = await ctx.app.inject({ url: '/api/users/me', headers: member.headers });
    expect(answer.json()).toMatchObject({ idleMinutes: 10 });
    const remaining = Number(answer.headers[IDLE_REMAINING_HEADER]);
    // The request itself counts as activity: the deadline is now about ten minutes away.
    expect(remaining).toBeGreaterThan(9 * 60_000);
    expect(remaining).toBeLessThanOrEqual(10 * 60_000);
    await idleFor(other, 11);
    expect(await call('GET', '/api/users/me', other)).toMatchObject({ status: 401, body: { code: 'SESSION_ENDED' } });
  });

  it('a longer limit keeps a session the shorter one would have ended', async () => {
    const member = await createUser(ctx.db);
    await idleFor(member, 60);
    expect((await call('GET', '/api/users/me', member)).status).toBe(200);
  });
});

describe('who must have a second factor', () => {
  it("'everyone': a member without one may only enrol (a TOTP code or a passkey), then everything", async () => {
    await call('PUT', URL, admin, { idleMinutes: 720, requireTwoFactor: 'everyone' });
    const member = await createUser(ctx.db);
    const refused = { status: 403, body: { msg: MEMBER_TWO_FACTOR_REQUIRED, code: 'TWO_FACTOR_REQUIRED' } };
    expect(await call('GET', '/api/forumPosts/feed', member)).toEqual(refused);
    expect(await call('POST', '/api/forumPosts', member, { junk: true })).toEqual(refused);
    expect((await call('GET', '/api/users/me', member)).body).toMatchObject({ mustEnrolTwoFactor: true });
    expect((await call('GET', '/api/users/me/passkeys', member)).status).toBe(200);

    await addPasskey(ctx.app, member, relyingParty(ctx.config).origin);
    expect((await call('GET', '/api/users/me', member)).body).toMatchObject({ mustEnrolTwoFactor: false });
    expect((await call('GET', '/api/forumPosts/feed', member)).status).toBe(200);

    const withCode = await createUser(ctx.db);
    expect((await call('GET', '/api/forumPosts/feed', withCode)).status).toBe(403);
    await enrol(ctx.app, withCode);
    expect((await call('GET', '/api/forumPosts/feed', withCode)).status).toBe(200);
  });

  it("'admins': an administrator without one may only enrol; members are not asked", async () => {
    await call('PUT', URL, admin, { idleMinutes: 720, requireTwoFactor: 'admins' });
    const other = await createAdmin(ctx.db);
    expect(await call('GET', '/api/admin/verifications', other)).toEqual({ status: 403, body: { msg: TWO_FACTOR_REQUIRED, code: 'TWO_FACTOR_REQUIRED' } });
    expect((await call('GET', '/api/forumPosts/feed', await createUser(ctx.db))).status).toBe(200);
    // Back to 'none': the same administrator may act again at once (the policy is read with each request).
    await call('PUT', URL, admin, INITIAL_SECURITY_POLICY);
    expect((await call('GET', '/api/admin/verifications', other)).status).toBe(200);
  });
});
