// An avatar is https or nothing. An http avatar was accepted, then blocked by the CSP on every
// page; other schemes (javascript:, data:, file:) make no sense as an image any reader's browser loads.
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { caller } from '../test/http.ts';
import { createUser, type TestUser } from '../test/factories.ts';

let ctx: TestContext;
let member: TestUser;
const call = caller(() => ctx.app);
const REFUSED = ['http://example.org/me.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'file:///etc/passwd', 'ftp://example.org/a.png'];
const registration = (avatar: string) => ({
  name: 'Ava Avatar', email: `a-${Math.random().toString(36).slice(2)}@example.test`, password: 'quiet-harbour-lantern',
  confirmPassword: 'quiet-harbour-lantern', profession: 'Psychotherapist', licenceNumber: 'L-1', licensingBody: 'CRPO', region: 'ON', country: 'Canada', licenceExpiresOn: '2031-12-31',
  avatar,
});

beforeAll(async () => {
  ctx = await createTestContext();
  member = await createUser(ctx.db, { avatar: 'https://example.org/kept.png' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('avatar addresses', () => {
  it.each(REFUSED)('refuses %s at registration with a 400 naming the field', async (avatar) => {
    const res = await call('POST', '/api/users/register', undefined, registration(avatar));
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^Invalid avatar: must be an https URL/);
  });

  it.each(REFUSED)('refuses %s on the profile and keeps the old avatar', async (avatar) => {
    const res = await call('PUT', '/api/users/me', member, { avatar });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/avatar/);
    expect((await call('GET', `/api/users/${member.id}`, member)).body.avatar).toBe('https://example.org/kept.png');
  });

  it('accepts https, and an empty value removes the avatar', async () => {
    expect((await call('POST', '/api/users/register', undefined, registration('https://example.org/new.png'))).status).toBe(201);
    expect((await call('PUT', '/api/users/me', member, { avatar: 'https://example.org/other.png' })).body.avatar).toBe('https://example.org/other.png');
    expect((await call('PUT', '/api/users/me', member, { avatar: '' })).body.avatar).toBeNull();
  });
});

describe('migration 0082', () => {
  it('clears stored avatars that are not https, and keeps https ones', async () => {
    const old = await createUser(ctx.db, { avatar: 'http://example.org/old.png' });
    const odd = await createUser(ctx.db, { avatar: 'javascript:alert(1)' });
    const fine = await createUser(ctx.db, { avatar: 'HTTPS://example.org/fine.png' });
    const file = new URL('../db/migrations/0082_pending_names_https_avatars.sql', import.meta.url);
    const update = fs.readFileSync(file, 'utf8').split('--> statement-breakpoint').find((chunk) => chunk.includes('UPDATE'))!;
    await ctx.db.execute(sql.raw(update));
    const avatarOf = async (id: string) => (await ctx.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, id)))[0].avatar;
    expect(await avatarOf(old.id)).toBeNull();
    expect(await avatarOf(odd.id)).toBeNull();
    expect(await avatarOf(fine.id)).toBe('HTTPS://example.org/fine.png');
  });
});
