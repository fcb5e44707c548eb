import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * Makes sure an administrator exists. ADMIN_EMAIL/ADMIN_PASSWORD choose it; without them the first
 * start generates a password and returns it so it can be shown once.
 */
export async function ensureAdmin(db: Db, config: Pick<Config, 'adminEmail' | 'adminPassword'>) {
  const email = config.adminEmail ?? 'admin@thera-root.local';
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
  if (existing) {
    if (config.adminPassword) {
      await db.update(users).set({ role: 'admin', passwordHash: await hashPassword(config.adminPassword) }).where(eq(users.id, existing.id));
    }
    return { email, generatedPassword: undefined };
  }
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (anyAdmin && !config.adminEmail) return { email, generatedPassword: undefined };
  const generatedPassword = config.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const inserted = await db.insert(users).values({
    name: 'Thera Root Admin',
    email,
    passwordHash: await hashPassword(config.adminPassword ?? generatedPassword!),
    role: 'admin',
    verificationStatus: 'verified',
    verifiedAt: new Date(),
    profession: 'Administrator',
  // Nodes starting together on an empty database race here; the loser finds the account already made.
  }).onConflictDoNothing().returning({ id: users.id });
  return { email, generatedPassword: inserted.length ? generatedPassword : undefined };
}
