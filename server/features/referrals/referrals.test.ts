// Sending referrals and reading them: validation, the privacy guard, recipients, permissions per role, the
// boxes with their filters and cursor pages, the counts, and what administrators see (counts, never contents).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FINDING_WORDS, PRIVACY_TEXTS } from '../../../common/privacy-check.ts';
import { REFERRAL_ADMIN_TEXT, REFERRAL_TEXTS, ReferralPage, ReferralSchema } from '../../../common/referrals.ts';
import { NOT_VERIFIED } from '../../lib/auth.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { controlledClock, matchingTherapist, NEEDS } from './test-helpers.ts';

let ctx: TestContext;
const clock = controlledClock();
const call = caller(() => ctx.app);
const send = (from: TestUser | undefined, body: object) => call('POST', '/api/referrals', from, { ...NEEDS, ...body });
const referralCount = async () => (await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM referrals`))[0].n;

beforeAll(async () => {
  ctx = await createTestContext({ now: clock.now });
});
afterAll(() => ctx.close());

describe('POST /api/referrals', () => {
  it('creates a referral for the chosen recipients, as the sender sees it', async () => {
    const [a, b, c] = await Promise.all([createUser(ctx.db), matchingTherapist(ctx.db), matchingTherapist(ctx.db)]);
    const res = await send(a, { recipientIds: [b.id, c.id, b.id], modalities: ['CBT'], languages: ['English'], neededBy: '2026-12-20' });
    expect(res.status).toBe(201);
    expect(ReferralSchema.parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({
      sender: { _id: a.id, name: a.name }, ageGroup: 'Teen', concerns: ['Anxiety', 'Panic Disorder'], modalities: ['CBT'],
      sessionFormats: ['Online'], region: 'ON', languages: ['English'], feeModels: [], urgency: 'soon', neededBy: '2026-12-20',
      note: NEEDS.note, toBoard: false, status: 'open', viewerRole: 'sender', offers: [],
      expiresAt: '2026-12-21T00:00:00.000Z', createdAt: '2026-12-01T12:00:00.000Z',
    });
    expect(res.body.recipients.map((r: { user: { _id: string }; response: string }) => [r.user._id, r.response]).sort())
      .toEqual([[b.id, 'pending'], [c.id, 'pending']].sort());
  });

  it('expires 30 days after sending without a date needed by', async () => {
    const [a, b] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const res = await send(a, { recipientIds: [b.id] });
    expect(res.body.expiresAt).toBe('2026-12-31T12:00:00.000Z');
  });

  it('may go to the board alone, but needs a recipient or the board', async () => {
    const a = await createUser(ctx.db);
    expect((await send(a, { toBoard: true })).status).toBe(201);
    const before = await referralCount();
    expect(await send(a, {})).toEqual({ status: 400, body: { msg: REFERRAL_TEXTS.noAudience, code: 'VALIDATION' } });
    expect(await referralCount()).toBe(before);
  });

  it('refuses a note that identifies the client, naming what looked identifying', async () => {
    const [a, b] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const before = await referralCount();
    for (const [note, kind] of [['call 416-555-0199', 'phone'], ['client Maria, 15', 'name'],
      ['DOB 12/03/1990', 'date'], ['mum: ann@example.com', 'email']] as const) {
      const msg = PRIVACY_TEXTS.refused('note', FINDING_WORDS[kind]);
      expect(await send(a, { recipientIds: [b.id], note })).toEqual({ status: 400, body: { msg, code: 'IDENTIFYING_TEXT' } });
    }
    expect(await referralCount()).toBe(before);
  });

  it('validates every need', async () => {
    const [a, b] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const to = { recipientIds: [b.id] };
    const bad = [
      { ...to, ageGroup: 'Infant' }, { ...to, concerns: [] }, { ...to, concerns: ['Anxiety', 'Grief', 'Stress', 'Trauma and PTSD', 'Phobias', 'Burnout'] },
      { ...to, concerns: ['Sadness'] }, { ...to, sessionFormats: [] }, { ...to, region: 'ZZ' }, { ...to, urgency: 'now' },
      { ...to, neededBy: '2026-13-01' }, { ...to, neededBy: 'tomorrow' }, { ...to, note: 'x'.repeat(1001) }, { ...to, languages: ['Klingon'] },
      { ...to, feeModels: ['Free'] }, { recipientIds: Array.from({ length: 11 }, () => crypto.randomUUID()) }, { recipientIds: ['nope'] },
    ];
    const before = await referralCount();
    for (const body of bad) {
      const res = await send(a, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
    expect(await send(a, { ...to, neededBy: '2026-11-30' })).toEqual({ status: 400, body: { msg: REFERRAL_TEXTS.neededByPast, code: 'BAD_REQUEST' } });
    expect((await send(a, { ...to, neededBy: '2026-12-01' })).status).toBe(201);
    expect(await referralCount()).toBe(before + 1);
  });

  it('sends only to verified therapists other than the sender, and never across a block', async () => {
    const [a, b, pending, admin] = await Promise.all([createUser(ctx.db), createUser(ctx.db), createUser(ctx.db, { status: 'pending' }), createAdmin(ctx.db)]);
    const missing = { status: 400, body: { msg: REFERRAL_TEXTS.recipientMissing, code: 'BAD_REQUEST' } };
    expect(await send(a, { recipientIds: [a.id] })).toEqual({ status: 400, body: { msg: REFERRAL_TEXTS.recipientIsSelf, code: 'BAD_REQUEST' } });
    expect(await send(a, { recipientIds: [pending.id] })).toEqual(missing);
    expect(await send(a, { recipientIds: [admin.id] })).toEqual(missing);
    expect(await send(a, { recipientIds: [crypto.randomUUID()] })).toEqual(missing);
    const blocked = { status: 403, body: { msg: REFERRAL_TEXTS.recipientBlocked, code: 'FORBIDDEN' } };
    await call('POST', `/api/users/${b.id}/block`, a);
    expect(await send(a, { recipientIds: [b.id] })).toEqual(blocked);
    const [c, d] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    await call('POST', `/api/users/${c.id}/block`, d);
    expect(await send(c, { recipientIds: [d.id] })).toEqual(blocked);
  });

  it('is for verified therapists: 401 signed out, 403 pending or rejected, 403 for administrators (whatever the body)', async () => {
    const [pending, rejected, admin] = await Promise.all([
      createUser(ctx.db, { status: 'pending' }), createUser(ctx.db, { status: 'rejected' }), createAdmin(ctx.db),
    ]);
    expect((await call('POST', '/api/referrals', undefined, { junk: 1 })).status).toBe(401);
    for (const user of [pending, rejected]) {
      expect(await call('POST', '/api/referrals', user, { junk: 1 })).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
    }
    expect(await send(admin, { toBoard: true })).toEqual({ status: 403, body: { msg: REFERRAL_ADMIN_TEXT, code: 'FORBIDDEN' } });
  });
});

describe('reading referrals', () => {
  it('GET one: the sender sees everyone, a recipient only their own entry, anyone else (administrators too) 404', async () => {
    const [a, b, c, other, admin, pending] = await Promise.all([
      createUser(ctx.db), createUser(ctx.db), createUser(ctx.db), createUser(ctx.db), createAdmin(ctx.db), createUser(ctx.db, { status: 'pending' }),
    ]);
    const { body } = await send(a, { recipientIds: [b.id, c.id] });
    const url = `/api/referrals/${body._id}`;
    expect((await call('GET', url, a)).body.recipients).toHaveLength(2);
    const asB = await call('GET', url, b);
    expect(asB.status).toBe(200);
    expect(asB.body.viewerRole).toBe('recipient');
    expect(asB.body.recipients.map((r: { user: { _id: string } }) => r.user._id)).toEqual([b.id]);
    const notFound = { status: 404, body: { msg: REFERRAL_TEXTS.notFound, code: 'NOT_FOUND' } };
    expect(await call('GET', url, other)).toEqual(notFound);
    expect(await call('GET', url, admin)).toEqual(notFound);
    expect(await call('GET', `/api/referrals/${crypto.randomUUID()}`, a)).toEqual(notFound);
    expect((await call('GET', url)).status).toBe(401);
    expect((await call('GET', url, pending)).status).toBe(403);
    expect((await call('GET', '/api/referrals/not-an-id', a)).status).toBe(400);
  });

  it('a box shows the needs and times exactly as the referral itself does (milliseconds, lists in order)', async () => {
    const [a, b] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const { body } = await send(a, { recipientIds: [b.id], modalities: ['EMDR', 'CBT'], languages: ['French', 'English'], feeModels: ['Sliding scale'] });
    // Microseconds in the database: every shape shows the same milliseconds.
    await ctx.db.execute(sql`UPDATE referrals SET created_at = created_at + interval '0.123456 seconds',
      updated_at = updated_at + interval '0.987654 seconds' WHERE id = ${body._id}`);
    const detail = (await call('GET', `/api/referrals/${body._id}`, a)).body;
    expect(detail).toMatchObject({ modalities: ['EMDR', 'CBT'], languages: ['French', 'English'], feeModels: ['Sliding scale'] });
    expect([detail.createdAt, detail.updatedAt]).toEqual([expect.stringMatching(/\.123Z$/), expect.stringMatching(/\.987Z$/)]);
    for (const [user, box] of [[b, 'received'], [a, 'sent']] as const) {
      const page = (await call('GET', `/api/referrals?box=${box}`, user)).body;
      expect(ReferralPage.parse(page)).toEqual(page);
      const item = page.referrals.find((r: { _id: string }) => r._id === body._id);
      for (const key of ['createdAt', 'expiresAt', 'concerns', 'sessionFormats'] as const) expect(item[key]).toEqual(detail[key]);
    }
  });

  it('lists the received and sent boxes newest first, in cursor pages, with a status filter', async () => {
    const [a, b] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      clock.advance(1 / 24 / 60); // a minute apart
      ids.push((await send(a, { recipientIds: [b.id] })).body._id);
    }
    const newestFirst = [...ids].reverse();
    for (const [user, box] of [[b, 'received'], [a, 'sent']] as const) {
      const first = await call('GET', `/api/referrals?box=${box}`, user);
      expect(ReferralPage.parse(first.body)).toEqual(first.body);
      expect(first.body.referrals.map((r: { _id: string }) => r._id)).toEqual(newestFirst.slice(0, 20));
      const second = await call('GET', `/api/referrals?box=${box}&before=${encodeURIComponent(first.body.nextCursor)}`, user);
      expect(second.body.referrals.map((r: { _id: string }) => r._id)).toEqual(newestFirst.slice(20));
      expect(second.body.nextCursor).toBeNull();
    }
    const received = (await call('GET', '/api/referrals', b)).body.referrals[0];
    expect(received).toMatchObject({ myResponse: 'pending', status: 'open', sender: { _id: a.id } });
    const sent = (await call('GET', '/api/referrals?box=sent', a)).body.referrals[0];
    expect(sent).toMatchObject({ myResponse: null, recipientCount: 1, acceptedCount: 0, openOffers: 0 });
    await call('PATCH', `/api/referrals/${ids[0]}`, a, { status: 'withdrawn' });
    const withdrawn = await call('GET', '/api/referrals?box=received&status=withdrawn', b);
    expect(withdrawn.body.referrals.map((r: { _id: string }) => r._id)).toEqual([ids[0]]);
    expect((await call('GET', '/api/referrals?box=sent&status=open', a)).body.referrals).toHaveLength(20);
    expect((await call('GET', '/api/referrals?box=inbox', a)).status).toBe(400);
    expect((await call('GET', '/api/referrals?before=yesterday', a)).status).toBe(400);
    expect((await call('GET', '/api/referrals?status=lost', a)).status).toBe(400);
    expect(await call('GET', '/api/referrals/counts', b)).toEqual({ status: 200, body: { receivedOpen: 22, sentOpen: 0 } });
    expect(await call('GET', '/api/referrals/counts', a)).toEqual({ status: 200, body: { receivedOpen: 0, sentOpen: 22 } });
  });

  it('shows administrators counts only; members cannot read them', async () => {
    const [admin, member] = await Promise.all([createAdmin(ctx.db), createUser(ctx.db)]);
    const stats = await call('GET', '/api/admin/referrals/stats', admin);
    expect(stats.status).toBe(200);
    expect(stats.body.total).toBe(await referralCount());
    expect(Object.keys(stats.body).sort()).toEqual(['expired', 'onBoard', 'open', 'placed', 'sentLast30Days', 'total', 'withdrawn']);
    expect((await call('GET', '/api/admin/referrals/stats', member)).status).toBe(403);
    expect((await call('GET', '/api/admin/referrals/stats')).status).toBe(401);
    expect((await call('GET', '/api/referrals', admin)).body).toEqual({ referrals: [], nextCursor: null });
  });
});
