// Outcomes after the hand-off: who may record one (the accepting recipient only), when (after accepting, within 30 days,
// once), what is refused (anything but the three fixed words, a message beside it, a withdrawn referral), what follows
// ("first session held" places the referral), the sender's notice, and the reminders at 7 and 21 days (jobs run with a
// controlled clock) that stop once an outcome is recorded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { notificationSentence } from '../../../common/notification-text.ts';
import type { NotificationItem } from '../../../common/notifications.ts';
import { OUTCOME_TEXTS } from '../../../common/referral-outcomes.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { controlledClock, DAY_MS, NEEDS } from './test-helpers.ts';

let ctx: TestContext;
const clock = controlledClock();
const call = caller(() => ctx.app);
const conflictOf = (msg: string) => ({ status: 409, body: { msg, code: 'CONFLICT' } });

beforeAll(async () => {
  ctx = await createTestContext({ now: clock.now });
}, 300_000);
afterAll(() => ctx.close());

async function accepted(recipients = 2) {
  const people = await Promise.all(Array.from({ length: recipients + 1 }, () => createUser(ctx.db)));
  const [sender, ...to] = people;
  const res = await call('POST', '/api/referrals', sender, { ...NEEDS, recipientIds: to.map((u) => u.id) });
  expect(res.status).toBe(201);
  const url = `/api/referrals/${res.body._id}`;
  expect((await call('PATCH', url, to[0], { response: 'accepted' })).status).toBe(200);
  return { id: res.body._id as string, sender, to, url };
}
const record = (url: string, user: TestUser | undefined, outcome: string, extra: object = {}) => call('PATCH', url, user, { outcome, ...extra });
const noticePairs = async (referralId: string, type: string) => (await queryRows<{ user_id: string }>(ctx.db, sql`
  SELECT user_id FROM notifications WHERE target_id = ${referralId} AND type = ${type}`)).map((r) => r.user_id);

describe('recording an outcome', () => {
  it('the accepting recipient records "first session held": the referral is placed, the sender is told and sees it', async () => {
    const { id, url, sender, to: [b, c] } = await accepted(2);
    const before = await call('GET', url, b);
    expect(before.body.recipients[0]).toMatchObject({ outcome: null, outcomeAt: null, outcomeDueBy: new Date(clock.now().getTime() + 30 * DAY_MS).toISOString() });
    const res = await record(url, b, 'first session held');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('placed');
    expect(res.body.recipients[0]).toMatchObject({ outcome: 'first session held', outcomeAt: clock.now().toISOString(), outcomeDueBy: null });
    const seen = await call('GET', url, sender);
    expect(seen.body.recipients.find((r: { user: { _id: string } }) => r.user._id === b.id).outcome).toBe('first session held');
    // The other recipient reads "placed elsewhere" and never sees the outcome.
    const other = await call('GET', url, c);
    expect(other.body.recipients).toEqual([expect.objectContaining({ response: 'placed elsewhere', outcome: null })]);
    expect(await noticePairs(id, 'referralOutcome')).toEqual([sender.id]);
    expect(await noticePairs(id, 'referralPlaced')).toEqual([c.id]);
    const bell = await call('GET', '/api/notifications', sender);
    const item = (bell.body.notifications as NotificationItem[]).find((n) => n.target._id === id && n.type === 'referralOutcome');
    // Content-free: the sentence names who, never the outcome; the outcome is on the referral's page.
    expect(item && notificationSentence(item)).toBe(`${b.name} recorded the outcome of your referral`);
  });

  it('"client did not follow up" and "not a fit, referred on" leave the referral open', async () => {
    for (const outcome of ['client did not follow up', 'not a fit, referred on']) {
      const { url, to: [b] } = await accepted(1);
      const res = await record(url, b, outcome);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'open', recipients: [expect.objectContaining({ outcome })] });
    }
  });

  it('only once: a second recording, even a different one, is refused', async () => {
    const { url, to: [b] } = await accepted(1);
    expect((await record(url, b, 'client did not follow up')).status).toBe(200);
    expect(await record(url, b, 'first session held')).toMatchObject(conflictOf(OUTCOME_TEXTS.alreadyRecorded));
    expect(await record(url, b, 'client did not follow up')).toMatchObject(conflictOf(OUTCOME_TEXTS.alreadyRecorded));
  });

  it('who: not the sender, not a recipient who has not accepted, not a stranger, an administrator or a visitor', async () => {
    const { url, sender, to: [, c] } = await accepted(2);
    const [stranger, admin, pending] = await Promise.all([createUser(ctx.db), createAdmin(ctx.db), createUser(ctx.db, { status: 'pending' })]);
    expect(await record(url, sender, 'first session held')).toMatchObject({ status: 403, body: { msg: OUTCOME_TEXTS.onlyAccepting } });
    expect(await record(url, c, 'first session held')).toMatchObject(conflictOf(OUTCOME_TEXTS.notAccepted));
    await call('PATCH', url, c, { response: 'declined' });
    expect(await record(url, c, 'first session held')).toMatchObject(conflictOf(OUTCOME_TEXTS.notAccepted));
    expect((await record(url, stranger, 'first session held')).status).toBe(404);
    expect((await record(url, admin, 'first session held')).status).toBe(404);
    expect((await record(url, pending, 'first session held')).status).toBe(403);
    expect((await record(url, undefined, 'first session held')).status).toBe(401);
  });

  it('what: the three fixed words only, alone', async () => {
    const { url, to: [b] } = await accepted(1);
    for (const body of [{ outcome: 'seen twice' }, { outcome: '' }, { outcome: 'first session held', message: 'Tuesday' },
      { outcome: 'first session held', response: 'accepted' }, { outcome: 'first session held', status: 'placed' }]) {
      const res = await call('PATCH', url, b, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
  });

  it('when: within 30 days of accepting (a controlled clock), and not once the sender withdrew it', async () => {
    const late = await accepted(1);
    clock.advance(30);
    clock.set(new Date(clock.now().getTime() + 1000));
    expect(await record(late.url, late.to[0], 'first session held')).toMatchObject(conflictOf(OUTCOME_TEXTS.windowClosed));
    const inTime = await accepted(1);
    clock.advance(29);
    // Past the referral's own expiry, the hand-off goes on: the outcome can still be recorded, and places it.
    expect((await record(inTime.url, inTime.to[0], 'first session held')).body.status).toBe('placed');
    const withdrawn = await accepted(1);
    await call('PATCH', withdrawn.url, withdrawn.sender, { status: 'withdrawn' });
    expect(await record(withdrawn.url, withdrawn.to[0], 'first session held')).toMatchObject(conflictOf(OUTCOME_TEXTS.withdrawn));
  });

  it('a placed referral (by the sender) still takes the accepting recipient\'s outcome', async () => {
    const { url, sender, to: [b] } = await accepted(1);
    await call('PATCH', url, sender, { status: 'placed' });
    const res = await record(url, b, 'first session held');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('placed');
  });
});

describe('reminders to record the outcome', () => {
  it('at 7 and 21 days while nothing is recorded; none after it is', { timeout: 180_000 }, async () => {
    const quiet = await accepted(1);
    const done = await accepted(1);
    await ctx.app.jobs.runDue(new Date(clock.now().getTime() + 6 * DAY_MS));
    expect(await noticePairs(quiet.id, 'referralOutcomeDue')).toEqual([]);
    await ctx.app.jobs.runDue(new Date(clock.now().getTime() + 7 * DAY_MS + 1000));
    expect(await noticePairs(quiet.id, 'referralOutcomeDue')).toEqual([quiet.to[0].id]);
    expect(await noticePairs(done.id, 'referralOutcomeDue')).toEqual([done.to[0].id]);
    // Recorded (the clock stands still: runDue is handed later times), before the 21-day reminder is due.
    const recorded = await record(done.url, done.to[0], 'client did not follow up');
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    await ctx.app.jobs.runDue(new Date(clock.now().getTime() + 22 * DAY_MS));
    // Two reminders are two items: each job is its own source.
    expect(await noticePairs(quiet.id, 'referralOutcomeDue')).toEqual([quiet.to[0].id, quiet.to[0].id]);
    expect(await noticePairs(done.id, 'referralOutcomeDue')).toEqual([done.to[0].id]);
  });
});
