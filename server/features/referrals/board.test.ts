// The board and its offers: who sees a request, "I can take this", the sender accepting an offer (which makes
// that therapist an accepted recipient with the hand-off conversation), and the refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardPage, REFERRAL_ADMIN_TEXT, REFERRAL_TEXTS } from '../../../common/referrals.ts';
import { NOT_VERIFIED } from '../../lib/auth.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { controlledClock, matchingTherapist, NEEDS } from './test-helpers.ts';

let ctx: TestContext;
const clock = controlledClock();
const call = caller(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext({ now: clock.now });
});
afterAll(() => ctx.close());

async function boardRequest(extra: object = {}) {
  const sender = await createUser(ctx.db);
  const res = await call('POST', '/api/referrals', sender, { ...NEEDS, toBoard: true, ...extra });
  expect(res.status).toBe(201);
  return { id: res.body._id as string, sender };
}
const boardIds = async (user: TestUser) => {
  const res = await call('GET', '/api/referrals/board', user);
  expect(res.status).toBe(200);
  expect(BoardPage.parse(res.body)).toEqual(res.body);
  return res.body.referrals.map((r: { _id: string }) => r._id);
};
const offer = (id: string, user: TestUser | undefined, message = 'I can take this: Tuesday evenings') =>
  call('POST', `/api/referrals/${id}/offers`, user, { message });

describe('GET /api/referrals/board', () => {
  it('lists open board requests for therapists matching the age group and at least one concern', async () => {
    const { id, sender } = await boardRequest();
    const { id: direct } = await boardRequest({ toBoard: false, recipientIds: [(await createUser(ctx.db)).id] });
    const [match, wrongAge, noConcern] = await Promise.all([
      matchingTherapist(ctx.db),
      matchingTherapist(ctx.db, { demographics: ['Adults'] }),
      matchingTherapist(ctx.db, { specialties: ['Grief'] }),
    ]);
    expect(await boardIds(match)).toContain(id);
    expect(await boardIds(match)).not.toContain(direct);
    expect(await boardIds(wrongAge)).not.toContain(id);
    expect(await boardIds(noConcern)).not.toContain(id);
    expect(await boardIds(sender)).not.toContain(id);
  });

  it('drops requests that are closed, expired, or across a block', async () => {
    const { id, sender } = await boardRequest();
    const { id: later } = await boardRequest({ neededBy: '2026-12-02' });
    const [me, blocker] = await Promise.all([matchingTherapist(ctx.db), matchingTherapist(ctx.db)]);
    await call('POST', `/api/users/${sender.id}/block`, blocker);
    expect(await boardIds(blocker)).not.toContain(id);
    expect(await boardIds(me)).toEqual(expect.arrayContaining([id, later]));
    await call('PATCH', `/api/referrals/${id}`, sender, { status: 'withdrawn' });
    expect(await boardIds(me)).not.toContain(id);
    clock.advance(2);
    expect(await boardIds(me)).not.toContain(later);
    clock.advance(-2);
  });

  it('pages newest first', async () => {
    const me = await matchingTherapist(ctx.db, { demographics: ['Elders (65+)'] });
    const ids: string[] = [];
    for (let i = 0; i < 21; i++) {
      clock.advance(1 / 1440);
      ids.push((await boardRequest({ ageGroup: 'Elders (65+)' })).id);
    }
    const first = await call('GET', '/api/referrals/board', me);
    expect(first.body.referrals.map((r: { _id: string }) => r._id)).toEqual(ids.slice(1).reverse());
    const next = await call('GET', `/api/referrals/board?before=${encodeURIComponent(first.body.nextCursor)}`, me);
    expect(next.body).toMatchObject({ referrals: [{ _id: ids[0] }], nextCursor: null });
  });

  it('is for verified members: 401 signed out, 403 pending', async () => {
    expect((await call('GET', '/api/referrals/board')).status).toBe(401);
    const pending = await createUser(ctx.db, { status: 'pending' });
    expect(await call('GET', '/api/referrals/board', pending)).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
  });
});

describe('offers', () => {
  it('a matching therapist offers once; the sender sees it and accepts it', async () => {
    const { id, sender } = await boardRequest();
    const [t, u] = await Promise.all([matchingTherapist(ctx.db), matchingTherapist(ctx.db)]);
    const made = await offer(id, t);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ _id: id, myOffer: { message: 'I can take this: Tuesday evenings', status: 'open' } });
    expect(await offer(id, t)).toEqual({ status: 409, body: { msg: REFERRAL_TEXTS.offerExists, code: 'CONFLICT' } });
    await offer(id, u, '');
    const mine = await call('GET', `/api/referrals/${id}`, sender);
    expect(mine.body.offers.map((o: { therapist: { _id: string } }) => o.therapist._id).sort()).toEqual([t.id, u.id].sort());
    expect((await call('GET', '/api/referrals?box=sent', sender)).body.referrals[0]).toMatchObject({ _id: id, openOffers: 2 });
    // Until accepted, the offering therapist is no recipient: the referral itself is not theirs to read.
    expect((await call('GET', `/api/referrals/${id}`, t)).status).toBe(404);

    const offerId = mine.body.offers.find((o: { therapist: { _id: string } }) => o.therapist._id === t.id)._id;
    expect(await call('POST', `/api/referrals/${id}/offers/${offerId}/accept`, t))
      .toEqual({ status: 404, body: { msg: REFERRAL_TEXTS.notFound, code: 'NOT_FOUND' } });
    const accepted = await call('POST', `/api/referrals/${id}/offers/${offerId}/accept`, sender);
    expect(accepted.status).toBe(200);
    expect(accepted.body.recipients).toEqual([expect.objectContaining({
      user: expect.objectContaining({ _id: t.id }), response: 'accepted', viaBoard: true, conversationId: expect.any(String),
    })]);
    expect(accepted.body.offers.find((o: { _id: string }) => o._id === offerId).status).toBe('accepted');
    expect(await call('POST', `/api/referrals/${id}/offers/${offerId}/accept`, sender))
      .toEqual({ status: 409, body: { msg: REFERRAL_TEXTS.offerTaken, code: 'CONFLICT' } });
    expect(await call('POST', `/api/referrals/${id}/offers/${crypto.randomUUID()}/accept`, sender))
      .toEqual({ status: 404, body: { msg: REFERRAL_TEXTS.offerNotFound, code: 'NOT_FOUND' } });
    const asT = await call('GET', `/api/referrals/${id}`, t);
    expect(asT.body).toMatchObject({ viewerRole: 'recipient', recipients: [{ response: 'accepted' }] });
    expect((await call('GET', '/api/referrals?box=received', t)).body.referrals[0]).toMatchObject({ _id: id, myResponse: 'accepted' });
    const messages = await call('GET', `/api/conversations/${asT.body.recipients[0].conversationId}/messages`, t);
    expect(messages.body[0]).toMatchObject({ kind: 'system', sender: { _id: sender.id } });
    // The sender can now mark it placed, and the other offer's therapist is told nothing more: they were never a recipient.
    expect((await call('PATCH', `/api/referrals/${id}`, sender, { status: 'placed' })).body.status).toBe('placed');
    expect(await offer(id, (await matchingTherapist(ctx.db)))).toEqual({ status: 409, body: { msg: REFERRAL_TEXTS.notOpen, code: 'CONFLICT' } });
  });

  it('an offer from before a block, either way, cannot be accepted; after the unblock it can', async () => {
    for (const blockedBy of ['sender', 'therapist'] as const) {
      const { id, sender } = await boardRequest();
      const t = await matchingTherapist(ctx.db);
      expect((await offer(id, t)).status).toBe(201);
      const offerId = (await call('GET', `/api/referrals/${id}`, sender)).body.offers[0]._id;
      const [by, other] = blockedBy === 'sender' ? [sender, t] : [t, sender];
      expect((await call('POST', `/api/users/${other.id}/block`, by)).status).toBe(200);
      expect(await call('POST', `/api/referrals/${id}/offers/${offerId}/accept`, sender))
        .toEqual({ status: 403, body: { msg: REFERRAL_TEXTS.recipientBlocked, code: 'FORBIDDEN' } });
      expect((await call('GET', `/api/referrals/${id}`, t)).status).toBe(404);
      expect((await call('DELETE', `/api/users/${other.id}/block`, by)).status).toBe(200);
      expect((await call('POST', `/api/referrals/${id}/offers/${offerId}/accept`, sender)).status).toBe(200);
    }
  });

  it('refuses offers that do not fit', async () => {
    const { id, sender } = await boardRequest();
    const { id: direct } = await boardRequest({ toBoard: false, recipientIds: [(await matchingTherapist(ctx.db)).id] });
    const [mismatch, blocked, admin, pending] = await Promise.all([
      matchingTherapist(ctx.db, { specialties: ['Grief'] }), matchingTherapist(ctx.db), createAdmin(ctx.db), createUser(ctx.db, { status: 'pending' }),
    ]);
    expect(await offer(id, mismatch)).toEqual({ status: 403, body: { msg: REFERRAL_TEXTS.boardMismatch, code: 'FORBIDDEN' } });
    expect(await offer(id, sender)).toEqual({ status: 400, body: { msg: REFERRAL_TEXTS.ownReferral, code: 'BAD_REQUEST' } });
    expect(await offer(direct, await matchingTherapist(ctx.db))).toEqual({ status: 404, body: { msg: REFERRAL_TEXTS.notFound, code: 'NOT_FOUND' } });
    await call('POST', `/api/users/${blocked.id}/block`, sender);
    expect((await offer(id, blocked)).status).toBe(404);
    expect(await offer(id, admin)).toEqual({ status: 403, body: { msg: REFERRAL_ADMIN_TEXT, code: 'FORBIDDEN' } });
    expect(await call('POST', `/api/referrals/${id}/offers`, pending, { junk: 1 })).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
    expect((await call('POST', `/api/referrals/${id}/offers`, undefined, { junk: 1 })).status).toBe(401);
    expect((await offer(id, await matchingTherapist(ctx.db), 'my number is 416-555-0199')).status).toBe(400);
    expect((await call('GET', `/api/referrals/${id}`, sender)).body.offers).toEqual([]);
  });

  it('a recipient answers the referral instead of offering', async () => {
    const b = await matchingTherapist(ctx.db);
    const { id } = await boardRequest({ recipientIds: [b.id] });
    expect(await offer(id, b)).toEqual({ status: 409, body: { msg: REFERRAL_TEXTS.alreadyRecipient, code: 'CONFLICT' } });
    expect(await boardIds(b)).not.toContain(id);
  });
});

describe('an offer and the client\'s region', () => {
  it('says whether the offering therapist is licensed where the client is', async () => {
    const { id, sender } = await boardRequest();
    const [licensed, elsewhere] = await Promise.all([matchingTherapist(ctx.db), matchingTherapist(ctx.db, { licensedRegions: ['BC'] })]);
    expect((await offer(id, licensed)).status).toBe(201);
    expect((await offer(id, elsewhere)).status).toBe(201);
    const offers = (await call('GET', `/api/referrals/${id}`, sender)).body.offers as { therapist: { _id: string }; licensedInRegion: boolean }[];
    // Both offers carry the same (controlled) time: compared by therapist, not by order.
    expect(Object.fromEntries(offers.map((o) => [o.therapist._id, o.licensedInRegion]))).toEqual({ [licensed.id]: true, [elsewhere.id]: false });
  });

  it('tells each therapist on the board whether they are licensed where the client is', async () => {
    const { id } = await boardRequest();
    const [licensed, elsewhere] = await Promise.all([matchingTherapist(ctx.db), matchingTherapist(ctx.db, { licensedRegions: ['BC'] })]);
    const mine = async (user: TestUser) => ((await call('GET', '/api/referrals/board', user)).body as BoardPage).referrals.find((r) => r._id === id);
    expect((await mine(licensed))?.youAreLicensedInRegion).toBe(true);
    expect((await mine(elsewhere))?.youAreLicensedInRegion).toBe(false);
    expect((await offer(id, elsewhere)).body).toMatchObject({ _id: id, youAreLicensedInRegion: false, myOffer: { status: 'open' } });
  });
});
