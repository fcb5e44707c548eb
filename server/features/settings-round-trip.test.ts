// What the API gives a member about their own settings, it takes back: a client that reads a setting with GET and writes
// the same object back with PUT is answered 200 and changes nothing. Each GET/PUT pair of the member's settings is
// tried with what a member who never changed anything reads, and again after the member set everything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { caller } from '../test/http.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
let fresh: TestUser, settled: TestUser, pending: TestUser;

// The member's settings that are read and written at one path each.
const PAIRS = ['/api/notifications/preferences', '/api/users/me/privacy', '/api/users/me'] as const;

beforeAll(async () => {
  ctx = await createTestContext();
  fresh = await createUser(ctx.db, { name: 'Fay Fresh' });
  settled = await createUser(ctx.db, { name: 'Sol Settled' });
  pending = await createUser(ctx.db, { name: 'Pia Pending', status: 'pending' });
  // Everything a member can set, set once, so that the second round trip carries values rather than defaults.
  for (const [path, body] of [
    ['/api/notifications/preferences', { types: { postReply: { inApp: false, email: 'daily' } }, timeZone: 'Europe/Paris' }],
    ['/api/users/me/privacy', { whoCanMessage: 'network', listedInDirectory: false }],
    ['/api/users/me', {
      pronouns: 'she/her', bio: 'Perinatal mood care.', specialties: ['Anxiety'], modalities: ['EMDR'], languages: ['English', 'French'],
      acceptingClients: 'waitlist', availabilityNote: 'Evenings only', insurers: ['Sun Life'], licensedRegions: ['ON', 'QC'],
      website: 'https://example.org', gender: ['Woman'], feeModels: ['Sliding scale'],
    }],
  ] as const) expect(await call('PUT', path, settled, body)).toMatchObject({ status: 200 });
});
afterAll(() => ctx.close());

async function roundTrip(user: TestUser, path: string) {
  const before = await call('GET', path, user);
  expect(before.status).toBe(200);
  const put = await call('PUT', path, user, before.body);
  expect(put, `PUT ${path} with what GET answered`).toMatchObject({ status: 200 });
  expect((await call('GET', path, user)).body).toEqual(before.body);
}

describe('every GET/PUT pair of the member settings takes back what it gives', () => {
  for (const path of PAIRS) {
    it(`${path}: a member who never changed a setting`, () => roundTrip(fresh, path));
    it(`${path}: a member who set every value`, () => roundTrip(settled, path));
  }
  it('/api/users/me: a member still waiting for verification', () => roundTrip(pending, '/api/users/me'));
});

describe('the time zone of the notification preferences', () => {
  it('null clears a chosen time zone (the digest goes at 08:00 UTC again); leaving it out keeps it', async () => {
    const member = await createUser(ctx.db, { name: 'Tim Zone' });
    await call('PUT', '/api/notifications/preferences', member, { timeZone: 'Asia/Tokyo' });
    expect((await call('PUT', '/api/notifications/preferences', member, { types: {} })).body.timeZone).toBe('Asia/Tokyo');
    expect((await call('PUT', '/api/notifications/preferences', member, { timeZone: null })).body.timeZone).toBeNull();
  });
});
