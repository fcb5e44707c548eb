// The directory's availability filters: accepting, languages, feeModels and region, beside today's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createUser } from '../../test/factories.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
  // A small world of its own: every name starts with "Av " so the q filter isolates it from other tests' users.
  const make = (name: string, o: Parameters<typeof createUser>[1]) => createUser(ctx.db, { name, ...o });
  await make('Av Ada', {
    location: 'Toronto, ON, Canada', acceptingClients: 'accepting', languages: ['English', 'French'],
    feeModels: ['Private pay', 'Sliding scale'], licensedRegions: ['ON'], specialties: ['Anxiety'],
  });
  await make('Av Ben', {
    location: 'Seattle, WA, USA', acceptingClients: 'waitlist', languages: ['English', 'Spanish'],
    feeModels: ['Insurance'], licensedRegions: ['WA', 'ON'], specialties: ['Grief'],
  });
  await make('Av Cleo', {
    location: 'Ottawa, Ontario', acceptingClients: 'not accepting', languages: ['French'], feeModels: ['Sliding scale'],
    specialties: ['Anxiety'],
  });
  await make('Av Dev', { location: 'Vancouver, BC, Canada', acceptingClients: 'accepting', languages: ['Punjabi', 'English'], licensedRegions: ['BC'] });
  await make('Av Eli', { location: 'Remote', acceptingClients: 'accepting', licensedRegions: ['NY'] });
  await make('Av Pending', { status: 'pending', location: 'Toronto, ON, Canada', acceptingClients: 'accepting', languages: ['French'] });
  await make('Av Admin', { role: 'admin', location: 'Toronto, ON, Canada', acceptingClients: 'accepting', languages: ['French'] });
});
afterAll(async () => {
  await ctx?.close();
});

const found = async (query: string) => {
  const { status, body } = await call('GET', `/api/users?q=Av%20${query ? `&${query}` : ''}`);
  expect(status).toBe(200);
  return (body.users as { name: string }[]).map((u) => u.name).sort();
};

describe('GET /api/users: availability filters', () => {
  it('accepting: only that status, or any of a list (accepting,waitlist)', async () => {
    expect(await found('accepting=accepting')).toEqual(['Av Ada', 'Av Dev', 'Av Eli']);
    expect(await found('accepting=accepting,waitlist')).toEqual(['Av Ada', 'Av Ben', 'Av Dev', 'Av Eli']);
    expect(await found('accepting=waitlist&accepting=accepting')).toEqual(['Av Ada', 'Av Ben', 'Av Dev', 'Av Eli']);
    expect(await found('accepting=not%20accepting')).toEqual(['Av Cleo']);
  });

  it('accepting alone (its own name-ordered query and shared count) lists and counts the same people, in name order', async () => {
    const only = await call('GET', '/api/users?accepting=accepting');
    expect(only.body.users.map((u: { name: string }) => u.name)).toEqual(['Av Ada', 'Av Dev', 'Av Eli']);
    expect(only.body).toMatchObject({ total: 3, totalPages: 1, currentPage: 1 });
    const either = await call('GET', '/api/users?accepting=waitlist,accepting&limit=3&page=2');
    expect(either.body.users.map((u: { name: string }) => u.name)).toEqual(['Av Eli']);
    expect(either.body).toMatchObject({ total: 4, totalPages: 2, currentPage: 2 });
  });

  it('languages: speaks every language asked for', async () => {
    expect(await found('languages=French')).toEqual(['Av Ada', 'Av Cleo']);
    expect(await found('languages=English,French')).toEqual(['Av Ada']);
    expect(await found('languages=Punjabi')).toEqual(['Av Dev']);
  });

  it('feeModels: offers every fee model asked for', async () => {
    expect(await found('feeModels=Sliding%20scale')).toEqual(['Av Ada', 'Av Cleo']);
    expect(await found('feeModels=Sliding%20scale,Private%20pay')).toEqual(['Av Ada']);
    expect(await found('feeModels=Insurance')).toEqual(['Av Ben']);
  });

  it('region: licensed there (Ben, in Seattle) or located there by code (Ada) or by name (Cleo)', async () => {
    expect(await found('region=ON')).toEqual(['Av Ada', 'Av Ben', 'Av Cleo']);
    expect(await found('region=on')).toEqual(['Av Ada', 'Av Ben', 'Av Cleo']);
    expect(await found('region=WA')).toEqual(['Av Ben']);
    expect(await found('region=NY')).toEqual(['Av Eli']);
    expect(await found('region=QC')).toEqual([]);
  });

  it('combines with each other and with the filters of before', async () => {
    expect(await found('region=ON&accepting=accepting,waitlist&languages=English')).toEqual(['Av Ada', 'Av Ben']);
    expect(await found('region=ON&specialties=Anxiety')).toEqual(['Av Ada', 'Av Cleo']);
    expect(await found('location=toronto&accepting=accepting')).toEqual(['Av Ada']);
    const { body } = await call('GET', '/api/users?q=Av%20&accepting=accepting&limit=2&page=2');
    expect(body).toMatchObject({ total: 3, totalPages: 2, currentPage: 2 });
    expect(body.users.map((u: { name: string }) => u.name)).toEqual(['Av Eli']);
  });

  it('never lists pending members or administrators, whatever the filter', async () => {
    expect(await found('languages=French&accepting=accepting')).toEqual(['Av Ada']);
  });

  it('cards carry the availability', async () => {
    const { body } = await call('GET', '/api/users?q=Av%20Ada');
    expect(body.users[0]).toMatchObject({
      acceptingClients: 'accepting', languages: ['English', 'French'], feeModels: ['Private pay', 'Sliding scale'],
      licensedRegions: ['ON'], availabilityStale: true, availabilityUpdatedAt: null,
    });
  });

  it.each([
    ['accepting=maybe', 'Invalid accepting: "maybe" is not one of the options'],
    ['languages=Klingon', 'Invalid languages: "Klingon" is not one of the options'],
    ['feeModels=Barter', 'Invalid feeModels'],
    ['region=XX', 'Invalid region: must be a province or state code such as ON or NY'],
    ['region=Ontario', 'Invalid region'],
    ['region=ON&region=BC', 'Invalid region'],
  ])('refuses %s with 400 naming the filter', async (query, msg) => {
    const { status, body } = await call('GET', `/api/users?${query}`);
    expect(status).toBe(400);
    expect(body.msg).toContain(msg);
  });
});
