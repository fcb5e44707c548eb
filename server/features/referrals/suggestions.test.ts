// Suggested colleagues: favourites first, then accepting > waitlist > not accepting, then the number of
// needs matched, then availability recency; never the caller, nobody across a block; at most 20; with their reasons.
// Each test uses its own concern, so the ranking it reads holds only the therapists it made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_VERIFIED } from '../../lib/auth.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);

beforeAll(async () => {
  // Suggestions are kept 5 s per set of needs; each test asks with needs of its own.
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const therapist = (concern: string, overrides: Parameters<typeof createUser>[1] = {}) => createUser(ctx.db, {
  demographics: ['Teen'], specialties: [concern], sessionFormat: ['Online'], acceptingClients: 'accepting',
  availabilityUpdatedAt: daysAgo(10), ...overrides,
});
const suggest = async (user: TestUser, query: string) => {
  const res = await call('GET', `/api/referrals/suggestions?${query}`, user);
  expect(res.status).toBe(200);
  return res.body.suggestions as { _id: string; reasons: string[]; matched: object; inNetwork: boolean; acceptingClients: string; licensedInRegion: boolean }[];
};
const ids = (list: { _id: string }[]) => list.map((s) => s._id);

describe('GET /api/referrals/suggestions', () => {
  it('ranks favourites, then accepting before waitlist before not accepting, then needs matched, then recency', async () => {
    const me = await createUser(ctx.db);
    const c = 'Hoarding';
    const notAccepting = await therapist(c, { acceptingClients: 'not accepting', modalities: ['EMDR'], languages: ['French'] });
    const waitlist = await therapist(c, { acceptingClients: 'waitlist' });
    const acceptingFew = await therapist(c, { availabilityUpdatedAt: daysAgo(1) });
    const acceptingMany = await therapist(c, { modalities: ['EMDR'], licensedRegions: ['ON'], availabilityUpdatedAt: daysAgo(50) });
    const acceptingFewOlder = await therapist(c, { availabilityUpdatedAt: daysAgo(30) });
    const acceptingNeverConfirmed = await therapist(c, { availabilityUpdatedAt: null });
    const favourite = await therapist(c, { acceptingClients: 'not accepting' });
    await call('PATCH', `/api/users/favorites/${favourite.id}`, me);
    const list = await suggest(me, `ageGroup=Teen&concerns=${c}&sessionFormats=Online&modalities=EMDR&region=ON&languages=French`);
    // The one licensed in the client's region comes before the network (region-first: see the test below).
    expect(ids(list)).toEqual([
      acceptingMany.id, favourite.id, acceptingFew.id, acceptingFewOlder.id, acceptingNeverConfirmed.id, waitlist.id, notAccepting.id,
    ].map(String));
    expect(list[1].inNetwork).toBe(true);
    expect(list[0]).toMatchObject({ inNetwork: false, reasons: ['Teen', c, 'EMDR', 'Online', 'licensed in ON'] });
    expect(list.at(-1)?.reasons).toEqual(['Teen', c, 'EMDR', 'Online', 'French']);
    // The same as values, for the web app to word in the reader's language.
    expect(list[0]).toMatchObject({
      licensedInRegion: true,
      matched: { ageGroup: 'Teen', concerns: [c], modalities: ['EMDR'], sessionFormats: ['Online'], languages: [], feeModels: [] },
    });
    expect(list.at(-1)).toMatchObject({ licensedInRegion: false, matched: { ageGroup: 'Teen', concerns: [c], languages: ['French'] } });
  });

  it('leaves out whoever cannot take the request: another age group, no shared concern or format, not listed', async () => {
    const me = await createUser(ctx.db);
    const c = 'Gambling';
    const fits = await therapist(c);
    await therapist(c, { demographics: ['Adults'] });
    await therapist(c, { sessionFormat: ['In Person'] });
    await therapist('Grief');
    await therapist(c, { status: 'pending' });
    await therapist(c, { disabled: true });
    await therapist(c, { role: 'admin' });
    expect(ids(await suggest(me, `ageGroup=Teen&concerns=${c},Infertility&sessionFormats=Online`))).toEqual([fits.id]);
  });

  it('never suggests the caller, nor anyone on either side of a block', async () => {
    const c = 'Infidelity';
    const me = await therapist(c);
    const [ok, iBlocked, blockedMe] = await Promise.all([therapist(c), therapist(c), therapist(c)]);
    await call('POST', `/api/users/${iBlocked.id}/block`, me);
    await call('POST', `/api/users/${me.id}/block`, blockedMe);
    await call('PATCH', `/api/users/favorites/${iBlocked.id}`, me);
    expect(ids(await suggest(me, `ageGroup=Teen&concerns=${c}`))).toEqual([ok.id]);
    // The same needs, asked by someone else a moment later (from the shared ranking), still holds all three.
    const other = await createUser(ctx.db);
    expect(ids(await suggest(other, `ageGroup=Teen&concerns=${c}`)).sort()).toEqual([me.id, ok.id, iBlocked.id, blockedMe.id].sort());
  });

  it('gives at most 20', async () => {
    const c = 'Obesity';
    await Promise.all(Array.from({ length: 23 }, () => therapist(c)));
    expect(await suggest(await createUser(ctx.db), `concerns=${c}`)).toHaveLength(20);
  });

  it('with favourites among them still gives at most 20, the favourites first and the best of the rest after', async () => {
    const me = await createUser(ctx.db);
    const c = 'Infertility';
    const rest = await Promise.all(Array.from({ length: 22 }, (_, i) => therapist(c, { availabilityUpdatedAt: daysAgo(i + 1) })));
    const favourites = await Promise.all([therapist(c, { acceptingClients: 'waitlist' }), therapist(c, { acceptingClients: 'waitlist' })]);
    for (const f of favourites) await call('PATCH', `/api/users/favorites/${f.id}`, me);
    const list = await suggest(me, `concerns=${c}`);
    expect(list).toHaveLength(20);
    expect(ids(list.slice(0, 2)).sort()).toEqual(favourites.map((f) => String(f.id)).sort());
    expect(ids(list.slice(2))).toEqual(rest.slice(0, 18).map((t) => String(t.id)));
  });

  it('validates the needs and is for verified members', async () => {
    const me = await createUser(ctx.db);
    for (const query of ['ageGroup=Infant', 'concerns=Sadness', 'region=ZZ', 'sessionFormats=Phone', 'languages=Klingon']) {
      expect((await call('GET', `/api/referrals/suggestions?${query}`, me)).status, query).toBe(400);
    }
    expect((await call('GET', '/api/referrals/suggestions')).status).toBe(401);
    const pending = await createUser(ctx.db, { status: 'pending' });
    expect(await call('GET', '/api/referrals/suggestions', pending)).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
  });

  it('ranks those licensed in the client\'s region first, before the network and availability, and says who is', async () => {
    const me = await createUser(ctx.db);
    const c = 'Narcissistic Personality';
    const boston = await therapist(c, { licensedRegions: ['MA'], location: 'Boston, MA', availabilityUpdatedAt: daysAgo(1) });
    const favourite = await therapist(c, { licensedRegions: ['CA'], location: 'San Francisco, CA' });
    await call('PATCH', `/api/users/favorites/${favourite.id}`, me);
    const ontarioWaitlist = await therapist(c, { licensedRegions: ['ON', 'QC'], acceptingClients: 'waitlist' });
    const ontario = await therapist(c, { licensedRegions: ['ON'], availabilityUpdatedAt: daysAgo(20) });
    const list = await suggest(me, `ageGroup=Teen&concerns=${encodeURIComponent(c)}&sessionFormats=Online&region=ON`);
    expect(ids(list)).toEqual([ontario.id, ontarioWaitlist.id, favourite.id, boston.id].map(String));
    expect(list.map((s) => s.licensedInRegion)).toEqual([true, true, false, false]);
    // Without a region nobody is said to be licensed in it.
    const anywhere = await suggest(me, `ageGroup=Teen&concerns=${encodeURIComponent(c)}&sessionFormats=Online`);
    expect(anywhere.every((s) => !s.licensedInRegion)).toBe(true);
  });

  it('for a client who meets in person, those practising in the region count as in it, without being called licensed', async () => {
    const me = await createUser(ctx.db);
    const c = 'Psychosis';
    const far = await therapist(c, { sessionFormat: ['In Person'], location: 'Vancouver, BC', licensedRegions: ['BC'], availabilityUpdatedAt: daysAgo(1) });
    const toronto = await therapist(c, { sessionFormat: ['In Person'], location: 'Toronto, ON', availabilityUpdatedAt: daysAgo(30) });
    const ottawa = await therapist(c, { sessionFormat: ['In Person'], location: 'Ottawa, Ontario', availabilityUpdatedAt: daysAgo(40) });
    const list = await suggest(me, `concerns=${c}&sessionFormats=${encodeURIComponent('In Person')}&region=ON`);
    expect(ids(list)).toEqual([toronto.id, ottawa.id, far.id].map(String));
    expect(list.map((s) => s.licensedInRegion)).toEqual([false, false, false]);
  });
});
