// ADMIN_REQUIRE_2FA=1: an administrator without two-factor sign-in can do nothing but set it up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_REQUIRED } from '../../lib/auth.ts';
import { baseUrl, createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createAdmin, createUser } from '../../test/factories.ts';
import { connectClient } from '../../test/sockets.ts';
import { enrol } from '../../test/totp.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
beforeAll(async () => {
  ctx = await createTestContext({ listen: true, config: { ADMIN_REQUIRE_2FA: '1' } });
});
afterAll(() => ctx.close());

const refused = { status: 403, body: { msg: TWO_FACTOR_REQUIRED, code: 'TWO_FACTOR_REQUIRED' } };

describe('ADMIN_REQUIRE_2FA=1', () => {
  it('an administrator without it is refused admin and member routes and the chat socket, but may enrol', async () => {
    const admin = await createAdmin(ctx.db);
    expect(await call('GET', '/api/admin/verifications', admin)).toEqual(refused);
    expect(await call('GET', '/api/forumPosts/feed', admin)).toEqual(refused);
    expect(await call('POST', '/api/forumPosts', admin, { junk: true })).toEqual(refused);
    await expect(connectClient(baseUrl(ctx), admin.token)).rejects.toThrow(/two-factor required/);
    expect((await call('GET', '/api/users/me', admin)).body).toMatchObject({ role: 'admin', twoFactorEnabled: false, mustEnrolTwoFactor: true });
    expect((await call('GET', '/api/users/me/sessions', admin)).status).toBe(200);

    await enrol(ctx.app, admin);
    expect((await call('GET', '/api/users/me', admin)).body).toMatchObject({ twoFactorEnabled: true, mustEnrolTwoFactor: false });
    expect((await call('GET', '/api/admin/verifications', admin)).status).toBe(200);
    const socket = await connectClient(baseUrl(ctx), admin.token);
    expect(socket.connected).toBe(true);
    socket.close();
  });

  it('members are not affected, and a pending member still hears NOT_VERIFIED', async () => {
    const member = await createUser(ctx.db);
    expect((await call('GET', '/api/forumPosts/feed', member)).status).toBe(200);
    expect((await call('GET', '/api/users/me', member)).body).toMatchObject({ mustEnrolTwoFactor: false });
    const pending = await createUser(ctx.db, { status: 'pending' });
    expect(await call('GET', '/api/forumPosts/feed', pending)).toMatchObject({ status: 403, body: { code: 'NOT_VERIFIED' } });
  });

  it('without the flag an administrator without it keeps every right (asked only)', async () => {
    const relaxed = await createTestContext();
    try {
      const admin = await createAdmin(relaxed.db);
      const res = await relaxed.app.inject({ url: '/api/admin/verifications', headers: admin.headers });
      expect(res.statusCode).toBe(200);
    } finally {
      await relaxed.close();
    }
  });
});
