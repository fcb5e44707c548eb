// Responsiveness (a job, with a controlled clock): the rate answered before expiry and the median hours to a first
// answer over the last 90 days; nothing shown below three referrals; the figures on profiles, cards and suggestions;
// faster responders ranked higher among equals, with a reason that says so; a member's own figures in their insights.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { computeResponsiveness } from './responsiveness.ts';
import { controlledClock, DAY_MS, matchingTherapist, NEEDS } from './test-helpers.ts';

let ctx: TestContext;
const clock = controlledClock(new Date('2027-06-01T08:00:00.000Z'));
const call = caller(() => ctx.app);
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  ctx = await createTestContext({ now: clock.now });
});
afterAll(() => ctx.close());

/** Sends one referral to `to` now and has them answer `afterHours` later (or never). */
async function referAndAnswer(sender: TestUser, to: TestUser, afterHours: number | null, needs: object = NEEDS) {
  const start = clock.now();
  const res = await call('POST', '/api/referrals', sender, { ...needs, recipientIds: [to.id] });
  expect(res.status).toBe(201);
  if (afterHours !== null) {
    clock.set(new Date(start.getTime() + afterHours * HOUR_MS));
    expect((await call('PATCH', `/api/referrals/${res.body._id}`, to, { response: 'declined' })).status).toBe(200);
  }
  clock.set(start);
  return res.body._id as string;
}

describe('responsiveness', () => {
  it('nothing below three referrals; from three on, the rate and median hours, on the profile and the directory card', async () => {
    const [sender, t] = await Promise.all([createUser(ctx.db), matchingTherapist(ctx.db)]);
    await referAndAnswer(sender, t, 2);
    await referAndAnswer(sender, t, 6);
    await computeResponsiveness(ctx.db, clock.now());
    const two = await call('GET', `/api/users/${t.id}`, sender);
    expect(two.body).not.toHaveProperty('responseRate');
    expect(two.body).not.toHaveProperty('medianResponseHours');
    // A third, never answered: it counts once it has expired (30 days), not while it is still open.
    await referAndAnswer(sender, t, null);
    await computeResponsiveness(ctx.db, clock.now());
    expect((await call('GET', `/api/users/${t.id}`, sender)).body).not.toHaveProperty('responseRate');
    clock.advance(31);
    await computeResponsiveness(ctx.db, clock.now());
    const three = await call('GET', `/api/users/${t.id}`, sender);
    // Answered 2 of 3; median of 2 h and 6 h is 4 h.
    expect(three.body).toMatchObject({ responseRate: 0.67, medianResponseHours: 4 });
    const own = await call('GET', '/api/referrals/insights', t);
    expect(own.body.responsiveness).toMatchObject({ responseRate: 0.67, medianResponseHours: 4, counted: 3, answered: 2, windowDays: 90, threshold: 3 });
    // 90 days on, they all fall out of the window: nothing again.
    clock.advance(90);
    await computeResponsiveness(ctx.db, clock.now());
    expect((await call('GET', `/api/users/${t.id}`, sender)).body).not.toHaveProperty('responseRate');
  });

  it('suggestions rank the faster responder first among equals and say so in the reasons', async () => {
    const tag = `Tag${Date.now()}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
    const sender = await createUser(ctx.db);
    // Two therapists alike in every need; only the time they take to answer differs.
    const [slow, fast] = await Promise.all([0, 1].map(() => matchingTherapist(ctx.db, { location: tag, languages: ['Tagalog'] })));
    for (const h of [30, 40, 50]) await referAndAnswer(sender, slow, h);
    for (const h of [1, 2, 3]) await referAndAnswer(sender, fast, h);
    await computeResponsiveness(ctx.db, clock.now());
    clock.advance(1);
    const res = await call('GET', '/api/referrals/suggestions?ageGroup=Teen&concerns=Anxiety&sessionFormats=Online&region=ON&languages=Tagalog', sender);
    const ids = res.body.suggestions.map((s: { _id: string }) => s._id);
    expect(ids.indexOf(fast.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(fast.id)).toBeLessThan(ids.indexOf(slow.id));
    const [f, s] = [fast, slow].map((u) => res.body.suggestions.find((x: { _id: string }) => x._id === u.id));
    expect(f).toMatchObject({ responseRate: 1, medianResponseHours: 2 });
    expect(f.reasons).toContain('usually responds within 2 hours');
    expect(s.reasons).toContain('usually responds within 2 days');
  });

  it('an accepted board offer counts from when the referral was posted', async () => {
    const [sender, t] = await Promise.all([createUser(ctx.db), matchingTherapist(ctx.db)]);
    for (let i = 0; i < 3; i += 1) {
      const start = clock.now();
      const id = (await call('POST', '/api/referrals', sender, { ...NEEDS, toBoard: true })).body._id;
      clock.set(new Date(start.getTime() + 5 * HOUR_MS));
      await call('POST', `/api/referrals/${id}/offers`, t, { message: '' });
      clock.set(new Date(start.getTime() + 9 * HOUR_MS));
      const offerId = (await call('GET', `/api/referrals/${id}`, sender)).body.offers[0]._id;
      expect((await call('POST', `/api/referrals/${id}/offers/${offerId}/accept`, sender)).status).toBe(200);
      clock.set(start);
    }
    await computeResponsiveness(ctx.db, new Date(clock.now().getTime() + DAY_MS));
    expect((await call('GET', `/api/users/${t.id}`, sender)).body).toMatchObject({ responseRate: 1, medianResponseHours: 5 });
  });
});
