// Answers and outcomes: each transition, the illegal ones (409), who may make which (403/404), the hand-off
// conversation an acceptance opens with its system line, "placed elsewhere", and expiry under a controlled clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REFERRAL_TEXTS } from '../../../common/referrals.ts';
import { queryRows } from '../../db/client.ts';
import { NOT_VERIFIED } from '../../lib/auth.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { controlledClock, NEEDS, START } from './test-helpers.ts';

let ctx: TestContext;
const clock = controlledClock();
const call = caller(() => ctx.app);
const conflictOf = (msg: string) => ({ status: 409, body: { msg, code: 'CONFLICT' } });

beforeAll(async () => {
  ctx = await createTestContext({ now: clock.now });
});
afterAll(() => ctx.close());

async function referral(recipients = 2, extra: object = {}) {
  const people = await Promise.all(Array.from({ length: recipients + 1 }, () => createUser(ctx.db)));
  const [sender, ...to] = people;
  const res = await call('POST', '/api/referrals', sender, { ...NEEDS, recipientIds: to.map((u) => u.id), ...extra });
  expect(res.status).toBe(201);
  return { id: res.body._id as string, sender, to, url: `/api/referrals/${res.body._id}` };
}
const patch = (url: string, user: TestUser | undefined, body: object) => call('PATCH', url, user, body);
const myResponse = async (url: string, user: TestUser) => (await call('GET', url, user)).body.recipients[0].response;

describe('a recipient answers', () => {
  it('accepts: the conversation between the two opens with a system line naming the referral', async () => {
    const { url, sender, to: [b] } = await referral(1);
    const res = await patch(url, b, { response: 'accepted', message: 'I have Tuesday evenings' });
    expect(res.status).toBe(200);
    const [mine] = res.body.recipients;
    expect(mine).toMatchObject({ response: 'accepted', message: 'I have Tuesday evenings', respondedAt: START.toISOString() });
    expect(mine.conversationId).toEqual(expect.any(String));
    for (const user of [sender, b]) {
      const list = await call('GET', '/api/conversations', user);
      expect(list.body.map((c: { _id: string }) => c._id)).toContain(mine.conversationId);
    }
    // The line the app writes, then the accepting therapist's own message, as theirs.
    const messages = await call('GET', `/api/conversations/${mine.conversationId}/messages`, sender);
    expect(messages.body).toEqual([
      expect.objectContaining({
        kind: 'system', sender: { _id: b.id, name: b.name },
        text: 'Referral accepted: Teen · Anxiety, Panic Disorder · Online · ON. Use this conversation to arrange the hand-off.',
        // Stored as a code and values (docs/decisions/0325): each reader's app says it in their language.
        system: {
          code: 'referralAccepted',
          values: { ageGroup: 'Teen', concerns: ['Anxiety', 'Panic Disorder'], sessionFormats: ['Online'], region: 'ON' },
        },
      }),
      expect.objectContaining({ kind: 'text', sender: { _id: b.id, name: b.name }, text: 'I have Tuesday evenings' }),
    ]);
    const sent = await call('GET', url, sender);
    expect(sent.body.recipients[0]).toMatchObject({ response: 'accepted', conversationId: mine.conversationId });
  });

  it('accepting without a message opens the conversation with the system line alone', async () => {
    const { url, sender, to: [b] } = await referral(1);
    const res = await patch(url, b, { response: 'accepted', message: '   ' });
    const messages = await call('GET', `/api/conversations/${res.body.recipients[0].conversationId}/messages`, sender);
    expect(messages.body.map((m: { kind: string }) => m.kind)).toEqual(['system']);
  });

  it('reuses the conversation the two already have', async () => {
    const { url, sender, to: [b] } = await referral(1);
    const opened = await call('POST', '/api/conversations', sender, { recipientId: b.id });
    const res = await patch(url, b, { response: 'accepted' });
    expect(res.body.recipients[0].conversationId).toBe(opened.body._id);
    const rows = await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM conversations WHERE id = ${opened.body._id}`);
    expect(rows[0].n).toBe(1);
  });

  it('declines or has no capacity, with a message; answers once (409 after)', async () => {
    const { url, to: [b, c] } = await referral(2);
    expect((await patch(url, b, { response: 'declined', message: 'Not my area' })).body.recipients[0]).toMatchObject({ response: 'declined', message: 'Not my area' });
    expect((await patch(url, c, { response: 'no capacity' })).body.recipients[0]).toMatchObject({ response: 'no capacity', message: null });
    expect(await patch(url, b, { response: 'accepted' })).toEqual(conflictOf(REFERRAL_TEXTS.alreadyAnswered));
    expect(await patch(url, c, { response: 'no capacity' })).toEqual(conflictOf(REFERRAL_TEXTS.alreadyAnswered));
  });

  it('"no capacity" can close the profile to new clients in the same write; nothing else can, and a refused answer changes neither', async () => {
    const accepting = async (user: TestUser) => (await call('GET', `/api/users/${user.id}`, user)).body.acceptingClients;
    const { url, sender, to: [b, c, d] } = await referral(3);
    await Promise.all([b, c, d].map((u) => call('PUT', '/api/users/me', u, { acceptingClients: 'accepting' })));
    for (const body of [{ response: 'accepted', stopAccepting: true }, { response: 'declined', stopAccepting: true }, { status: 'withdrawn', stopAccepting: true }, { response: 'no capacity', stopAccepting: 'yes' }]) {
      const refused = await patch(url, body.status ? sender : b, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.msg).toEqual(expect.any(String));
    }
    expect((await patch(url, b, { response: 'accepted', stopAccepting: true })).body.msg).toBe(REFERRAL_TEXTS.stopAcceptingWithNoCapacity);
    expect(await myResponse(url, b)).toBe('pending');
    expect(await accepting(b)).toBe('accepting');

    expect((await patch(url, b, { response: 'no capacity', stopAccepting: true })).body.recipients[0]).toMatchObject({ response: 'no capacity' });
    expect(await accepting(b)).toBe('not accepting');
    // Without it, the profile stays as it was; an answer refused (answered already) closes nothing.
    expect((await patch(url, c, { response: 'no capacity', stopAccepting: false })).status).toBe(200);
    expect(await accepting(c)).toBe('accepting');
    expect((await patch(url, c, { response: 'no capacity', stopAccepting: true })).status).toBe(409);
    expect(await accepting(c)).toBe('accepting');
    expect((await patch(url, sender, { status: 'withdrawn' })).status).toBe(200);
    expect((await patch(url, d, { response: 'no capacity', stopAccepting: true })).status).toBe(409);
    expect(await accepting(d)).toBe('accepting');
  });

  it('checks the body, the privacy of the message and who is answering', async () => {
    const { url, sender, to: [b] } = await referral(1);
    const [other, admin, pending] = await Promise.all([createUser(ctx.db), createAdmin(ctx.db), createUser(ctx.db, { status: 'pending' })]);
    for (const body of [{}, { response: 'maybe' }, { response: 'accepted', status: 'placed' }, { status: 'lost' }, { response: 'declined', message: 'x'.repeat(501) }]) {
      expect((await patch(url, b, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await patch(url, b, { response: 'declined', message: 'call me 416-555-0199' })).body.msg)
      .toBe('The message looks like it contains a phone number. Describe needs, not identities.');
    expect(await patch(url, sender, { response: 'accepted' })).toEqual({ status: 403, body: { msg: REFERRAL_TEXTS.onlyRecipientResponds, code: 'FORBIDDEN' } });
    expect(await patch(url, b, { status: 'placed' })).toEqual({ status: 403, body: { msg: REFERRAL_TEXTS.onlySenderSetsStatus, code: 'FORBIDDEN' } });
    for (const user of [other, admin]) {
      expect(await patch(url, user, { response: 'accepted' })).toEqual({ status: 404, body: { msg: REFERRAL_TEXTS.notFound, code: 'NOT_FOUND' } });
    }
    expect((await patch(url, undefined, { junk: true })).status).toBe(401);
    expect(await patch(url, pending, { junk: true })).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
    expect(await myResponse(url, b)).toBe('pending');
  });
});

describe('the sender closes the loop', () => {
  it('marks it placed: the accepted recipient stays accepted, every other reads "placed elsewhere"', async () => {
    const { url, sender, to: [b, c, d] } = await referral(3);
    await patch(url, b, { response: 'accepted' });
    await patch(url, c, { response: 'declined' });
    const res = await patch(url, sender, { status: 'placed' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('placed');
    expect(await myResponse(url, b)).toBe('accepted');
    expect(await myResponse(url, c)).toBe('placed elsewhere');
    expect(await myResponse(url, d)).toBe('placed elsewhere');
    const inbox = await call('GET', '/api/referrals?box=received', d);
    expect(inbox.body.referrals[0]).toMatchObject({ status: 'placed', myResponse: 'placed elsewhere' });
    expect(await patch(url, d, { response: 'accepted' })).toEqual(conflictOf(REFERRAL_TEXTS.notOpen));
    expect(await patch(url, sender, { status: 'placed' })).toEqual(conflictOf(REFERRAL_TEXTS.notOpen));
    expect(await patch(url, sender, { status: 'withdrawn' })).toEqual(conflictOf(REFERRAL_TEXTS.notOpen));
  });

  it('withdraws it: nobody can answer any more', async () => {
    const { url, sender, to: [b] } = await referral(1);
    expect((await patch(url, sender, { status: 'withdrawn' })).body.status).toBe('withdrawn');
    expect(await patch(url, b, { response: 'accepted' })).toEqual(conflictOf(REFERRAL_TEXTS.notOpen));
    expect(await patch(url, sender, { status: 'placed' })).toEqual(conflictOf(REFERRAL_TEXTS.notOpen));
    expect(await myResponse(url, b)).toBe('pending');
  });
});

describe('expiry (controlled clock)', () => {
  it('an open referral without a date needed by expires after 30 days, in every read and count', async () => {
    clock.set(START);
    const { url, sender, to: [b] } = await referral(1);
    clock.advance(29.9);
    expect((await call('GET', url, b)).body.status).toBe('open');
    expect((await call('GET', '/api/referrals/counts', b)).body.receivedOpen).toBe(1);
    clock.advance(0.2);
    expect((await call('GET', url, b)).body.status).toBe('expired');
    expect((await call('GET', '/api/referrals?box=received', b)).body.referrals[0].status).toBe('expired');
    expect((await call('GET', '/api/referrals?box=received&status=expired', b)).body.referrals).toHaveLength(1);
    expect((await call('GET', '/api/referrals?box=received&status=open', b)).body.referrals).toHaveLength(0);
    expect(await call('GET', '/api/referrals/counts', b)).toEqual({ status: 200, body: { receivedOpen: 0, sentOpen: 0 } });
    expect(await patch(url, b, { response: 'accepted' })).toEqual(conflictOf(REFERRAL_TEXTS.notOpen));
    expect(await patch(url, sender, { status: 'placed' })).toEqual(conflictOf(REFERRAL_TEXTS.notOpen));
    clock.set(START);
  });

  it('with a date needed by, it expires at the end of that day (UTC)', async () => {
    clock.set(START);
    const { url, to: [b] } = await referral(1, { neededBy: '2026-12-03' });
    clock.set(new Date('2026-12-03T23:59:59.000Z'));
    expect((await call('GET', url, b)).body.status).toBe('open');
    clock.set(new Date('2026-12-04T00:00:00.000Z'));
    expect((await call('GET', url, b)).body.status).toBe('expired');
    expect(await patch(url, b, { response: 'declined' })).toEqual(conflictOf(REFERRAL_TEXTS.notOpen));
    clock.set(START);
  });
});

describe('a sender who deleted their account', () => {
  it('is shown to a recipient as a closed account, not as a withdrawal; a live sender is not', async () => {
    const { url, sender, to: [b] } = await referral(1);
    await patch(url, b, { response: 'accepted' });
    expect((await call('GET', url, b)).body).toMatchObject({ status: 'open', senderAccountClosed: false });
    const deleted = await call('DELETE', '/api/users/me', sender, { password: sender.password });
    expect(deleted.status).toBe(200);
    expect((await call('GET', url, b)).body).toMatchObject({ status: 'withdrawn', senderAccountClosed: true, sender: { name: 'Deleted member' } });
    // Withdrawn by its sender, it stays a withdrawal.
    const other = await referral(1);
    await patch(other.url, other.sender, { status: 'withdrawn' });
    expect((await call('GET', other.url, other.to[0])).body).toMatchObject({ status: 'withdrawn', senderAccountClosed: false });
  });
});
