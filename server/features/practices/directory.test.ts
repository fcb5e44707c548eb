// The directory's Practices tab: GET /api/practices with the directory's filters applied to each practice's clinicians
// (one clinician matching them all lists the practice; intake members and pending members never count), the practice's
// own name, city and region, a page at a time by name; and "Works at ..." on the therapists' directory cards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, MODALITIES, SPECIALTIES } from '../../../common/options.ts';
import { PRACTICE_LIMITS } from '../../../common/practices.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createUser, randomLetters, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx.close());

async function practice(owner: TestUser, name: string, city: string, region: string) {
  const res = await call('POST', '/api/practices', owner, { name, locations: [{ city, region }] });
  expect(res.status).toBe(201);
  return res.body as { _id: string; slug: string; name: string };
}
async function join(practiceId: string, owner: TestUser, user: TestUser, role: 'clinician' | 'intake') {
  const invited = await call('POST', `/api/practices/${practiceId}/invitations`, owner, { userId: user.id, role });
  expect((await call('PATCH', `/api/practices/${practiceId}/invitations/${invited.body._id}`, user, { accept: true })).status).toBe(200);
}

describe('the Practices tab of the directory', () => {
  const tag = randomLetters(8);
  const [grief, trauma] = [SPECIALTIES[0], SPECIALTIES[1]];
  let harbour: { _id: string; slug: string; name: string };
  let cedar: { _id: string; slug: string; name: string };
  let clinician: TestUser;

  beforeAll(async () => {
    // Harbour (Toronto, ON): its owner does not take clients; one clinician practises `grief` in French, accepting.
    const owner = await createUser(ctx.db, { acceptingClients: 'not accepting', specialties: [trauma] });
    harbour = await practice(owner, `${tag} Harbour`, 'Toronto', 'ON');
    clinician = await createUser(ctx.db, {
      name: `Works ${randomLetters(8)}`, acceptingClients: 'accepting', specialties: [grief], modalities: [MODALITIES[0]], languages: [LANGUAGES[1]],
    });
    await join(harbour._id, owner, clinician, 'clinician');
    // Cedar (Halifax, NS): an intake coordinator who would match `grief` (intake takes no clients), a waitlisted owner.
    const cedarOwner = await createUser(ctx.db, { acceptingClients: 'waitlist', specialties: [trauma] });
    cedar = await practice(cedarOwner, `${tag} Cedar`, 'Halifax', 'NS');
    await join(cedar._id, cedarOwner, await createUser(ctx.db, { acceptingClients: 'accepting', specialties: [grief] }), 'intake');
  });

  const names = async (query: string) => {
    const res = await call('GET', `/api/practices?q=${tag}${query}`);
    expect(res.status, res.body.msg).toBe(200);
    return res.body.practices.map((p: { name: string }) => p.name);
  };

  it('lists a practice when one of its clinicians matches every filter, never by an intake member', async () => {
    expect(await names('')).toEqual([cedar.name, harbour.name]);
    expect(await names(`&specialties=${encodeURIComponent(grief)}`)).toEqual([harbour.name]);
    expect(await names(`&specialties=${encodeURIComponent(trauma)}`)).toEqual([cedar.name, harbour.name]);
    // All the filters on the same clinician: Harbour's grief clinician does not practise trauma.
    expect(await names(`&specialties=${encodeURIComponent(`${grief},${trauma}`)}`)).toEqual([]);
    expect(await names(`&specialties=${encodeURIComponent(grief)}&languages=${encodeURIComponent(LANGUAGES[1])}&modalities=${encodeURIComponent(MODALITIES[0])}`)).toEqual([harbour.name]);
    expect(await names(`&languages=${encodeURIComponent(LANGUAGES[1])}&specialties=${encodeURIComponent(trauma)}`)).toEqual([]);
  });

  it('filters by availability as the directory does, and keeps accepting=true', async () => {
    expect(await names('&accepting=accepting')).toEqual([harbour.name]);
    expect(await names('&accepting=accepting,waitlist')).toEqual([cedar.name, harbour.name]);
    expect(await names('&accepting=true')).toEqual([harbour.name]);
    expect(await names('&accepting=false')).toEqual([cedar.name, harbour.name]);
    expect((await call('GET', '/api/practices?accepting=sometimes')).status).toBe(400);
    expect((await call('GET', '/api/practices?specialties=Astrology')).status).toBe(400);
  });

  it('filters by a city of the practice and by its region', async () => {
    expect(await names('&location=toron')).toEqual([harbour.name]);
    expect(await names('&location=HALIFAX')).toEqual([cedar.name]);
    // Not the words of the stored locations ("region", "city"), only the cities.
    expect(await names('&location=region')).toEqual([]);
    expect(await names('&region=NS')).toEqual([cedar.name]);
  });

  it('pages by name with a cursor', async () => {
    const many = randomLetters(8);
    const owner = await createUser(ctx.db);
    for (let i = 0; i < PRACTICE_LIMITS.pageSize + 2; i++) await practice(owner, `${many} ${String.fromCharCode(97 + i)}`, 'Regina', 'SK');
    const first = await call('GET', `/api/practices?q=${many}`);
    expect(first.body.practices).toHaveLength(PRACTICE_LIMITS.pageSize);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await call('GET', `/api/practices?q=${many}&cursor=${first.body.nextCursor}`);
    expect(second.body.practices.map((p: { name: string }) => p.name)).toEqual([`${many} u`, `${many} v`]);
    expect(second.body.nextCursor).toBeNull();
  });

  it('shows "Works at" on the therapists\' directory cards', async () => {
    const res = await call('GET', `/api/users?q=${encodeURIComponent(clinician.name)}`);
    expect(res.body.users).toEqual([expect.objectContaining({ _id: clinician.id, practices: [{ _id: harbour._id, slug: harbour.slug, name: harbour.name, role: 'clinician' }] })]);
  });
});
