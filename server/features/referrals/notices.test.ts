// Referral notifications (through server/lib/notify.ts): received, answered, an offer on the board, placed, and
// expiring (a job, run here with a controlled clock); each to the people concerned only, named by needs, never the note.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { notificationSentence } from '../../../common/notification-text.ts';
import type { NotificationItem } from '../../../common/notifications.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { controlledClock, DAY_MS, matchingTherapist, NEEDS } from './test-helpers.ts';

let ctx: TestContext;
const clock = controlledClock();
const call = caller(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext({ now: clock.now });
});
afterAll(() => ctx.close());

const SUMMARY = 'Teen · Anxiety, Panic Disorder · Online · ON';
const noticesAbout = (referralId: string) => queryRows<{ user_id: string; type: string; target_title: string; target_url: string }>(ctx.db, sql`
  SELECT user_id, type, target_title, target_url FROM notifications WHERE target_id = ${referralId} ORDER BY created_at, type`);
const pairs = async (referralId: string) => (await noticesAbout(referralId)).map((n) => [n.type, n.user_id]);

describe('referral notifications', () => {
  it('received by each recipient, answered to the sender, placed to the recipients', async () => {
    const [a, b, c] = await Promise.all([createUser(ctx.db), createUser(ctx.db), createUser(ctx.db)]);
    const id = (await call('POST', '/api/referrals', a, { ...NEEDS, recipientIds: [b.id, c.id] })).body._id;
    expect((await pairs(id)).sort()).toEqual([['referralReceived', b.id], ['referralReceived', c.id]].sort());
    const [first] = await noticesAbout(id);
    expect(first).toMatchObject({ target_title: SUMMARY, target_url: `/referrals/${id}` });
    expect(JSON.stringify(await noticesAbout(id))).not.toContain(NEEDS.note);
    await call('PATCH', `/api/referrals/${id}`, b, { response: 'accepted' });
    expect(await pairs(id)).toContainEqual(['referralAnswered', a.id]);
    await call('PATCH', `/api/referrals/${id}`, a, { status: 'placed' });
    const placed = (await pairs(id)).filter(([type]) => type === 'referralPlaced');
    expect(placed.sort()).toEqual([['referralPlaced', b.id], ['referralPlaced', c.id]].sort());
  });

  it('an offer on the board to the sender; an accepted offer to the therapist', async () => {
    const [a, t] = await Promise.all([createUser(ctx.db), matchingTherapist(ctx.db)]);
    const id = (await call('POST', '/api/referrals', a, { ...NEEDS, toBoard: true })).body._id;
    expect(await pairs(id)).toEqual([]);
    await call('POST', `/api/referrals/${id}/offers`, t, { message: 'I can take this' });
    expect(await pairs(id)).toEqual([['referralOffer', a.id]]);
    const offerId = (await call('GET', `/api/referrals/${id}`, a)).body.offers[0]._id;
    await call('POST', `/api/referrals/${id}/offers/${offerId}/accept`, a);
    expect(await pairs(id)).toContainEqual(['referralReceived', t.id]);
  });

  it('expiring: the sender hears two days before, unless it was placed or withdrawn by then', async () => {
    clock.set(new Date('2026-12-01T12:00:00.000Z'));
    const [a, b] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const open = (await call('POST', '/api/referrals', a, { ...NEEDS, recipientIds: [b.id] })).body._id;
    const closed = (await call('POST', '/api/referrals', a, { ...NEEDS, recipientIds: [b.id] })).body._id;
    await call('PATCH', `/api/referrals/${closed}`, a, { status: 'withdrawn' });
    await ctx.app.jobs.runDue(new Date(clock.now().getTime() + 27 * DAY_MS));
    expect((await pairs(open)).filter(([type]) => type === 'referralExpiring')).toEqual([]);
    await ctx.app.jobs.runDue(new Date(clock.now().getTime() + 28 * DAY_MS + 1000));
    expect((await pairs(open)).filter(([type]) => type === 'referralExpiring')).toEqual([['referralExpiring', a.id]]);
    expect((await pairs(closed)).filter(([type]) => type === 'referralExpiring')).toEqual([]);
  });

  it('an answer names itself: accepted, declined, no capacity (one sentence for the bell and the email)', async () => {
    const [a, b, c, d] = await Promise.all([createUser(ctx.db), createUser(ctx.db), createUser(ctx.db), createUser(ctx.db)]);
    const id = (await call('POST', '/api/referrals', a, { ...NEEDS, recipientIds: [b.id, c.id, d.id] })).body._id;
    await call('PATCH', `/api/referrals/${id}`, b, { response: 'accepted' });
    await call('PATCH', `/api/referrals/${id}`, c, { response: 'declined' });
    await call('PATCH', `/api/referrals/${id}`, d, { response: 'no capacity' });
    const bell = await call('GET', '/api/notifications', a);
    const answers = (bell.body.notifications as NotificationItem[]).filter((n) => n.target._id === id);
    const sentences = answers.map((n) => notificationSentence(n)).sort();
    expect(sentences).toEqual([
      `${b.name} accepted your referral`, `${c.name} declined your referral`, `${d.name} has no capacity for your referral`,
    ].sort());
    expect(answers.map((n) => n.detail).sort()).toEqual(['accepted', 'declined', 'no capacity']);
  });
});
