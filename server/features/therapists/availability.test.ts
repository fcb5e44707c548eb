// Referral availability on profiles: the fields' rules, the server's stamp, reconfirmation, staleness.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVAILABILITY_NOTE_MAX, INSURER_MAX, MAX_INSURERS } from '../../../common/availability.ts';
import { NOT_VERIFIED } from '../../lib/auth.ts';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const put = (user: TestUser, body: object) => call('PUT', '/api/users/me', user, body);
const confirm = (user?: TestUser) => call('POST', '/api/users/me/availability/confirm', user);
async function stored(user: TestUser) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
  return row;
}
const setUpdatedAt = (user: TestUser, at: Date | null) =>
  ctx.db.update(users).set({ availabilityUpdatedAt: at }).where(eq(users.id, user.id));

describe('PUT /api/users/me: availability fields', () => {
  let me: TestUser;
  beforeAll(async () => {
    me = await createUser(ctx.db);
  });

  it('saves every field and returns it on the profile, new members starting as never confirmed', async () => {
    const before = await call('GET', `/api/users/${me.id}`, me);
    expect(before.body).toMatchObject({
      acceptingClients: 'not accepting', availabilityNote: '', availabilityUpdatedAt: null, availabilityStale: true,
      languages: [], feeModels: [], insurers: [], licensedRegions: [], website: '',
    });
    const { status, body } = await put(me, {
      acceptingClients: 'accepting', availabilityNote: '  Tue and Thu evenings ', languages: ['English', 'French', 'English'],
      feeModels: ['Sliding scale', 'Insurance'], insurers: [' Sun Life ', 'Manulife'], licensedRegions: ['ON', 'NY'],
      website: ' https://practice.example.com/about ',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      acceptingClients: 'accepting', availabilityNote: 'Tue and Thu evenings', availabilityStale: false,
      languages: ['English', 'French'], feeModels: ['Sliding scale', 'Insurance'], insurers: ['Sun Life', 'Manulife'],
      licensedRegions: ['ON', 'NY'], website: 'https://practice.example.com/about',
    });
    expect(Date.now() - Date.parse(body.availabilityUpdatedAt)).toBeLessThan(60_000);
  });

  it('keeps each insurer once whatever its case, drops blanks, and takes exactly the limits', async () => {
    const ten = Array.from({ length: MAX_INSURERS }, (_, i) => `Insurer ${i} ${'x'.repeat(INSURER_MAX - 12)}`.slice(0, INSURER_MAX));
    expect((await put(me, { insurers: [...ten, '', '  ', ten[0].toUpperCase()] })).body.insurers).toEqual(ten);
    expect((await put(me, { insurers: ['Blue Cross', 'blue cross', 'BLUE CROSS '] })).body.insurers).toEqual(['Blue Cross']);
    const note = 'n'.repeat(AVAILABILITY_NOTE_MAX);
    expect((await put(me, { availabilityNote: note })).body.availabilityNote).toBe(note);
    expect((await put(me, { website: '' })).body.website).toBe('');
  });

  it.each([
    [{ acceptingClients: 'maybe' }, 'Invalid acceptingClients'],
    [{ acceptingClients: null }, 'Invalid acceptingClients'],
    [{ availabilityNote: 'n'.repeat(AVAILABILITY_NOTE_MAX + 1) }, `Invalid availabilityNote: must be at most ${AVAILABILITY_NOTE_MAX} characters`],
    [{ availabilityNote: 'Evenings\u0000' }, 'Invalid availabilityNote'],
    [{ languages: ['Klingon'] }, 'Invalid languages: "Klingon" is not one of the options'],
    [{ languages: 'English' }, 'Invalid languages'],
    [{ feeModels: ['Barter'] }, 'Invalid feeModels: "Barter" is not one of the options'],
    [{ insurers: Array.from({ length: MAX_INSURERS + 1 }, (_, i) => `Insurer ${i}`) }, `Invalid insurers: must have at most ${MAX_INSURERS} entries`],
    [{ insurers: ['x'.repeat(INSURER_MAX + 1)] }, `must each be at most ${INSURER_MAX} characters`],
    [{ insurers: ['Sun\u200BLife'] }, 'Invalid insurers'],
    [{ insurers: [42] }, 'Invalid insurers'],
    [{ licensedRegions: ['XX'] }, 'Invalid licensedRegions: "XX" is not one of the options'],
    [{ licensedRegions: ['Ontario'] }, 'Invalid licensedRegions'],
    [{ website: 'http://practice.example.com' }, 'Invalid website: must be an https address'],
    [{ website: 'javascript:alert(1)' }, 'Invalid website'],
    [{ website: 'https://' }, 'Invalid website'],
    [{ website: 'https://localhost' }, 'Invalid website'],
    [{ website: 'practice.example.com' }, 'Invalid website'],
    [{ website: `https://example.com/${'a'.repeat(2000)}` }, 'Invalid website'],
  ])('refuses %j with 400 naming the field, and changes nothing', async (body, msg) => {
    await put(me, { acceptingClients: 'waitlist', availabilityNote: 'Kept', languages: ['English'], insurers: ['Kept'], website: 'https://kept.example.com' });
    const before = await stored(me);
    const { status, body: answer } = await put(me, { ...body, bio: 'changed too' });
    expect(status).toBe(400);
    expect(answer.msg).toContain(msg);
    expect(await stored(me)).toEqual(before);
  });

  it('lets a pending member fill in availability while waiting for verification', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    const { status, body } = await put(pending, { acceptingClients: 'waitlist', languages: ['Spanish'] });
    expect(status).toBe(200);
    expect(body).toMatchObject({ acceptingClients: 'waitlist', languages: ['Spanish'] });
  });
});

describe('availabilityUpdatedAt: the server stamps a change of status or note, and nothing else', () => {
  let me: TestUser;
  const longAgo = new Date(Date.now() - 90 * DAY_MS);
  beforeAll(async () => {
    me = await createUser(ctx.db);
    await put(me, { acceptingClients: 'accepting', availabilityNote: 'Mornings' });
  });

  it('is not moved by unrelated edits, or by sending the same status and note again (the form sends everything)', async () => {
    await setUpdatedAt(me, longAgo);
    await put(me, { bio: 'New bio', languages: ['Punjabi'], insurers: ['Green Shield'], website: 'https://x.example.org' });
    await put(me, { acceptingClients: 'accepting', availabilityNote: 'Mornings', bio: 'Newer bio' });
    const { body } = await call('GET', `/api/users/${me.id}`, me);
    expect(body.availabilityUpdatedAt).toBe(longAgo.toISOString());
    expect(body.availabilityStale).toBe(true);
  });

  it.each([
    ['the status', { acceptingClients: 'waitlist' }],
    ['the note', { availabilityNote: 'Evenings only' }],
  ])('moves when %s changes', async (_what, change) => {
    await setUpdatedAt(me, longAgo);
    const { body } = await put(me, change);
    expect(Date.now() - Date.parse(body.availabilityUpdatedAt)).toBeLessThan(60_000);
    expect(body.availabilityStale).toBe(false);
  });

  it('does not take a client-sent time', async () => {
    await setUpdatedAt(me, longAgo);
    const { status } = await put(me, { availabilityUpdatedAt: new Date().toISOString(), bio: 'x' });
    expect(status).toBe(200);
    expect((await stored(me)).availabilityUpdatedAt).toEqual(longAgo);
  });
});

describe('POST /api/users/me/availability/confirm', () => {
  it('refuses a visitor (401), and pending and rejected members (403) whatever they send', async () => {
    expect(await confirm()).toEqual({ status: 401, body: { msg: 'Please log in to continue.', code: 'UNAUTHORIZED' } });
    for (const status of ['pending', 'rejected'] as const) {
      const member = await createUser(ctx.db, { status });
      const res = await ctx.app.inject({
        method: 'POST', url: '/api/users/me/availability/confirm', headers: { ...member.headers, 'content-type': 'application/json' }, payload: '{junk',
      });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
      expect((await stored(member)).availabilityUpdatedAt).toBeNull();
    }
  });

  it('stamps only the caller, keeps the stated availability, and returns their own profile', async () => {
    const me = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    await put(me, { acceptingClients: 'waitlist', availabilityNote: 'Fridays' });
    await setUpdatedAt(me, new Date(Date.now() - 61 * DAY_MS));
    await setUpdatedAt(other, null);
    const { status, body } = await confirm(me);
    expect(status).toBe(200);
    expect(body).toMatchObject({ _id: me.id, email: me.email, acceptingClients: 'waitlist', availabilityNote: 'Fridays', availabilityStale: false });
    expect(Date.now() - Date.parse(body.availabilityUpdatedAt)).toBeLessThan(60_000);
    expect((await stored(other)).availabilityUpdatedAt).toBeNull();
  });

  it('works for an administrator too', async () => {
    const admin = await createAdmin(ctx.db);
    const { status, body } = await confirm(admin);
    expect(status).toBe(200);
    expect(body.availabilityStale).toBe(false);
  });
});

describe('availabilityStale: not confirmed for 60 days, or never', () => {
  let owner: TestUser;
  let viewer: TestUser;
  beforeAll(async () => {
    owner = await createUser(ctx.db, { name: 'Stale Sam', acceptingClients: 'accepting' });
    viewer = await createUser(ctx.db);
  });
  const card = async () => (await call('GET', '/api/users?q=Stale%20Sam')).body.users[0];

  it.each([
    ['never confirmed', null, true],
    ['confirmed 59 days ago', 59, false],
    ['confirmed 60 days and an hour ago', 60.05, true],
    ['confirmed 200 days ago', 200, true],
  ])('%s: on the profile and the card', async (_what, days, stale) => {
    await setUpdatedAt(owner, days === null ? null : new Date(Date.now() - days * DAY_MS));
    expect((await call('GET', `/api/users/${owner.id}`, viewer)).body.availabilityStale).toBe(stale);
    // The directory keeps a search for a few seconds; a new query string reads the database.
    const fresh = await call('GET', `/api/users?q=Stale%20Sam&limit=${days === null ? 11 : Math.round(days) % 40 + 12}`);
    expect(fresh.body.users[0].availabilityStale).toBe(stale);
    expect(fresh.body.users[0].acceptingClients).toBe('accepting');
  });

  it('shows the other fields to every verified reader', async () => {
    await put(owner, { languages: ['Tamil'], insurers: ['Cigna'], website: 'https://sam.example.com' });
    const { body } = await call('GET', `/api/users/${owner.id}`, viewer);
    expect(body).toMatchObject({ languages: ['Tamil'], insurers: ['Cigna'], website: 'https://sam.example.com' });
    expect(await card()).toMatchObject({ name: 'Stale Sam' });
  });
});

describe('the write limit covers the confirmation', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ config: { WRITE_LIMITS: 'other=2/60' } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 with Retry-After once the member has written too often', async () => {
    const me = await createUser(limited.db);
    const send = () => limited.app.inject({ method: 'POST', url: '/api/users/me/availability/confirm', headers: me.headers });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
  });
});

describe('region_of_location (migration 0091): the region a location names', () => {
  const regionOf = async (location: string) =>
    (await queryRows<{ r: string | null }>(ctx.db, sql`SELECT region_of_location(${location}) AS r`))[0].r;

  it.each([
    ['Toronto, ON, Canada', 'ON'], ['Toronto, Ontario', 'ON'], ['Ottawa,ON,Canada.', 'ON'], ['Seattle, WA, USA', 'WA'],
    ['Boston, Massachusetts, U.S.A.', 'MA'], ['Washington, DC, United States of America', 'DC'], ['Montréal, Québec', 'QC'],
    ['ON', 'ON'], ['Toronto', null], ['London, England, UK', null], ['Sydney, NSW, Australia', null], ['', null],
    ['Toronto, Canada', null],
  ])('%j is %j', async (location, region) => {
    expect(await regionOf(location)).toBe(region);
  });

  it('knows every region of common/regions.ts by code and by name', async () => {
    const { REGIONS } = await import('../../../common/regions.ts');
    for (const r of REGIONS) {
      expect(await regionOf(`Somewhere, ${r.code}`)).toBe(r.code);
      expect(await regionOf(`Somewhere, ${r.name}`)).toBe(r.code);
    }
  });
});
