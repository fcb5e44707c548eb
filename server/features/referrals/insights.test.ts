// Insights against hand-counted fixtures: one member's referrals sent and received over three months (a controlled
// clock), their acceptances, placements, outcomes, the median time to placement and the colleagues they refer to and
// receive from most; the platform's counts for administrators only; the period's checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHTS_TEXTS } from '../../../common/referral-insights.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { controlledClock, NEEDS } from './test-helpers.ts';

let ctx: TestContext;
const clock = controlledClock(new Date('2027-01-10T10:00:00.000Z'));
const call = caller(() => ctx.app);
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  ctx = await createTestContext({ now: clock.now });
}, 300_000);
afterAll(() => ctx.close());

const send = async (from: TestUser, to: TestUser[]) => {
  const res = await call('POST', '/api/referrals', from, { ...NEEDS, recipientIds: to.map((u) => u.id) });
  expect(res.status).toBe(201);
  return `/api/referrals/${res.body._id}`;
};
const later = (hours: number) => clock.set(new Date(clock.now().getTime() + hours * HOUR_MS));

describe('insights', () => {
  let me: TestUser;
  let b: TestUser;
  let c: TestUser;
  let d: TestUser;

  beforeAll(async () => {
    [me, b, c, d] = await Promise.all([createUser(ctx.db), createUser(ctx.db), createUser(ctx.db), createUser(ctx.db)]);
    // January: I send two (to b and c; to b), b accepts the first and holds a first session 10 hours after I sent it.
    const first = await send(me, [b, c]);
    const second = await send(me, [b]);
    later(2);
    await call('PATCH', first, b, { response: 'accepted' });
    later(8);
    await call('PATCH', first, b, { outcome: 'first session held' });
    await call('PATCH', second, b, { response: 'declined' });
    // February: I send one to d, who accepts; I mark it placed 20 hours after sending. c sends me one; I accept it and
    // record "client did not follow up".
    clock.set(new Date('2027-02-05T10:00:00.000Z'));
    const third = await send(me, [d]);
    const fromC = await send(c, [me]);
    later(1);
    await call('PATCH', third, d, { response: 'accepted' });
    await call('PATCH', fromC, me, { response: 'accepted' });
    await call('PATCH', fromC, me, { outcome: 'client did not follow up' });
    later(19);
    await call('PATCH', third, me, { status: 'placed' });
    // March: b sends me two, I decline both.
    clock.set(new Date('2027-03-03T10:00:00.000Z'));
    for (let i = 0; i < 2; i += 1) await call('PATCH', await send(b, [me]), me, { response: 'declined' });
  });

  it('counts a member\'s own referrals by month, with outcomes, the median time to placement and top colleagues', async () => {
    const res = await call('GET', '/api/referrals/insights?from=2027-01-01&to=2027-03-31', me);
    expect(res.status).toBe(200);
    expect(res.body.months).toEqual([
      { month: '2027-01', sent: 2, received: 0, accepted: 1, placed: 1 },
      { month: '2027-02', sent: 1, received: 1, accepted: 1, placed: 1 },
      { month: '2027-03', sent: 0, received: 2, accepted: 0, placed: 0 },
    ]);
    // Placed after 10 h and 20 h: the median is 15 h.
    expect(res.body.totals).toEqual({ sent: 3, received: 3, acceptedSent: 2, acceptedReceived: 1, placed: 2, medianHoursToPlacement: 15 });
    expect(res.body.outcomesSent).toEqual({ 'first session held': 1, 'client did not follow up': 0, 'not a fit, referred on': 0 });
    expect(res.body.outcomesReceived).toEqual({ 'first session held': 0, 'client did not follow up': 1, 'not a fit, referred on': 0 });
    // b was asked twice, c and d once each; b sent me two, c one.
    expect(res.body.referredTo.map((x: { _id: string; count: number }) => [x._id, x.count])).toEqual(
      [[b.id, 2], ...[[c.id, 1], [d.id, 1]].sort((x, y) => ([c, d].find((u) => u.id === x[0])!.name < [c, d].find((u) => u.id === y[0])!.name ? -1 : 1))]);
    expect(res.body.receivedFrom.map((x: { _id: string; count: number }) => [x._id, x.count])).toEqual([[b.id, 2], [c.id, 1]]);
    expect(res.body.referredTo[0]).toMatchObject({ name: b.name, avatar: null });
  });

  it('a period narrows every figure; twelve months by default', async () => {
    const feb = await call('GET', '/api/referrals/insights?from=2027-02-01&to=2027-02-28', me);
    expect(feb.body.totals).toMatchObject({ sent: 1, received: 1, placed: 1, medianHoursToPlacement: 20 });
    const whole = await call('GET', '/api/referrals/insights', me);
    expect(whole.body.months).toHaveLength(12);
    expect(whole.body.to).toBe('2027-03-03');
    expect(whole.body.from).toBe('2026-04-01');
  });

  it('refuses a bad period', async () => {
    expect((await call('GET', '/api/referrals/insights?from=2027-03-01&to=2027-02-01', me)).body).toMatchObject({ msg: INSIGHTS_TEXTS.badRange });
    expect((await call('GET', '/api/referrals/insights?from=2020-01-01&to=2027-02-01', me)).body).toMatchObject({ msg: INSIGHTS_TEXTS.tooLong });
    expect((await call('GET', '/api/referrals/insights?from=2027-02-30', me)).status).toBe(400);
  });

  it('the platform\'s counts for administrators only; members, pending members and visitors are refused', async () => {
    const [admin, pending] = await Promise.all([createAdmin(ctx.db), createUser(ctx.db, { status: 'pending' })]);
    const res = await call('GET', '/api/admin/referrals/insights?from=2027-01-01&to=2027-03-31', admin);
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual({ sent: 6, received: 7, acceptedSent: 3, acceptedReceived: 3, placed: 2, medianHoursToPlacement: 15 });
    expect(res.body.outcomes).toEqual({ 'first session held': 1, 'client did not follow up': 1, 'not a fit, referred on': 0 });
    expect(res.body.months.map((m: { sent: number }) => m.sent)).toEqual([2, 2, 2]);
    expect(JSON.stringify(res.body)).not.toContain(me.id);
    expect((await call('GET', '/api/admin/referrals/insights', me)).status).toBe(403);
    expect((await call('GET', '/api/admin/referrals/insights', pending)).status).toBe(403);
    expect((await call('GET', '/api/admin/referrals/insights')).status).toBe(401);
    // Administrators have no referrals of their own.
    expect((await call('GET', '/api/referrals/insights', admin)).status).toBe(403);
  });
});
