import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createUser } from '../../test/factories.ts';
import { connectClient, type ChatClient } from '../../test/sockets.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ listen: true });
});
afterAll(() => ctx.close());

const disconnected = (socket: ChatClient) =>
  new Promise<string>((resolve) => (socket.connected ? socket.once('disconnect', (reason) => resolve(reason)) : resolve('already')));

describe('ending a session ends its sockets', () => {
  it('logout disconnects that session\'s socket and leaves the user\'s other sessions connected', async () => {
    const user = await createUser(ctx.db);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: user.email, password: user.password } });
    const otherToken = login.json().token as string;
    const first = await connectClient(baseUrl(ctx), user.token);
    const second = await connectClient(baseUrl(ctx), otherToken);
    const gone = disconnected(first);
    await ctx.app.inject({ method: 'POST', url: '/api/users/logout', headers: user.headers });
    await gone;
    expect(first.connected).toBe(false);
    expect(second.connected).toBe(true);
    second.close();
  });

  it('disabling an account disconnects every device of it', async () => {
    const admin = await createAdmin(ctx.db);
    const user = await createUser(ctx.db);
    const socket = await connectClient(baseUrl(ctx), user.token);
    const gone = disconnected(socket);
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${user.id}`, headers: admin.headers, payload: { disabled: true } });
    expect(res.statusCode).toBe(200);
    await gone;
    expect(socket.connected).toBe(false);
    await expect(connectClient(baseUrl(ctx), user.token)).rejects.toThrow(/unauthorized/);
  });
});
