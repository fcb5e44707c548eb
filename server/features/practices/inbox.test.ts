// Referring to a practice: the shared intake inbox and who may read it (by role, outsiders, a pending member, a
// visitor, a platform administrator), assigning to a clinician who then answers as any recipient, answering "no
// capacity" for the practice, what the sender reads ("Assigned to ... at ..."), the notices, blocks and the limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { notificationSentence } from '../../../common/notification-text.ts';
import { PRACTICE_TEXTS } from '../../../common/practices.ts';
import { REFERRAL_TEXTS } from '../../../common/referrals.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createUser, randomLetters, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { staffedPractice, type Staffed } from './test-helpers.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx.close());

const NEEDS = { ageGroup: 'Teen', concerns: ['Anxiety'], sessionFormats: ['Online'], region: 'ON', note: `Prefers evenings ${randomLetters(6)}` };
const notices = (referralId: string) => queryRows<{ user_id: string; type: string; detail: string | null; target_url: string }>(ctx.db, sql`
  SELECT user_id, type, detail, target_url FROM notifications WHERE target_id = ${referralId} ORDER BY created_at, type`);

async function referToPractice(p: Staffed, sender?: TestUser) {
  const from = sender ?? await createUser(ctx.db);
  const res = await call('POST', '/api/referrals', from, { ...NEEDS, recipientPracticeIds: [p.id] });
  expect(res.status).toBe(201);
  return { id: res.body._id as string, sender: from };
}
const inbox = (p: Staffed, user?: TestUser, query = '') => call('GET', `/api/practices/${p.id}/referrals${query}`, user);

describe('the shared intake inbox', () => {
  it('is read by intake members, admins and the owner; clinicians, outsiders, pending members, visitors and administrators are refused', async () => {
    const p = await staffedPractice(ctx.db, call);
    const { id, sender } = await referToPractice(p);
    for (const reader of [p.intake, p.admin, p.owner]) {
      const res = await inbox(p, reader);
      expect(res.status).toBe(200);
      expect(res.body.referrals).toEqual([expect.objectContaining({ _id: id, state: 'unassigned', assignedTo: null, sender: expect.objectContaining({ _id: sender.id }) })]);
      // The note stays with whoever is assigned: the inbox shows needs only.
      expect(JSON.stringify(res.body)).not.toContain(NEEDS.note);
    }
    expect(await inbox(p, p.clinician)).toMatchObject({ status: 403, body: { msg: PRACTICE_TEXTS.notInbox } });
    expect(await inbox(p, sender)).toMatchObject({ status: 403, body: { msg: PRACTICE_TEXTS.notInbox } });
    expect((await inbox(p, await createUser(ctx.db, { status: 'pending' }))).status).toBe(403);
    expect((await inbox(p)).status).toBe(401);
    expect(await inbox(p, await createAdmin(ctx.db))).toMatchObject({ status: 403, body: { msg: PRACTICE_TEXTS.adminText } });
    // Nobody but the sender reads the referral itself before it is assigned.
    for (const user of [p.intake, p.clinician]) expect((await call('GET', `/api/referrals/${id}`, user)).status).toBe(404);
    expect((await call('GET', `/api/practices/${randomUUIDLike()}/referrals`, p.owner)).status).toBe(404);
  });

  it('filters by state and pages with a cursor', async () => {
    const p = await staffedPractice(ctx.db, call);
    const sender = await createUser(ctx.db);
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) ids.push((await referToPractice(p, sender)).id);
    const first = await inbox(p, p.intake);
    expect(first.body.referrals).toHaveLength(20);
    const second = await inbox(p, p.intake, `?cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body).toMatchObject({ nextCursor: null });
    expect([...first.body.referrals, ...second.body.referrals].map((r: { _id: string }) => r._id).sort()).toEqual([...ids].sort());
    await call('PATCH', `/api/practices/${p.id}/referrals/${ids[0]}`, p.intake, { response: 'no capacity' });
    expect((await inbox(p, p.intake, '?status=no%20capacity')).body.referrals.map((r: { _id: string }) => r._id)).toEqual([ids[0]]);
    expect((await inbox(p, p.intake, '?status=unassigned')).body.referrals).toHaveLength(20);
    expect((await inbox(p, p.intake, '?cursor=nonsense')).status).toBe(400);
  });
});

describe('assigning and answering', () => {
  it('assigns to a clinician, who answers as any recipient; the sender reads "Assigned to ... at ..."; each hears of it', async () => {
    const p = await staffedPractice(ctx.db, call);
    const { id, sender } = await referToPractice(p);
    expect((await notices(id)).map((n) => [n.type, n.user_id]).sort()).toEqual(
      [p.owner.id, p.admin.id, p.intake.id].map((u) => ['practiceReferralReceived', u]).sort());
    const url = `/api/practices/${p.id}/referrals/${id}/assign`;
    expect(await call('POST', url, p.clinician, { userId: p.clinician.id })).toMatchObject({ status: 403, body: { msg: PRACTICE_TEXTS.notInbox } });
    expect(await call('POST', url, p.intake, { userId: p.intake.id })).toMatchObject({ status: 400, body: { msg: PRACTICE_TEXTS.notTreating } });
    expect((await call('POST', url, p.intake, { userId: sender.id })).status).toBe(400);
    expect((await call('POST', url, await createAdmin(ctx.db), { userId: p.clinician.id })).status).toBe(403);
    const assigned = await call('POST', url, p.intake, { userId: p.clinician.id });
    expect(assigned).toMatchObject({ status: 200, body: { _id: id, state: 'assigned', assignedTo: { _id: p.clinician.id }, response: 'pending' } });
    expect(await call('POST', url, p.admin, { userId: p.owner.id })).toMatchObject({ status: 409, body: { msg: PRACTICE_TEXTS.alreadyHandled } });
    const all = await notices(id);
    expect(all).toContainEqual(expect.objectContaining({ type: 'practiceReferralAssigned', user_id: p.clinician.id, detail: p.name, target_url: `/referrals/${id}` }));
    expect(all).toContainEqual(expect.objectContaining({ type: 'referralAssigned', user_id: sender.id, detail: p.name }));
    // The clinician reads it (with its note) and accepts as any recipient does today.
    const read = await call('GET', `/api/referrals/${id}`, p.clinician);
    expect(read.body).toMatchObject({ viewerRole: 'recipient', note: NEEDS.note });
    const received = await call('GET', '/api/referrals?box=received', p.clinician);
    expect(received.body.referrals.map((r: { _id: string }) => r._id)).toContain(id);
    expect((await call('PATCH', `/api/referrals/${id}`, p.clinician, { response: 'accepted' })).status).toBe(200);
    const seen = await call('GET', `/api/referrals/${id}`, sender);
    expect(seen.body.practices).toEqual([{ _id: p.id, slug: p.slug, name: p.name, state: 'assigned', assignedTo: expect.objectContaining({ _id: p.clinician.id }) }]);
    expect(seen.body.recipients).toEqual([expect.objectContaining({ user: expect.objectContaining({ _id: p.clinician.id }), response: 'accepted' })]);
    expect(PRACTICE_TEXTS.assignedTo(p.clinician.name, p.name)).toBe(`Assigned to ${p.clinician.name} at ${p.name}`);
    expect(notificationSentence({ type: 'referralAssigned', actors: [{ name: 'Dr X' }], count: 1, detail: 'Harbour Therapy' }))
      .toBe('Your referral was assigned to Dr X at Harbour Therapy');
    expect((await inbox(p, p.intake)).body.referrals[0]).toMatchObject({ state: 'assigned', response: 'accepted' });
    // Someone else's practice cannot touch it.
    const other = await staffedPractice(ctx.db, call);
    expect((await call('POST', `/api/practices/${other.id}/referrals/${id}/assign`, other.intake, { userId: other.clinician.id })).status).toBe(404);
  });

  it('answers "no capacity" for the practice; the sender hears it; it cannot then be assigned', async () => {
    const p = await staffedPractice(ctx.db, call);
    const { id, sender } = await referToPractice(p);
    const url = `/api/practices/${p.id}/referrals/${id}`;
    expect((await call('PATCH', url, p.clinician, { response: 'no capacity' })).status).toBe(403);
    expect((await call('PATCH', url, p.intake, { response: 'accepted' })).status).toBe(400);
    expect(await call('PATCH', url, p.intake, { response: 'no capacity' })).toMatchObject({ status: 200, body: { state: 'no capacity' } });
    expect(await notices(id)).toContainEqual(expect.objectContaining({ type: 'referralAnswered', user_id: sender.id, detail: 'no capacity' }));
    expect((await call('POST', `${url}/assign`, p.owner, { userId: p.clinician.id })).status).toBe(409);
    expect((await call('GET', `/api/referrals/${id}`, sender)).body.practices[0]).toMatchObject({ state: 'no capacity', assignedTo: null });
  });
});

describe('sending to a practice', () => {
  it('respects blocks with any member, refuses an own practice and unknown ones, and counts practices with therapists', async () => {
    const p = await staffedPractice(ctx.db, call);
    const sender = await createUser(ctx.db);
    const send = (body: object, from = sender) => call('POST', '/api/referrals', from, { ...NEEDS, ...body });
    expect(await send({ recipientPracticeIds: [randomUUIDLike()] })).toMatchObject({ status: 400, body: { msg: PRACTICE_TEXTS.practiceMissing } });
    expect(await send({ recipientPracticeIds: [p.id] }, p.clinician)).toMatchObject({ status: 400, body: { msg: PRACTICE_TEXTS.ownPractice } });
    const others = await Promise.all(Array.from({ length: 10 }, () => createUser(ctx.db)));
    expect((await send({ recipientIds: others.map((u) => u.id), recipientPracticeIds: [p.id] })).status).toBe(400);
    expect(await send({ recipientIds: [], toBoard: false })).toMatchObject({ status: 400 });
    await ctx.db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${p.clinician.id}, ${sender.id})`);
    expect(await send({ recipientPracticeIds: [p.id] })).toMatchObject({ status: 403, body: { msg: PRACTICE_TEXTS.practiceBlocked } });
    expect(REFERRAL_TEXTS.noAudience).toBeTruthy();
  });

  it('will not assign across a block made after sending, and hides the sender from a coordinator who blocked them', async () => {
    const p = await staffedPractice(ctx.db, call);
    const { id, sender } = await referToPractice(p);
    await ctx.db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${p.clinician.id}, ${sender.id})`);
    expect(await call('POST', `/api/practices/${p.id}/referrals/${id}/assign`, p.intake, { userId: p.clinician.id }))
      .toMatchObject({ status: 403, body: { msg: PRACTICE_TEXTS.assigneeBlocked } });
    await ctx.db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${p.intake.id}, ${sender.id})`);
    expect((await inbox(p, p.intake)).body.referrals).toEqual([]);
    expect((await call('POST', `/api/practices/${p.id}/referrals/${id}/assign`, p.intake, { userId: p.owner.id })).status).toBe(404);
  });
});

function randomUUIDLike() {
  return '00000000-0000-4000-8000-000000000000';
}
