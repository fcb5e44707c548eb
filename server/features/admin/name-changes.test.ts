// Names are normalised and must be visible, and a verified member's new name waits for an
// administrator in the verification queue (the old name shows until then).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { mailIn } from '../../test/mail.ts';
import { caller } from '../../test/http.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';

let ctx: TestContext;
let admin: TestUser;
let reader: TestUser;
let amara: TestUser;
const call = caller(() => ctx.app);
const rename = (user: TestUser, name: unknown) => call('PUT', '/api/users/me', user, { name });
const stored = async (id: string) =>
  (await ctx.db.select({ name: users.name, pendingName: users.pendingName }).from(users).where(eq(users.id, id)))[0];
const queue = async () => (await call('GET', '/api/admin/verifications/names', admin)).body;
const register = (name: string) => ctx.app.inject({
  method: 'POST', url: '/api/users/register', remoteAddress: '10.9.0.1', payload: {
    name, email: `n-${Math.random().toString(36).slice(2)}@example.test`, password: 'quiet-harbour-lantern',
    confirmPassword: 'quiet-harbour-lantern', profession: 'Psychotherapist', licenceNumber: 'L-1', licensingBody: 'CRPO', region: 'ON', country: 'Canada', licenceExpiresOn: '2031-12-31',
  },
});

const mailTo = (to: string, pattern: RegExp) => mailIn(ctx.outboxDir, to, pattern);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.db, { name: 'Ada Admin' });
  reader = await createUser(ctx.db, { name: 'Rea Reader' });
  amara = await createUser(ctx.db, { name: 'Amara Okafor' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('the name rule, at registration and on the profile', () => {
  const bad: [string, unknown, RegExp][] = [
    ['zero-width characters only', '\u200B\u200B\u200B', /invisible/],
    ['a zero-width space inside', 'Amara\u200B Okafor', /invisible/],
    ['a right-to-left override', 'Amara \u202EOkafor', /invisible/],
    ['a control character', 'Amara\u0007Okafor', /invisible/],
    ['no letters', '12345 !!', /letters/],
    ['one letter', ' A ', /letters/],
    ['blank', '   ', /required/],
    ['too long', 'A'.repeat(121), /at most 120/],
  ];

  it.each(bad)('refuses %s at registration (400 naming the field)', async (_what, name, message) => {
    const res = await register(name as string);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(res.json().msg).toMatch(/name/i);
    expect(res.json().msg).toMatch(message);
  });

  it.each(bad)('refuses %s on the profile, for a pending and a verified member, and changes nothing', async (_what, name, message) => {
    const pending = await createUser(ctx.db, { status: 'pending', name: 'Pat Pending' });
    for (const user of [pending, reader]) {
      const res = await rename(user, name);
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(message);
    }
    expect(await stored(reader.id)).toEqual({ name: 'Rea Reader', pendingName: null });
    expect((await stored(pending.id)).name).toBe('Pat Pending');
  });

  it('stores names in NFC, trimmed, with one space between words', async () => {
    const res = await register('  Zoe\u0301   \u00A0Lefe\u0300vre ');
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select({ name: users.name }).from(users).where(sql`${users.name} LIKE 'Zo%'`);
    expect(row.name).toBe('Zo\u00E9 Lef\u00E8vre');
    expect(row.name.normalize('NFC')).toBe(row.name);
  });
});

describe('a pending member renames', () => {
  it('at once (an administrator reviews the whole account anyway)', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    const res = await rename(pending, ' Nia   Newcomer ');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Nia Newcomer', pendingName: null });
    expect(await stored(pending.id)).toEqual({ name: 'Nia Newcomer', pendingName: null });
  });
});

describe('an administrator renames', () => {
  it('at once', async () => {
    const other = await createAdmin(ctx.db, { name: 'Old Admin' });
    expect((await rename(other, 'New Admin')).body).toMatchObject({ name: 'New Admin', pendingName: null });
  });
});

describe('a verified member renames', () => {
  let vera: TestUser;
  beforeAll(async () => {
    vera = await createUser(ctx.db, { name: 'Vera Verified' });
  });

  it('to another member\'s exact name: the change waits, the old name shows, and the queue flags the twin', async () => {
    const res = await rename(vera, 'Amara Okafor');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Vera Verified', pendingName: 'Amara Okafor', verificationStatus: 'verified' });
    // Others see the old name, and never the waiting one.
    const seen = await call('GET', `/api/users/${vera.id}`, reader);
    expect(seen.body.name).toBe('Vera Verified');
    expect(seen.body.pendingName).toBeUndefined();
    const directory = await call('GET', '/api/users?q=Amara');
    expect(directory.body.users.map((u: { _id: string }) => u._id)).toEqual([amara.id]);
    expect((await queue()).nameChanges).toEqual([expect.objectContaining({
      _id: vera.id, name: 'Vera Verified', pendingName: 'Amara Okafor', sameNameCount: 1, requestedAt: expect.any(String),
    })]);
    // Licence reviews stay apart: Vera is not a new member.
    const licences = (await call('GET', '/api/admin/verifications', admin)).body.users;
    expect(licences.map((u: { _id: string }) => u._id)).not.toContain(vera.id);
  });

  it('declined: the request is dropped, audited and mailed, and the name stays', async () => {
    const res = await call('PATCH', `/api/admin/verifications/${vera.id}/name`, admin, { approved: false });
    expect(res).toEqual({ status: 200, body: { _id: vera.id, name: 'Vera Verified', approved: false } });
    expect(await stored(vera.id)).toEqual({ name: 'Vera Verified', pendingName: null });
    const [audit] = await ctx.db.select().from(auditLog).where(sql`${auditLog.action} = 'name.decline' AND ${auditLog.targetId} = ${vera.id}`);
    expect(audit).toMatchObject({ actorId: admin.id, detail: { previousName: 'Vera Verified', requestedName: 'Amara Okafor' } });
    const email = (await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, vera.id)))[0].email;
    expect(await mailTo(email, /declined/)).toContain('Amara Okafor');
    expect(await call('PATCH', `/api/admin/verifications/${vera.id}/name`, admin, { approved: true }))
      .toEqual({ status: 404, body: { msg: 'No name change is waiting for this member.', code: 'NOT_FOUND' } });
  });

  it('approved: the new name applies everywhere, audited', async () => {
    await rename(vera, 'Vera Marsh');
    expect(await stored(vera.id)).toEqual({ name: 'Vera Verified', pendingName: 'Vera Marsh' });
    const res = await call('PATCH', `/api/admin/verifications/${vera.id}/name`, admin, { approved: true });
    expect(res).toEqual({ status: 200, body: { _id: vera.id, name: 'Vera Marsh', approved: true } });
    expect(await stored(vera.id)).toEqual({ name: 'Vera Marsh', pendingName: null });
    expect((await call('GET', `/api/users/${vera.id}`, reader)).body.name).toBe('Vera Marsh');
    const email = (await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, vera.id)))[0].email;
    expect(await mailTo(email, /approved your name change/)).toContain('Vera Marsh');
    const actions = await ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, vera.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['name.approve', 'name.decline']);
  });

  it('sending the current name again withdraws a waiting change; other fields save at once', async () => {
    await rename(vera, 'Vera Someone');
    const res = await call('PUT', '/api/users/me', vera, { name: 'Vera Marsh', bio: 'New bio' });
    expect(res.body).toMatchObject({ name: 'Vera Marsh', pendingName: null, bio: 'New bio' });
    expect((await queue()).nameChanges).toEqual([]);
  });
});

describe('the name queue\'s permissions', () => {
  it('answers a visitor 401, members 403, before reading the body', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    const url = `/api/admin/verifications/${reader.id}/name`;
    expect((await call('GET', '/api/admin/verifications/names')).status).toBe(401);
    expect((await call('PATCH', url, undefined, { approved: 'junk' })).status).toBe(401);
    for (const member of [pending, reader]) {
      expect((await call('GET', '/api/admin/verifications/names', member)).status).toBe(403);
      expect((await call('PATCH', url, member, { approved: 'junk' })).status).toBe(403);
    }
    expect((await call('PATCH', url, admin, { approved: 'junk' })).status).toBe(400);
    expect((await call('PATCH', '/api/admin/verifications/not-an-id/name', admin, { approved: true })).status).toBe(400);
  });
});
