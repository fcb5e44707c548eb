import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_VERIFIED } from '../../lib/auth.ts';
import { LIMITS } from '../../../common/constants.ts';
import { MODALITIES, SPECIALTIES } from '../../../common/options.ts';
import { CANNOT_FAVORITE_SELF, MAX_FAVORITES, NETWORK_FULL, PROFILE_NOT_FOUND } from '../../../common/therapists.ts';
import { favorites, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { pickVaried } from './service.ts';

let ctx: TestContext;
// `practices`: "Works at ..." (docs/decisions/0345), [] for a therapist in no practice.
const CARD_KEYS = ['_id', 'acceptingClients', 'availabilityNote', 'availabilityStale', 'availabilityUpdatedAt', 'avatar', 'feeModels',
  'insurers', 'languages', 'licensedRegions', 'location', 'modalities', 'name', 'practices', 'profession', 'specialties', 'website'];
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() };
}
async function put(body: unknown, user: TestUser) {
  const res = await ctx.app.inject({ method: 'PUT', url: '/api/users/me', headers: user.headers, payload: body as object });
  return { status: res.statusCode, body: res.json() };
}
async function toggle(user: TestUser, targetId: string) {
  const res = await ctx.app.inject({ method: 'PATCH', url: `/api/users/favorites/${targetId}`, headers: user.headers });
  return { status: res.statusCode, body: res.json() };
}
const names = (body: { users: { name: string }[] }) => body.users.map((u) => u.name).sort();

/** Neither email nor licence number may appear anywhere in a response about other people. */
function expectNoPrivateFields(body: unknown, owner?: TestUser) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/"email"|"licenceNumber"|"passwordHash"|"password"/);
  if (owner) expect(text).not.toContain(owner.email);
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/users (directory)', () => {
  // A small world of its own: every name starts with "Dir " so the q filter can isolate it from other tests' users.
  beforeAll(async () => {
    const make = (name: string, o: Parameters<typeof createUser>[1]) => createUser(ctx.db, { name, ...o });
    // Made once; the tests below find them through the q filter.
    await make('Dir Ada', { location: 'Toronto, ON, Canada', specialties: ['Anxiety', 'Depression', 'Grief'], modalities: ['CBT', 'DBT'], demographics: ['Adults'], sessionFormat: ['Online'] });
    await make('Dir Ben', { location: 'Vancouver, BC, Canada', specialties: ['Anxiety'], modalities: ['CBT'], demographics: ['Adults', 'Teen'], sessionFormat: ['In Person', 'Online'] });
    await make('Dir Cleo', { location: 'North Toronto, ON, Canada', specialties: ['Depression'], modalities: ['EMDR'], demographics: ['Teen'], sessionFormat: ['Walk & Talk'] });
    await make('Dir Dev', { location: 'Seattle, WA, USA', specialties: ['Anxiety', 'Depression'], modalities: ['EMDR', 'CBT'], demographics: ['Elders (65+)'], sessionFormat: ['In Person'] });
    await make('Dir Pending', { status: 'pending', location: 'Toronto, ON, Canada', specialties: ['Anxiety', 'Depression'] });
    await make('Dir Rejected', { status: 'rejected', location: 'Toronto, ON, Canada', specialties: ['Anxiety'] });
    await make('Dir Disabled', { disabled: true, location: 'Toronto, ON, Canada', specialties: ['Anxiety'] });
    await make('Dir Admin', { role: 'admin', location: 'Toronto, ON, Canada', specialties: ['Anxiety'] });
    await make('Dir 100% Sure', { location: 'Under_score City, ON, Canada' });
  });
  const dir = (query: string) => get(`/api/users?q=Dir${query ? `&${query}` : ''}`);

  it('lists only verified, enabled therapists (not administrators), as cards with exactly the card fields', async () => {
    const { status, body } = await dir('');
    expect(status).toBe(200);
    expect(names(body)).toEqual(['Dir 100% Sure', 'Dir Ada', 'Dir Ben', 'Dir Cleo', 'Dir Dev']);
    expect(body).toMatchObject({ total: 5, totalPages: 1, currentPage: 1 });
    for (const card of body.users) expect(Object.keys(card).sort()).toEqual(CARD_KEYS);
    expectNoPrivateFields(body);
  });

  it('sorts by name', async () => {
    const { body } = await dir('');
    const listed = body.users.map((u: { name: string }) => u.name);
    expect(listed).toEqual([...listed].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });

  it('filters by location: case-insensitive substring of city, region or country', async () => {
    expect(names((await dir('location=toronto')).body)).toEqual(['Dir Ada', 'Dir Cleo']);
    expect(names((await dir('location=TORONTO')).body)).toEqual(['Dir Ada', 'Dir Cleo']);
    expect(names((await dir('location=BC')).body)).toEqual(['Dir Ben']);
    expect(names((await dir('location=usa')).body)).toEqual(['Dir Dev']);
    expect(names((await dir('location=  seattle  ')).body)).toEqual(['Dir Dev']);
  });

  it('treats % and _ in the location and the name search as plain characters', async () => {
    expect(names((await dir('location=%25')).body)).toEqual([]);
    expect(names((await dir('location=under_score')).body)).toEqual(['Dir 100% Sure']);
    expect(names((await dir('location=under_')).body)).toEqual(['Dir 100% Sure']);
    expect(names((await get('/api/users?q=100%25')).body)).toEqual(['Dir 100% Sure']);
    expect(names((await get('/api/users?q=Dir_')).body)).toEqual([]);
  });

  it('filters by specialties: a therapist must have every one selected', async () => {
    expect(names((await dir('specialties=Anxiety')).body)).toEqual(['Dir Ada', 'Dir Ben', 'Dir Dev']);
    expect(names((await dir('specialties=Anxiety,Depression')).body)).toEqual(['Dir Ada', 'Dir Dev']);
    expect(names((await dir('specialties=Anxiety&specialties=Depression')).body)).toEqual(['Dir Ada', 'Dir Dev']);
    expect(names((await dir('specialties=Anxiety,Depression&specialties=Grief')).body)).toEqual(['Dir Ada']);
  });

  it('filters by modalities with the same all-of rule', async () => {
    expect(names((await dir('modalities=EMDR')).body)).toEqual(['Dir Cleo', 'Dir Dev']);
    expect(names((await dir('modalities=EMDR,CBT')).body)).toEqual(['Dir Dev']);
  });

  it('filters by demographics (age groups) and session format', async () => {
    expect(names((await dir('demographics=Teen')).body)).toEqual(['Dir Ben', 'Dir Cleo']);
    expect(names((await dir(`demographics=${encodeURIComponent('Elders (65+)')}`)).body)).toEqual(['Dir Dev']);
    expect(names((await dir('sessionFormat=Online')).body)).toEqual(['Dir Ada', 'Dir Ben']);
    expect(names((await dir(`sessionFormat=${encodeURIComponent('Walk & Talk')}`)).body)).toEqual(['Dir Cleo']);
    expect(names((await dir('sessionFormat=In Person,Online')).body)).toEqual(['Dir Ben']);
  });

  it('filters by name (q), case-insensitively', async () => {
    expect(names((await get('/api/users?q=dir%20cl')).body)).toEqual(['Dir Cleo']);
  });

  it('combines every filter with AND', async () => {
    const both = await dir('location=toronto&specialties=Anxiety,Depression');
    expect(names(both.body)).toEqual(['Dir Ada']);
    const all = await dir('location=canada&specialties=Anxiety&modalities=CBT&demographics=Adults&sessionFormat=Online');
    expect(names(all.body)).toEqual(['Dir Ada', 'Dir Ben']);
    const none = await dir('location=seattle&modalities=DBT');
    expect(none.body).toEqual({ users: [], total: 0, totalPages: 1, currentPage: 1 });
  });

  it('ignores blank list items and blank text filters', async () => {
    expect(names((await dir('specialties=,Anxiety,,&location=')).body)).toEqual(['Dir Ada', 'Dir Ben', 'Dir Dev']);
  });

  it('pages with page and limit, and reports totals', async () => {
    const first = await dir('limit=2');
    expect(first.body).toMatchObject({ total: 5, totalPages: 3, currentPage: 1 });
    expect(first.body.users.map((u: { name: string }) => u.name)).toEqual(['Dir 100% Sure', 'Dir Ada']);
    const last = await dir('limit=2&page=3');
    expect(last.body).toMatchObject({ total: 5, totalPages: 3, currentPage: 3 });
    expect(last.body.users.map((u: { name: string }) => u.name)).toEqual(['Dir Dev']);
    const beyond = await dir('limit=2&page=4');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ users: [], total: 5, totalPages: 3, currentPage: 4 });
    expect((await dir('limit=50')).body.users).toHaveLength(5);
  });

  it('defaults to 12 per page', async () => {
    const { body } = await get('/api/users');
    expect(body.currentPage).toBe(1);
    expect(body.users.length).toBe(Math.min(12, body.total));
  });

  it.each([
    ['limit=51', 'Invalid limit: must be at most 50'],
    ['limit=0', 'Invalid limit: must be at least 1'],
    ['limit=abc', 'Invalid limit'],
    ['limit=2.5', 'Invalid limit: must be a whole number'],
    ['page=0', 'Invalid page: must be at least 1'],
    ['page=-1', 'Invalid page'],
    ['page=x', 'Invalid page'],
    ['specialties=Astrology', 'Invalid specialties: "Astrology" is not one of the options'],
    ['modalities=Anxiety', 'Invalid modalities: "Anxiety" is not one of the options'],
    ['demographics=Babies', 'Invalid demographics'],
    ['sessionFormat=Phone', 'Invalid sessionFormat'],
    [`location=${'x'.repeat(101)}`, 'Invalid location: must be at most 100 characters'],
    [`q=${'x'.repeat(101)}`, 'Invalid q'],
    ['location=a&location=b', 'Invalid location'],
  ])('rejects %s with 400 naming the field', async (query, msg) => {
    const { status, body } = await get(`/api/users?${query}`);
    expect(status).toBe(400);
    expect(body.msg).toContain(msg);
  });
});

describe('GET /api/users?limit=6 (featured)', () => {
  it('gives at most six listed therapists with complete cards, of varied cities', async () => {
    for (const [i, city] of ['Halifax', 'Halifax', 'Halifax', 'Calgary', 'Ottawa', 'Denver', 'Boston', 'Austin'].entries()) {
      await createUser(ctx.db, {
        name: `Feat ${i}`, location: `${city}, XX, Somewhere`, specialties: [SPECIALTIES[i]], modalities: [MODALITIES[i]],
        ...(i % 2 ? { bio: 'I see adults and couples.' } : { avatar: 'https://example.org/photo.png' }),
      });
    }
    await createUser(ctx.db, { name: 'Feat Incomplete', specialties: [], modalities: ['CBT'] });
    // A brand-new profile with neither photo nor bio is not featured, however new.
    await createUser(ctx.db, { name: 'Feat Bare', location: 'Regina, SK, Canada', specialties: ['Grief'], modalities: ['CBT'] });
    await createUser(ctx.db, { name: 'Feat Pending', status: 'pending', specialties: ['Anxiety'], modalities: ['CBT'] });
    await createUser(ctx.db, { name: 'Feat Disabled', disabled: true, specialties: ['Anxiety'], modalities: ['CBT'] });
    const { status, body } = await get('/api/users?limit=6');
    expect(status).toBe(200);
    expect(body.users).toHaveLength(6);
    const listed = body.users.map((u: { name: string }) => u.name);
    expect(listed).not.toContain('Feat Incomplete');
    expect(listed).not.toContain('Feat Bare');
    expect(listed).not.toContain('Feat Pending');
    expect(listed).not.toContain('Feat Disabled');
    const cities = body.users.map((u: { location: string }) => u.location.split(',')[0]);
    expect(new Set(cities).size).toBe(6);
    for (const card of body.users) {
      expect(Object.keys(card).sort()).toEqual(CARD_KEYS);
      expect(card.specialties.length).toBeGreaterThan(0);
      expect(card.modalities.length).toBeGreaterThan(0);
    }
    expectNoPrivateFields(body);
  });

  it('picks new cities and main specialties first, then fills up', () => {
    const row = (id: string, location: string, specialty: string) => ({
      id, name: id, avatar: null, location, profession: 'P', specialties: [specialty], modalities: ['CBT'],
    });
    const rows = [row('a', 'Toronto, ON', 'Anxiety'), row('b', 'Toronto, ON', 'Grief'), row('c', 'Paris', 'Anxiety'), row('d', 'Lima', 'Grief')];
    expect(pickVaried(rows, 2).map((r) => r.id)).toEqual(['a', 'd']);
    expect(pickVaried(rows, 3).map((r) => r.id)).toEqual(['a', 'd', 'c']);
    expect(pickVaried(rows, 9).map((r) => r.id)).toEqual(['a', 'd', 'c', 'b']);
  });
});

describe('GET /api/users/:id (profile)', () => {
  let viewer: TestUser;
  let owner: TestUser;
  beforeAll(async () => {
    viewer = await createUser(ctx.db, { name: 'Viewer' });
    owner = await createUser(ctx.db, {
      name: 'Owner Person', bio: 'I help with grief.', education: 'MSW', pronouns: 'she/her', gender: ['Female'],
      specialties: ['Grief'], modalities: ['IFS'], demographics: ['Adults'], sessionFormat: ['Online'],
      licensingBody: 'CRPO', licenceRegion: 'ON', licenceCountry: 'Canada', avatar: 'https://example.org/a.png',
    });
  });

  it('leaves GET /api/users/me to accounts (a literal route wins over :id)', async () => {
    const { status, body } = await get('/api/users/me', viewer.headers);
    expect(status).toBe(200);
    expect(body).toMatchObject({ _id: viewer.id, name: 'Viewer' });
  });

  it('needs a token: 401', async () => {
    const { status, body } = await get(`/api/users/${owner.id}`);
    expect(status).toBe(401);
    expect(body.msg).toBeTruthy();
  });

  it('shows the public profile with credentials, never email or licence number to others', async () => {
    const { status, body } = await get(`/api/users/${owner.id}`, viewer.headers);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      _id: owner.id, name: 'Owner Person', bio: 'I help with grief.', education: 'MSW', pronouns: 'she/her',
      gender: ['Female'], specialties: ['Grief'], modalities: ['IFS'], demographics: ['Adults'], sessionFormat: ['Online'],
      profession: 'Registered Psychotherapist', licensingBody: 'CRPO', licenceRegion: 'ON', licenceCountry: 'Canada',
      verificationStatus: 'verified', avatar: 'https://example.org/a.png', favorites: [], isFavorite: false,
    });
    expect(new Date(body.verifiedAt).getTime()).toBeGreaterThan(0);
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('licenceNumber');
    expectNoPrivateFields(body, owner);
    expect(JSON.stringify(body)).not.toContain('LIC-');
  });

  it('shows email and licence number to the owner', async () => {
    const { body } = await get(`/api/users/${owner.id}`, owner.headers);
    expect(body.email).toBe(owner.email);
    expect(body.licenceNumber).toMatch(/^LIC-/);
  });

  it('shows the licence number, not the email, to an administrator', async () => {
    const admin = await createAdmin(ctx.db);
    const { body } = await get(`/api/users/${owner.id}`, admin.headers);
    expect(body.licenceNumber).toMatch(/^LIC-/);
    expect(body).not.toHaveProperty('email');
  });

  it('answers 404 Profile not found. for unknown and malformed ids', async () => {
    for (const id of [UNKNOWN_ID, 'not-an-id', '123', "1' OR '1'='1", 'x'.repeat(150)]) {
      const { status, body } = await get(`/api/users/${encodeURIComponent(id)}`, viewer.headers);
      expect(status, id).toBe(404);
      expect(body).toEqual({ msg: PROFILE_NOT_FOUND, code: 'NOT_FOUND' });
    }
  });

  it('hides pending, rejected and disabled therapists from others, but not from themselves or an admin', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    const disabled = await createUser(ctx.db, { disabled: true });
    const rejected = await createUser(ctx.db, { status: 'rejected' });
    for (const hidden of [pending, disabled, rejected]) {
      expect((await get(`/api/users/${hidden.id}`, viewer.headers)).status).toBe(404);
    }
    expect((await get(`/api/users/${pending.id}`, pending.headers)).body.verificationStatus).toBe('pending');
    const admin = await createAdmin(ctx.db);
    expect((await get(`/api/users/${rejected.id}`, admin.headers)).status).toBe(200);
    // Administrator accounts are not therapists' profiles.
    expect((await get(`/api/users/${admin.id}`, viewer.headers)).status).toBe(404);
  });

  it('refuses a pending member other profiles, but not their own', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    expect(await get(`/api/users/${owner.id}`, pending.headers)).toEqual({
      status: 403, body: { msg: 'Your licence has not been verified yet.', code: 'NOT_VERIFIED' },
    });
    expect((await get(`/api/users/${pending.id}`, pending.headers)).status).toBe(200);
  });
});

describe('PUT /api/users/me', () => {
  let me: TestUser;
  beforeAll(async () => {
    me = await createUser(ctx.db, { name: 'Editor', gender: ['Male'], bio: 'Old bio' });
  });

  it('needs a token: 401', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/users/me', payload: { name: 'X' } });
    expect(res.statusCode).toBe(401);
  });

  it('says 401 to a signed-out caller before looking at the body, however bad', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/users/me', payload: { name: '', specialties: ['Nonsense'], bio: 42 } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ msg: 'Please log in to continue.', code: 'UNAUTHORIZED' });
  });

  it('updates every field and returns the updated user', async () => {
    const changes = {
      name: '  New Name  ', location: 'Halifax, NS, Canada', profession: 'Clinical Psychologist', education: 'PhD',
      pronouns: 'they/them', bio: 'New bio', avatar: 'https://example.org/me.png',
      specialties: ['ADHD', 'Autism'], modalities: ['Play Therapy'], demographics: ['Toddler', 'Children (6-10)'],
      gender: ['Non-Binary'], sessionFormat: ['Walk & Talk'],
    };
    const { status, body } = await put(changes, me);
    expect(status).toBe(200);
    // A verified member's new name waits for an administrator; the rest applies at once.
    expect(body).toMatchObject({ ...changes, name: 'Editor', pendingName: 'New Name', _id: me.id, email: me.email });
    const again = await get(`/api/users/${me.id}`, me.headers);
    expect(again.body).toMatchObject({ ...changes, name: 'Editor', pendingName: 'New Name' });
  });

  it('leaves fields that are not sent as they are', async () => {
    await put({ bio: 'Kept bio', specialties: ['Grief'] }, me);
    const { body } = await put({ location: 'Ottawa, ON, Canada' }, me);
    expect(body).toMatchObject({ bio: 'Kept bio', specialties: ['Grief'], location: 'Ottawa, ON, Canada', name: 'Editor', pendingName: 'New Name' });
  });

  it('accepts a self-described gender, trimmed; an empty one gives []', async () => {
    expect((await put({ gender: ['  Demigirl  '] }, me)).body.gender).toEqual(['Demigirl']);
    expect((await put({ gender: ['   '] }, me)).body.gender).toEqual([]);
    expect((await put({ gender: [''] }, me)).body.gender).toEqual([]);
    expect((await put({ gender: [] }, me)).body.gender).toEqual([]);
    expect((await put({ gender: ['x'.repeat(50)] }, me)).body.gender).toEqual(['x'.repeat(50)]);
  });

  it('removes the avatar with an empty value or null', async () => {
    await put({ avatar: 'https://example.org/me.png' }, me);
    expect((await put({ avatar: '' }, me)).body.avatar).toBeNull();
    await put({ avatar: 'https://example.org/me.png' }, me);
    expect((await put({ avatar: null }, me)).body.avatar).toBeNull();
  });

  it('drops duplicate options and ignores fields it does not own (email, role, verification, licence)', async () => {
    const { status, body } = await put({
      specialties: ['Grief', 'Grief'], email: 'hijack@example.test', role: 'admin', verificationStatus: 'verified',
      licenceNumber: 'FAKE', disabled: true,
    }, me);
    expect(status).toBe(200);
    expect(body.specialties).toEqual(['Grief']);
    expect(body.email).toBe(me.email);
    expect(body.licenceNumber).not.toBe('FAKE');
    const [row] = await ctx.db.select().from(users).where(sql`${users.id} = ${me.id}`);
    expect(row.role).toBe('user');
    expect(row.disabled).toBe(false);
  });

  it('lets a pending user complete their profile', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    const { status, body } = await put({ bio: 'Waiting for review' }, pending);
    expect(status).toBe(200);
    expect(body.bio).toBe('Waiting for review');
  });

  it.each([
    [{ name: '' }, 'Invalid name: is required'],
    [{ name: '   ' }, 'Invalid name: is required'],
    [{ name: 'x'.repeat(LIMITS.name + 1) }, 'Invalid name: must be at most 120 characters'],
    [{ name: 42 }, 'Invalid name'],
    [{ location: 'x'.repeat(201) }, 'Invalid location'],
    [{ profession: 'x'.repeat(201) }, 'Invalid profession'],
    [{ education: 'x'.repeat(201) }, 'Invalid education'],
    [{ pronouns: 'x'.repeat(51) }, 'Invalid pronouns'],
    [{ bio: 'x'.repeat(LIMITS.bio + 1) }, 'Invalid bio: must be at most 2000 characters'],
    [{ avatar: 'javascript:alert(1)' }, 'Invalid avatar'],
    [{ avatar: 'ftp://example.org/a.png' }, 'Invalid avatar'],
    [{ avatar: 'not a url' }, 'Invalid avatar'],
    [{ specialties: ['Astrology'] }, 'Invalid specialties: "Astrology" is not one of the options'],
    [{ specialties: 'Anxiety' }, 'Invalid specialties'],
    [{ specialties: Array(LIMITS.listItems + 1).fill('Anxiety') }, 'Invalid specialties'],
    [{ modalities: ['Hugging'] }, 'Invalid modalities: "Hugging" is not one of the options'],
    [{ demographics: ['Babies'] }, 'Invalid demographics'],
    [{ sessionFormat: ['By Phone'] }, 'Invalid sessionFormat'],
    [{ gender: ['Female', 'Male'] }, 'Invalid gender: choose at most one value'],
    [{ gender: ['x'.repeat(51)] }, 'Invalid gender'],
    [{ gender: ['Self-describe'] }, 'Invalid gender'],
    [{ gender: 'Female' }, 'Invalid gender'],
  ])('rejects %j with 400 naming the field', async (body, msg) => {
    const res = await put(body, me);
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain(msg);
  });

  it('rejects a malformed body with 400', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/users/me', headers: { ...me.headers, 'content-type': 'application/json' }, payload: '{"name":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBeTruthy();
  });
});

describe('favourites', () => {
  let me: TestUser;
  let peer: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    me = await createUser(ctx.db, { name: 'Fan' });
    peer = await createUser(ctx.db, { name: 'Peer One', location: 'Boston, MA, USA', avatar: 'https://example.org/p.png' });
    other = await createUser(ctx.db, { name: 'Peer Two' });
  });

  it('toggles on and off, returning the current user with favourites populated', async () => {
    const on = await toggle(me, peer.id);
    expect(on.status).toBe(200);
    expect(on.body._id).toBe(me.id);
    expect(on.body.favorites).toEqual([{ _id: peer.id, name: 'Peer One', avatar: 'https://example.org/p.png', location: 'Boston, MA, USA' }]);
    for (const f of on.body.favorites) expect(Object.keys(f).sort()).toEqual(['_id', 'avatar', 'location', 'name']);

    const second = await toggle(me, other.id);
    expect(second.body.favorites.map((f: { _id: string }) => f._id)).toEqual([other.id, peer.id]);

    const off = await toggle(me, peer.id);
    expect(off.status).toBe(200);
    expect(off.body.favorites.map((f: { _id: string }) => f._id)).toEqual([other.id]);
    await toggle(me, other.id);
  });

  it('lists the favourites at /api/users/me/favorites and marks isFavorite on the profile', async () => {
    await toggle(me, peer.id);
    const list = await get('/api/users/me/favorites', me.headers);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ favorites: [{ _id: peer.id, name: 'Peer One', avatar: 'https://example.org/p.png', location: 'Boston, MA, USA' }] });
    expectNoPrivateFields(list.body, peer);
    expect((await get(`/api/users/${peer.id}`, me.headers)).body.isFavorite).toBe(true);
    expect((await get(`/api/users/${other.id}`, me.headers)).body.isFavorite).toBe(false);
    // My profile shows my network to me; another viewer does not see it (a referral network is private).
    const mine = await get(`/api/users/${me.id}`, me.headers);
    expect(mine.body.favorites).toEqual(list.body.favorites);
    expect((await get(`/api/users/${me.id}`, other.headers)).body.favorites).toEqual([]);
    await toggle(me, peer.id);
  });

  it('leaves out favourites who are no longer listed', async () => {
    const leaving = await createUser(ctx.db);
    await toggle(me, leaving.id);
    await ctx.db.update(users).set({ disabled: true }).where(sql`${users.id} = ${leaving.id}`);
    expect((await get('/api/users/me/favorites', me.headers)).body.favorites).toEqual([]);
    // Toggling again still removes the row, so the person does not come back if re-enabled.
    expect((await toggle(me, leaving.id)).status).toBe(200);
    const rows = await ctx.db.select().from(favorites).where(sql`${favorites.userId} = ${me.id}`);
    expect(rows).toEqual([]);
  });

  it('ends with one row when the same add arrives twice at once', async () => {
    const target = await createUser(ctx.db);
    const fresh = await createUser(ctx.db);
    const results = await Promise.all([toggle(fresh, target.id), toggle(fresh, target.id)]);
    for (const r of results) expect(r.status).toBe(200);
    const rows = await ctx.db.select().from(favorites).where(sql`${favorites.userId} = ${fresh.id}`);
    // Either both saw nothing (one add, one no-op) or they ran one after the other (add, then remove).
    expect(rows.length).toBeLessThanOrEqual(1);
  });

  it('refuses favouriting oneself with 400', async () => {
    const { status, body } = await toggle(me, me.id);
    expect(status).toBe(400);
    expect(body.msg).toBe(CANNOT_FAVORITE_SELF);
  });

  it('answers 404 for unknown or unlisted therapists and 400 for malformed ids', async () => {
    expect(await toggle(me, UNKNOWN_ID)).toEqual({ status: 404, body: { msg: PROFILE_NOT_FOUND, code: 'NOT_FOUND' } });
    const pending = await createUser(ctx.db, { status: 'pending' });
    expect((await toggle(me, pending.id)).status).toBe(404);
    const admin = await createAdmin(ctx.db);
    expect((await toggle(me, admin.id)).status).toBe(404);
    const bad = await toggle(me, 'nope');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Invalid userId');
  });

  it('refuses a pending user with 403 and an anonymous one with 401', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    expect(await toggle(pending, peer.id)).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/users/favorites/${peer.id}` });
    expect(res.statusCode).toBe(401);
    expect((await get('/api/users/me/favorites')).status).toBe(401);
  });

  it('decides access before the input is checked: a malformed id is 401 signed out and 403 for a pending user', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    const anonymous = await ctx.app.inject({ method: 'PATCH', url: '/api/users/favorites/nope' });
    expect(anonymous.statusCode).toBe(401);
    expect(await toggle(pending, 'nope')).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
  });

  it(`stops adding at ${MAX_FAVORITES} but still allows removing`, async () => {
    const collector = await createUser(ctx.db);
    const ids = await queryRows<{ id: string }>(ctx.db, sql`
      INSERT INTO users (name, email, password_hash, location, profession, verification_status, verified_at)
      SELECT 'Bulk ' || g, 'bulk-' || g || '-' || ${collector.id} || '@example.test', 'x', 'Here', 'P', 'verified', now()
      FROM generate_series(1, ${MAX_FAVORITES}) g RETURNING id`);
    await ctx.db.insert(favorites).values(ids.map((r) => ({ userId: collector.id, favoriteId: r.id })));
    const full = await toggle(collector, peer.id);
    expect(full).toEqual({ status: 400, body: { msg: NETWORK_FULL, code: 'BAD_REQUEST' } });
    const removed = await toggle(collector, ids[0].id);
    expect(removed.status).toBe(200);
    expect(removed.body.favorites).toHaveLength(MAX_FAVORITES - 1);
    expect((await toggle(collector, peer.id)).status).toBe(200);
    await ctx.db.delete(users).where(sql`${users.name} LIKE 'Bulk %'`);
  });
});

describe('"Show me in the directory" (Settings, Privacy)', () => {
  it('a member who leaves the directory is in no list, count or featured set, and their profile still opens', async () => {
    const shy = await createUser(ctx.db, {
      name: 'Shy Directoryleaver', location: 'Moncton, NB, Canada', specialties: ['Grief'], modalities: ['CBT'], bio: 'Quiet.',
    });
    const viewer = await createUser(ctx.db);
    const find = async () => (await get('/api/users?q=Directoryleaver', viewer.headers)).body;
    expect((await find()).total).toBe(1);
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/users/me/privacy', headers: shy.headers, payload: { listedInDirectory: false } });
    expect(put.json()).toEqual({ whoCanMessage: 'everyone', listedInDirectory: false });
    expect(await find()).toMatchObject({ total: 0, users: [] });
    expect((await get('/api/users?limit=6')).body.users.map((u: { name: string }) => u.name)).not.toContain(shy.name);
    expect((await get(`/api/users/${shy.id}`, viewer.headers)).status).toBe(200);
    await ctx.app.inject({ method: 'PUT', url: '/api/users/me/privacy', headers: shy.headers, payload: { listedInDirectory: true } });
    expect((await find()).total).toBe(1);
  });
});
