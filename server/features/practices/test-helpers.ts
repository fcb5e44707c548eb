// Test-only: a practice with one member in each role, made through the API as its members would.
import { expect } from 'vitest';
import type { PracticeRole } from '../../../common/practices.ts';
import type { Db } from '../../db/client.ts';
import { createUser, randomLetters, type TestUser } from '../../test/factories.ts';
import type { caller } from '../../test/http.ts';

type Call = ReturnType<typeof caller>;
export type Staffed = { id: string; slug: string; name: string; owner: TestUser; admin: TestUser; clinician: TestUser; intake: TestUser };

async function join(call: Call, practiceId: string, by: TestUser, user: TestUser, role: Exclude<PracticeRole, 'owner'>) {
  const invited = await call('POST', `/api/practices/${practiceId}/invitations`, by, { userId: user.id, role });
  expect(invited.status).toBe(201);
  const answered = await call('PATCH', `/api/practices/${practiceId}/invitations/${invited.body._id}`, user, { accept: true });
  expect(answered.status).toBe(200);
}

export async function staffedPractice(db: Db, call: Call, region = 'ON'): Promise<Staffed> {
  const [owner, admin, clinician, intake] = await Promise.all([0, 1, 2, 3].map(() => createUser(db, { acceptingClients: 'accepting' })));
  const name = `Harbour ${randomLetters(8)} Therapy`;
  const res = await call('POST', '/api/practices', owner, { name, description: 'Group practice', website: 'https://harbour.example', locations: [{ city: 'Toronto', region }] });
  expect(res.status).toBe(201);
  const id = res.body._id as string;
  await join(call, id, owner, admin, 'admin');
  await join(call, id, admin, clinician, 'clinician');
  await join(call, id, admin, intake, 'intake');
  return { id, slug: res.body.slug, name, owner, admin, clinician, intake };
}
