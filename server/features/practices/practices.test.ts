// Practices: creating one (the creator owns it, a unique slug), the public page and directory, invitations and roles,
// and every permission by role, for outsiders, a pending member, a visitor and a platform administrator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PRACTICE_TEXTS } from '../../../common/practices.ts';
import { queryRows } from '../../db/client.ts';
import { NOT_VERIFIED } from '../../lib/auth.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createUser, randomLetters } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { mailIn } from '../../test/mail.ts';
import { staffedPractice } from './test-helpers.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx.close());

describe('creating and reading a practice', () => {
  it('makes the creator its owner, gives it a slug, and shows its page to visitors with "n of m accepting"', async () => {
    const owner = await createUser(ctx.db, { acceptingClients: 'accepting' });
    const name = `Cedar ${randomLetters(6)} Clinic`;
    const body = { name, description: 'Adults and teens', website: 'https://cedar.example', locations: [{ city: 'Halifax', region: 'NS' }], phone: '902 555 0100' };
    const res = await call('POST', '/api/practices', owner, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name, slug: name.toLowerCase().replaceAll(' ', '-'), myRole: 'owner', clinicianCount: 1, acceptingCount: 1 });
    const again = await call('POST', '/api/practices', owner, body);
    expect(again.body.slug).not.toBe(res.body.slug);
    const page = await call('GET', `/api/practices/${res.body.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ _id: res.body._id, myRole: null, locations: [{ city: 'Halifax', region: 'NS' }], members: [{ _id: owner.id, role: 'owner' }] });
    expect(PRACTICE_TEXTS.accepting(3, 7)).toBe('3 of 7 clinicians accepting');
  });

  it('refuses bad input with 400, a pending member with 403, a visitor with 401 and an administrator with 403', async () => {
    const owner = await createUser(ctx.db);
    expect((await call('POST', '/api/practices', owner, { name: '', locations: [] })).status).toBe(400);
    expect((await call('POST', '/api/practices', owner, { name: 'A', locations: [{ city: 'X', region: 'ZZ' }] })).status).toBe(400);
    expect((await call('POST', '/api/practices', owner, { name: 'A', website: 'ftp://x', locations: [{ city: 'X', region: 'ON' }] })).status).toBe(400);
    const body = { name: 'Pending Practice', locations: [{ city: 'Toronto', region: 'ON' }] };
    const pending = await createUser(ctx.db, { status: 'pending' });
    expect(await call('POST', '/api/practices', pending, body)).toMatchObject({ status: 403, body: { msg: NOT_VERIFIED } });
    expect((await call('POST', '/api/practices', undefined, body)).status).toBe(401);
    expect(await call('POST', '/api/practices', await createAdmin(ctx.db), body)).toMatchObject({ status: 403, body: { msg: PRACTICE_TEXTS.adminText } });
    expect((await call('GET', '/api/practices/no-such-practice')).status).toBe(404);
  });

  it('lists practices by name, region and accepting clinicians, a page at a time', async () => {
    const tag = randomLetters(8);
    const open = await createUser(ctx.db, { acceptingClients: 'accepting' });
    const full = await createUser(ctx.db, { acceptingClients: 'not accepting' });
    await call('POST', '/api/practices', open, { name: `${tag} Open`, locations: [{ city: 'Calgary', region: 'AB' }] });
    await call('POST', '/api/practices', full, { name: `${tag} Full`, locations: [{ city: 'Regina', region: 'SK' }] });
    const names = async (query: string) => (await call('GET', `/api/practices?q=${tag}${query}`)).body.practices.map((p: { name: string }) => p.name);
    expect(await names('')).toEqual([`${tag} Full`, `${tag} Open`]);
    expect(await names('&region=AB')).toEqual([`${tag} Open`]);
    expect(await names('&accepting=true')).toEqual([`${tag} Open`]);
    const first = await call('GET', '/api/practices');
    expect(first.body.practices.length).toBeGreaterThan(0);
    expect((await call('GET', '/api/practices?cursor=nonsense')).status).toBe(400);
  });
});

describe('members and roles', () => {
  it('invites, lists for the invitee, accepts; profiles say where a member works', async () => {
    const p = await staffedPractice(ctx.db, call);
    const page = await call('GET', `/api/practices/${p.id}`, p.intake);
    expect(page.body.myRole).toBe('intake');
    expect(page.body.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin', 'clinician', 'intake']);
    const newcomer = await createUser(ctx.db);
    const invited = await call('POST', `/api/practices/${p.id}/invitations`, p.owner, { userId: newcomer.id, role: 'clinician' });
    expect(invited).toMatchObject({ status: 201, body: { _id: expect.any(String), role: 'clinician', status: 'pending' } });
    expect((await call('POST', `/api/practices/${p.id}/invitations`, p.owner, { userId: newcomer.id, role: 'intake' })).status).toBe(409);
    const mine = await call('GET', '/api/users/me/practice-invitations', newcomer);
    expect(mine.body.invitations.map((i: { _id: string }) => i._id)).toEqual([invited.body._id]);
    // Nobody but the invitee answers it.
    expect((await call('PATCH', `/api/practices/${p.id}/invitations/${invited.body._id}`, p.clinician, { accept: true })).status).toBe(404);
    expect((await call('PATCH', `/api/practices/${p.id}/invitations/${invited.body._id}`, newcomer, { accept: false })).body.status).toBe('declined');
    expect((await call('PATCH', `/api/practices/${p.id}/invitations/${invited.body._id}`, newcomer, { accept: true })).status).toBe(409);
    const profile = await call('GET', `/api/users/${p.clinician.id}`, newcomer);
    expect(profile.body.practices).toEqual([{ _id: p.id, slug: p.slug, name: p.name, role: 'clinician' }]);
  });

  it('tells the invitee in the notification centre and, 10 minutes later if unread, by a content-free email', async () => {
    const p = await staffedPractice(ctx.db, call);
    const invitee = await createUser(ctx.db);
    const invited = await call('POST', `/api/practices/${p.id}/invitations`, p.admin, { userId: invitee.id, role: 'intake' });
    expect(invited.status).toBe(201);
    await ctx.app.jobs.settled();
    const bell = await call('GET', '/api/notifications', invitee);
    expect(bell.body.notifications).toEqual([expect.objectContaining({
      type: 'practiceInvitation', detail: p.name, actors: [expect.objectContaining({ _id: p.admin.id })],
      target: expect.objectContaining({ kind: 'practice', _id: p.id, url: '/practices' }),
    })]);
    // Listed where it is answered.
    const mine = await call('GET', '/api/users/me/practice-invitations', invitee);
    expect(mine.body.invitations).toEqual([expect.objectContaining({ _id: invited.body._id, role: 'intake', practice: { _id: p.id, slug: p.slug, name: p.name } })]);
    // Each invitee was told of their own invitation (the staff when they joined), nobody else.
    const told = (await queryRows<{ user_id: string }>(ctx.db,
      sql`SELECT user_id FROM notifications WHERE type = 'practiceInvitation' AND target_id = ${p.id}`)).map((x) => x.user_id).sort();
    expect(told).toEqual([p.admin.id, p.clinician.id, p.intake.id, invitee.id].sort());
    await ctx.app.jobs.runDue(new Date(Date.now() + 11 * 60_000));
    const mail = await mailIn(ctx.outboxDir, invitee.email, /invited you to join/);
    expect(mail).toContain(`invited you to join ${p.name}: http://localhost:3000/practices`);
    expect(mail).toContain('Stop emails about "Invitation to join a practice"');
    // A second invitation after a decline is a second notice; a declined one is not repeated by answering.
    expect((await call('PATCH', `/api/practices/${p.id}/invitations/${invited.body._id}`, invitee, { accept: false })).status).toBe(200);
    expect((await call('GET', '/api/users/me/practice-invitations', invitee)).body.invitations).toEqual([]);
  });

  it('lets only owners and admins invite, and only the owner make admins; pending, blocked and admin invitees are refused', async () => {
    const p = await staffedPractice(ctx.db, call);
    const someone = await createUser(ctx.db);
    const inv = (by: Parameters<typeof call>[2], userId: string, role = 'clinician') => call('POST', `/api/practices/${p.id}/invitations`, by, { userId, role });
    expect(await inv(p.clinician, someone.id)).toMatchObject({ status: 403, body: { msg: PRACTICE_TEXTS.notManager } });
    expect(await inv(p.intake, someone.id)).toMatchObject({ status: 403, body: { msg: PRACTICE_TEXTS.notManager } });
    expect((await inv(await createUser(ctx.db), someone.id)).status).toBe(403);
    expect((await inv(await createAdmin(ctx.db), someone.id)).status).toBe(403);
    expect((await inv(undefined, someone.id)).status).toBe(401);
    expect(await inv(p.admin, someone.id, 'admin')).toMatchObject({ status: 403, body: { msg: PRACTICE_TEXTS.notOwner } });
    expect(await inv(p.owner, (await createUser(ctx.db, { status: 'pending' })).id)).toMatchObject({ status: 400, body: { msg: PRACTICE_TEXTS.inviteeMissing } });
    expect((await inv(p.owner, (await createAdmin(ctx.db)).id)).status).toBe(400);
    await ctx.db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${someone.id}, ${p.admin.id})`);
    expect(await inv(p.admin, someone.id)).toMatchObject({ status: 403, body: { msg: PRACTICE_TEXTS.inviteeBlocked } });
    expect(await inv(p.owner, p.clinician.id)).toMatchObject({ status: 409, body: { msg: PRACTICE_TEXTS.alreadyMember } });
    expect((await call('GET', `/api/practices/${p.id}/invitations`, p.clinician)).status).toBe(403);
    expect((await call('GET', `/api/practices/${p.id}/invitations`, p.admin)).status).toBe(200);
  });

  it('changes roles, removes, leaves and hands over ownership within each role\'s rights', async () => {
    const p = await staffedPractice(ctx.db, call);
    const url = (userId: string) => `/api/practices/${p.id}/members/${userId}`;
    expect((await call('PATCH', url(p.intake.id), p.clinician, { role: 'clinician' })).status).toBe(403);
    expect((await call('PATCH', url(p.owner.id), p.owner, { role: 'clinician' })).status).toBe(409);
    expect((await call('PATCH', url(p.intake.id), p.admin, { role: 'admin' })).status).toBe(403);
    expect((await call('PATCH', url(p.intake.id), p.admin, { role: 'clinician' })).status).toBe(200);
    expect((await call('PATCH', url(p.intake.id), p.admin, { role: 'intake' })).status).toBe(200);
    expect((await call('DELETE', url(p.admin.id), p.intake)).status).toBe(403);
    expect((await call('DELETE', url(p.owner.id), p.admin)).status).toBe(403);
    expect(await call('DELETE', url(p.owner.id), p.owner)).toMatchObject({ status: 409, body: { msg: PRACTICE_TEXTS.ownerCannotLeave } });
    expect((await call('POST', `/api/practices/${p.id}/owner`, p.admin, { userId: p.admin.id })).status).toBe(403);
    const handed = await call('POST', `/api/practices/${p.id}/owner`, p.owner, { userId: p.admin.id });
    expect(handed.status).toBe(200);
    const roles = Object.fromEntries(handed.body.members.map((m: { _id: string; role: string }) => [m._id, m.role]));
    expect(roles).toMatchObject({ [p.admin.id]: 'owner', [p.owner.id]: 'admin' });
    expect((await call('DELETE', url(p.owner.id), p.owner)).status).toBe(200);
    expect((await call('DELETE', url(p.clinician.id), p.admin)).status).toBe(200);
    expect((await call('DELETE', url(p.clinician.id), p.admin)).status).toBe(404);
    expect((await call('PATCH', `/api/practices/${p.id}`, p.intake, { name: 'Renamed' })).status).toBe(403);
    expect((await call('PATCH', `/api/practices/${p.id}`, p.admin, { name: 'Renamed' })).body.name).toBe('Renamed');
  });
});
