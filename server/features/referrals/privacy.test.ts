// The client-privacy guard on every referral text others read: the note, a recipient's answer message and a board
// offer's message. Identifying details are refused with {msg, code}; a likely name alone goes with confirmLikelyName,
// which never lets through another kind or a name found for certain. A refused write changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FINDING_WORDS, PRIVACY_TEXTS } from '../../../common/privacy-check.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { controlledClock, matchingTherapist, NEEDS } from './test-helpers.ts';

let ctx: TestContext;
const clock = controlledClock();
const call = caller(() => ctx.app);
const count = async (table: 'referrals' | 'referral_offers') =>
  (await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0].n;

beforeAll(async () => {
  ctx = await createTestContext({ now: clock.now });
});
afterAll(() => ctx.close());

const LIKELY_NAME = 'Maria Lopez, 34, postpartum anxiety, prefers evenings';
const refusedAs = (subject: string, kind: keyof typeof FINDING_WORDS) =>
  ({ status: 400, body: { msg: PRIVACY_TEXTS.refused(subject, FINDING_WORDS[kind]), code: 'IDENTIFYING_TEXT' } });
const likelyName = (subject: string) => ({ status: 400, body: { msg: PRIVACY_TEXTS.likelyName(subject), code: 'LIKELY_NAME' } });

/** The same refusals for every guarded text; `write(text, confirm)` makes the write, `stored()` counts what it stores. */
async function guards(subject: string, write: (text: string, confirm?: boolean) => ReturnType<typeof call>, stored: () => Promise<number>) {
  const before = await stored();
  expect(await write(LIKELY_NAME)).toEqual(likelyName(subject));
  expect(await write(LIKELY_NAME, false)).toEqual(likelyName(subject));
  expect(await write('Maria Lopez, call 416-555-0199', true)).toEqual(refusedAs(subject, 'phone'));
  expect(await write('client maria lopez, 34', true)).toEqual(refusedAs(subject, 'name'));
  expect(await write('maria dot lopez at gmail dot com', true)).toEqual(refusedAs(subject, 'email'));
  expect(await write('DOB 3 4 85', true)).toEqual(refusedAs(subject, 'date'));
  expect(await write('lives at 12 Maple Grove', true)).toEqual(refusedAs(subject, 'address'));
  expect(await write('SIN 123.456.789', true)).toEqual(refusedAs(subject, 'number'));
  expect(await write('confirmLikelyName must be a boolean', 'yes' as never)).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
  expect(await stored()).toBe(before);
  const confirmed = await write(LIKELY_NAME, true);
  expect([200, 201]).toContain(confirmed.status);
  return confirmed;
}

describe('the privacy guard on referral texts', () => {
  it('on a referral note', async () => {
    const [a, b] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const write = (note: string, confirmLikelyName?: boolean) =>
      call('POST', '/api/referrals', a, { ...NEEDS, recipientIds: [b.id], note, confirmLikelyName });
    const made = await guards('note', write, () => count('referrals'));
    expect(made.body).toMatchObject({ note: LIKELY_NAME });
    expect((await write('Teen with panic attacks, Cognitive Behavioral Therapy in Toronto')).status).toBe(201);
  });

  it("on a recipient's answer message", async () => {
    const [a, b] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const made = await call('POST', '/api/referrals', a, { ...NEEDS, recipientIds: [b.id] });
    const url = `/api/referrals/${made.body._id}`;
    const answered = async () => ((await call('GET', url, b)).body.recipients[0].response === 'pending' ? 0 : 1);
    const write = (message: string, confirmLikelyName?: boolean) => call('PATCH', url, b, { response: 'declined', message, confirmLikelyName });
    const done = await guards('message', write, answered);
    expect(done.body.recipients[0]).toMatchObject({ response: 'declined', message: LIKELY_NAME });
  });

  it("on a board offer's message", async () => {
    const sender = await createUser(ctx.db);
    const made = await call('POST', '/api/referrals', sender, { ...NEEDS, toBoard: true });
    const therapist: TestUser = await matchingTherapist(ctx.db);
    const write = (message: string, confirmLikelyName?: boolean) =>
      call('POST', `/api/referrals/${made.body._id}/offers`, therapist, { message, confirmLikelyName });
    const done = await guards('message', write, () => count('referral_offers'));
    expect(done.body).toMatchObject({ myOffer: { message: LIKELY_NAME } });
  });
});
