// After approval: the onboarding checklist ticks itself from real data; Dismiss hides it for good.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Onboarding } from '../../../common/onboarding.ts';
import { NOT_VERIFIED } from '../../lib/auth.ts';
import { createAdmin, createCommunity, createUser, type TestUser } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
let colleague: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  colleague = await createUser(ctx.db, { name: 'Onb Colleague' });
});
afterAll(async () => {
  await ctx?.close();
});

const read = async (user?: TestUser) => call('GET', '/api/users/me/onboarding', user);
const steps = (body: Onboarding) => Object.fromEntries(body.steps.map((s) => [s.key, s.done]));

describe('GET /api/users/me/onboarding', () => {
  it('a newly verified member with an empty profile sees every step open, with where to do it', async () => {
    const fresh = await createUser(ctx.db, { location: '', profession: '' });
    const { status, body } = await read(fresh);
    expect(status).toBe(200);
    expect(Onboarding.parse(body)).toEqual(body);
    expect(body).toMatchObject({ show: true, dismissed: false });
    expect(body.steps).toEqual([
      { key: 'photo', label: 'Add a photo', done: false, href: '/edit-profile' },
      { key: 'profile', label: 'Complete your specialties and availability', done: false, href: '/edit-profile' },
      { key: 'communities', label: 'Join 3 recommended communities', done: false, href: '/forums', progress: { have: 0, need: 3 } },
      { key: 'network', label: 'Add colleagues to your network', done: false, href: '/therapists' },
    ]);
    expect(body.profile.percent).toBe(0);
    expect(body.profile.missing.map((m: { key: string }) => m.key)).toEqual([
      'photo', 'bio', 'profession', 'location', 'specialties', 'modalities', 'demographics', 'sessionFormat', 'availability', 'languages',
    ]);
  });

  it('each step ticks itself from what the member really did, through the ordinary routes', async () => {
    const me = await createUser(ctx.db);
    // Specialties alone do not complete the step; availability stated does.
    expect((await call('PUT', '/api/users/me', me, { specialties: ['Anxiety'] })).status).toBe(200);
    expect(steps((await read(me)).body).profile).toBe(false);
    expect((await call('PUT', '/api/users/me', me, { acceptingClients: 'waitlist' })).status).toBe(200);
    expect(steps((await read(me)).body).profile).toBe(true);

    const communities = await Promise.all([1, 2, 3].map(() => createCommunity(ctx.db)));
    await call('POST', `/api/communities/${communities[0].id}/join`, me);
    await call('POST', `/api/communities/${communities[1].id}/join`, me);
    let body = (await read(me)).body;
    expect(body.steps[2]).toMatchObject({ done: false, progress: { have: 2, need: 3 } });
    await call('POST', `/api/communities/${communities[2].id}/join`, me);
    body = (await read(me)).body;
    expect(body.steps[2]).toMatchObject({ done: true, progress: { have: 3, need: 3 } });

    expect((await call('PATCH', `/api/users/favorites/${colleague.id}`, me)).status).toBe(200);
    expect(steps((await read(me)).body)).toEqual({ photo: false, profile: true, communities: true, network: true });
    expect((await read(me)).body.show).toBe(true);

    // The last step done: the checklist goes away by itself.
    await call('PUT', '/api/users/me', me, { avatar: 'https://example.org/me.png' });
    body = (await read(me)).body;
    expect(Object.values(steps(body)).every(Boolean)).toBe(true);
    expect(body.show).toBe(false);
  });

  it('the completeness meter counts the filled parts of the profile and names the missing ones', async () => {
    const me = await createUser(ctx.db, {
      bio: 'Hello', specialties: ['Grief'], modalities: ['CBT'], demographics: ['Adults'], sessionFormat: ['Online'],
      acceptingClients: 'accepting', languages: ['English'],
    });
    const { body } = await read(me);
    // Everything but the photo: 9 of 10.
    expect(body.profile).toEqual({ percent: 90, missing: [{ key: 'photo', label: 'A profile photo' }] });
  });

  it('a pending member reads their meter but is not shown the checklist; an administrator neither', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    const { status, body } = await read(pending);
    expect(status).toBe(200);
    expect(body.show).toBe(false);
    expect(typeof body.profile.percent).toBe('number');
    expect((await read(await createAdmin(ctx.db))).body.show).toBe(false);
  });

  it('signed out is 401', async () => {
    expect((await read()).status).toBe(401);
  });
});

describe('POST /api/users/me/onboarding/dismiss', () => {
  it('hides the checklist for good, for this member only; a second dismiss changes nothing', async () => {
    const me = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const first = await call('POST', '/api/users/me/onboarding/dismiss', me);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ show: false, dismissed: true });
    expect((await read(me)).body).toMatchObject({ show: false, dismissed: true });
    expect((await read(other)).body).toMatchObject({ show: true, dismissed: false });
    expect((await call('POST', '/api/users/me/onboarding/dismiss', me)).body).toMatchObject({ dismissed: true });
  });

  it('is for verified members: 401 signed out, 403 pending or rejected (nothing stored)', async () => {
    expect((await call('POST', '/api/users/me/onboarding/dismiss')).status).toBe(401);
    for (const status of ['pending', 'rejected'] as const) {
      const member = await createUser(ctx.db, { status });
      expect(await call('POST', '/api/users/me/onboarding/dismiss', member)).toEqual({ status: 403, body: expect.objectContaining({ msg: NOT_VERIFIED }) });
      expect((await read(member)).body.dismissed).toBe(false);
    }
  });
});

describe('POST /api/users/me/onboarding/welcomed', () => {
  it('a new member has not been welcomed; once greeted, every later read says so, for this member only', async () => {
    const me = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    expect((await read(me)).body.welcomed).toBe(false);
    const first = await call('POST', '/api/users/me/onboarding/welcomed', me);
    expect([first.status, first.body.welcomed]).toEqual([200, true]);
    expect((await read(me)).body.welcomed).toBe(true);
    expect((await read(other)).body.welcomed).toBe(false);
    expect((await call('POST', '/api/users/me/onboarding/welcomed', me)).body.welcomed).toBe(true);
  });

  it('is for verified members: 401 signed out, 403 pending or rejected (nothing stored)', async () => {
    expect((await call('POST', '/api/users/me/onboarding/welcomed')).status).toBe(401);
    for (const status of ['pending', 'rejected'] as const) {
      const member = await createUser(ctx.db, { status });
      expect(await call('POST', '/api/users/me/onboarding/welcomed', member)).toEqual({ status: 403, body: expect.objectContaining({ msg: NOT_VERIFIED }) });
      expect((await read(member)).body.welcomed).toBe(false);
    }
  });
});
