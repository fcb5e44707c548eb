// Referral suggestions offer a group practice when several of its clinicians match (docs/decisions/0345): with how many
// match and accept, the client's region first, and `reasons`; never the caller's own practice, one across a block, or
// one whose only match is an intake member or a single clinician.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createUser, randomLetters, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx.close());

// Each test asks for a concern nobody else in the test database has, so the practices it reads are its own.
const CONCERN = 'Perinatal and Postpartum';
const therapist = (overrides: Parameters<typeof createUser>[1] = {}) => createUser(ctx.db, {
  demographics: ['Adults'], specialties: [CONCERN], sessionFormat: ['Online'], acceptingClients: 'accepting', ...overrides,
});
async function practiceWith(owner: TestUser, region: string, members: [TestUser, 'clinician' | 'intake' | 'admin'][]) {
  const res = await call('POST', '/api/practices', owner, { name: `${randomLetters(8)} Practice`, locations: [{ city: 'Somewhere', region }] });
  expect(res.status).toBe(201);
  for (const [user, role] of members) {
    const invited = await call('POST', `/api/practices/${res.body._id}/invitations`, owner, { userId: user.id, role });
    expect((await call('PATCH', `/api/practices/${res.body._id}/invitations/${invited.body._id}`, user, { accept: true })).status).toBe(200);
  }
  return res.body as { _id: string; slug: string; name: string };
}
type Offered = { _id: string; matchingClinicians: number; acceptingClinicians: number; inRegion: boolean; reasons: string[] };
const practicesFor = async (user: TestUser, query = `concerns=${encodeURIComponent(CONCERN)}&ageGroup=Adults&sessionFormats=Online&region=BC`) => {
  const res = await call('GET', `/api/referrals/suggestions?${query}`, user);
  expect(res.status).toBe(200);
  return res.body.practices as Offered[];
};

describe('practices among referral suggestions', () => {
  it('suggests a practice when two or more clinicians match, with reasons, in the client\'s region first', async () => {
    const me = await createUser(ctx.db);
    // Away (AB): three match, two accepting. Near (BC): two match, one accepting. Solo (BC): one match and an intake member.
    const away = await practiceWith(await therapist({ acceptingClients: 'waitlist' }), 'AB', [[await therapist(), 'clinician'], [await therapist(), 'admin']]);
    const near = await practiceWith(await therapist(), 'BC', [[await therapist({ acceptingClients: 'not accepting' }), 'clinician'], [await createUser(ctx.db), 'clinician']]);
    await practiceWith(await therapist(), 'BC', [[await therapist(), 'intake'], [await createUser(ctx.db, { specialties: ['Grief'] }), 'clinician']]);
    const offered = await practicesFor(me);
    expect(offered.map((p) => p._id)).toEqual([near._id, away._id]);
    expect(offered[0]).toMatchObject({ matchingClinicians: 2, acceptingClinicians: 1, inRegion: true, reasons: ['2 clinicians match', '1 accepting new clients', 'located in BC'] });
    expect(offered[1]).toMatchObject({ matchingClinicians: 3, acceptingClinicians: 2, inRegion: false, reasons: ['3 clinicians match', '2 accepting new clients'] });
    // The therapists are suggested one by one as before.
    const res = await call('GET', `/api/referrals/suggestions?concerns=${encodeURIComponent(CONCERN)}&ageGroup=Adults&sessionFormats=Online&region=BC`, me);
    expect(res.body.suggestions.length).toBeGreaterThanOrEqual(5);
    await ctx.db.execute(sql`DELETE FROM practices WHERE id IN (${away._id}, ${near._id})`);
  });

  it('never suggests the caller\'s own practice or one with a member across a block, and needs a match to suggest', async () => {
    const [owner, blocker] = await Promise.all([therapist(), therapist()]);
    const mine = await practiceWith(owner, 'BC', [[await therapist(), 'clinician']]);
    const blocked = await practiceWith(await therapist(), 'BC', [[await therapist(), 'clinician'], [blocker, 'intake']]);
    const me = await createUser(ctx.db);
    expect((await practicesFor(me)).map((p) => p._id).sort()).toEqual([mine._id, blocked._id].sort());
    expect((await practicesFor(owner)).map((p) => p._id)).toEqual([blocked._id]);
    await ctx.db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${blocker.id}, ${me.id})`);
    expect((await practicesFor(me)).map((p) => p._id)).toEqual([mine._id]);
    expect(await practicesFor(me, 'concerns=Grief&ageGroup=Adults')).toEqual([]);
  });
});
