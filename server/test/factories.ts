import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { communities, communityMembers, users } from '../db/schema.ts';
import { createSession } from '../lib/auth.ts';
import { hashPassword } from '../lib/passwords.ts';

export const TEST_PASSWORD = 'correct-horse-battery-staple';
// Hashing is deliberately slow; one hash serves every user a test file makes.
let passwordHash: Promise<string> | undefined;

type UserOverrides = Partial<typeof users.$inferInsert> & { status?: 'pending' | 'verified' | 'rejected' };

export type TestUser = { id: string; name: string; email: string; password: string; token: string; headers: { 'x-auth-token': string } };

/** A user straight in the database, signed in. Verified unless `status` says otherwise. */
export async function createUser(db: Db, overrides: UserOverrides = {}): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const suffix = randomBytes(4).toString('hex');
  const { status = 'verified', ...rest } = overrides;
  const [row] = await db.insert(users).values({
    name: `Test Therapist ${suffix}`,
    email: `therapist-${suffix}@example.test`,
    passwordHash: await passwordHash,
    location: 'Toronto, ON, Canada',
    profession: 'Registered Psychotherapist',
    licenceNumber: `LIC-${suffix}`,
    licensingBody: 'CRPO',
    licenceRegion: 'ON',
    licenceCountry: 'Canada',
    verificationStatus: status,
    verifiedAt: status === 'verified' ? new Date() : null,
    ...rest,
  }).returning({ id: users.id, name: users.name, email: users.email });
  const token = await createSession(db, row.id);
  return { ...row, password: TEST_PASSWORD, token, headers: { 'x-auth-token': token } };
}

export const createAdmin = (db: Db, overrides: UserOverrides = {}) => createUser(db, { role: 'admin', ...overrides });

export async function createCommunity(db: Db, overrides: Partial<typeof communities.$inferInsert> = {}, memberIds: string[] = []) {
  const [row] = await db.insert(communities).values({
    name: `Community ${randomBytes(4).toString('hex')}`,
    description: 'A place for peers',
    ...overrides,
  }).returning();
  if (memberIds.length) {
    await db.insert(communityMembers).values(memberIds.map((userId) => ({ communityId: row.id, userId })));
  }
  return row;
}

/** A random tag of lowercase letters: digits in a tag can read as a phone or card number to the privacy guard. */
export function randomLetters(length = 10): string {
  return [...randomBytes(length)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
}
