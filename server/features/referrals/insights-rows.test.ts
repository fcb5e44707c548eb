// The insights read a referral's sender and sending time from its recipient rows (migration 0440, docs/decisions/0370):
// the figures follow each step of a referral's life (an answer, an outcome that places it, a withdrawal, the expiry), and
// every recipient row carries its referral's sender and time, however it was inserted.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { controlledClock, NEEDS } from './test-helpers.ts';

let ctx: TestContext;
const clock = controlledClock(new Date('2027-05-10T10:00:00.000Z'));
const call = caller(() => ctx.app);
const PERIOD = '/api/referrals/insights?from=2027-05-01&to=2027-05-31';

beforeAll(async () => {
  ctx = await createTestContext({ now: clock.now });
}, 300_000);
afterAll(() => ctx.close());

const send = async (from: TestUser, to: TestUser[]) => {
  const res = await call('POST', '/api/referrals', from, { ...NEEDS, recipientIds: to.map((u) => u.id) });
  expect(res.status).toBe(201);
  return `/api/referrals/${res.body._id}`;
};
const later = (hours: number) => clock.set(new Date(clock.now().getTime() + hours * 3_600_000));
const counts = (list: { _id: string; count: number }[]) => list.map((x) => [x._id, x.count]);

/** Recipient rows whose copied sender or time differs from their referral's. */
const drifted = async () => (await queryRows<{ n: number }>(ctx.db, sql`
  SELECT count(*)::int AS n FROM referral_recipients x JOIN referrals r ON r.id = x.referral_id
  WHERE x.sender_id <> r.sender_id OR x.referral_created_at <> r.created_at`))[0].n;

describe('insights through a referral\'s life', () => {
  let me: TestUser;
  let b: TestUser;
  let c: TestUser;

  beforeAll(async () => {
    [me, b, c] = await Promise.all([createUser(ctx.db), createUser(ctx.db), createUser(ctx.db)]);
  });

  it('counts answers, outcomes (one placing the referral), a withdrawal and the expiry as they happen', async () => {
    const first = await send(me, [b, c]);
    const second = await send(me, [b]);
    const fromC = await send(c, [me]);
    const start = await call('GET', PERIOD, me);
    expect(start.body.totals).toEqual({ sent: 2, received: 1, acceptedSent: 0, acceptedReceived: 0, placed: 0, medianHoursToPlacement: null });
    expect(counts(start.body.referredTo)[0]).toEqual([b.id, 2]);
    expect(counts(start.body.receivedFrom)).toEqual([[c.id, 1]]);

    // An answer: the first is accepted by b (c's silence does not undo it); I accept c's.
    later(3);
    expect((await call('PATCH', first, b, { response: 'accepted' })).status).toBe(200);
    expect((await call('PATCH', fromC, me, { response: 'accepted' })).status).toBe(200);
    const answered = await call('GET', PERIOD, me);
    expect(answered.body.totals).toMatchObject({ acceptedSent: 1, acceptedReceived: 1 });
    expect(answered.body.months[0]).toEqual({ month: '2027-05', sent: 2, received: 1, accepted: 1, placed: 0 });

    // Outcomes on both sides: b's "first session held", 5 hours after I sent it, places the first; the second withdrawn
    // stays sent, never accepted nor placed.
    later(2);
    expect((await call('PATCH', first, b, { outcome: 'first session held' })).status).toBe(200);
    expect((await call('PATCH', fromC, me, { outcome: 'not a fit, referred on' })).status).toBe(200);
    expect((await call('PATCH', second, me, { status: 'withdrawn' })).status).toBe(200);
    const placed = await call('GET', PERIOD, me);
    expect(placed.body.outcomesSent).toEqual({ 'first session held': 1, 'client did not follow up': 0, 'not a fit, referred on': 0 });
    expect(placed.body.outcomesReceived).toEqual({ 'first session held': 0, 'client did not follow up': 0, 'not a fit, referred on': 1 });
    expect(placed.body.totals).toEqual({ sent: 2, received: 1, acceptedSent: 1, acceptedReceived: 1, placed: 1, medianHoursToPlacement: 5 });

    // Past every expiry: the figures count by sending time, so nothing moves.
    clock.set(new Date('2027-07-01T10:00:00.000Z'));
    const expired = await call('GET', PERIOD, me);
    expect(expired.body.totals).toEqual(placed.body.totals);
    expect(expired.body.months).toEqual(placed.body.months);
    expect(await drifted()).toBe(0);
  });

  it('a recipient row takes its referral\'s sender and time from the referral, whatever the insert said', async () => {
    const url = await send(me, [b]);
    const id = url.split('/').at(-1)!;
    await ctx.db.execute(sql`INSERT INTO referral_recipients (referral_id, recipient_id, sender_id, referral_created_at)
      VALUES (${id}, ${c.id}, ${c.id}, '2001-01-01T00:00:00Z')`);
    expect(await drifted()).toBe(0);
    const [row] = await queryRows<{ sender_id: string }>(ctx.db, sql`
      SELECT sender_id FROM referral_recipients WHERE referral_id = ${id} AND recipient_id = ${c.id}`);
    expect(row.sender_id).toBe(me.id);
  });
});
