// Sign-ins in the audit trail: every one that succeeded, failed or was refused, with the device it came from (the
// client address comes with the request). Failed and refused attempts change nothing else, so they are written
// batched (recordAuditedRead); a successful one is written with its session, in one transaction.
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { recordAudit, recordAuditedRead, type AuditAction } from '../../lib/audit.ts';
import { createSession } from '../../lib/auth.ts';
import { describeDevice, type SessionDevice } from '../../lib/device.ts';

/** The device as names and a code (common/device.ts), said in each reader's language when read back. */
const deviceOf = (userAgent: string | null | undefined) => describeDevice(userAgent ?? null);

/** An attempt on an account (or on an address no account has: no member then, and the address is not kept). */
export function auditSignIn(
  db: Db, action: AuditAction, userId: string | null, userAgent: string | undefined, detail: Record<string, unknown>,
): Promise<void> {
  return recordAuditedRead(db, {
    actorId: userId, actorRole: userId ? undefined : 'visitor', action, targetType: 'user', targetId: userId, memberId: userId,
    detail: { ...detail, device: deviceOf(userAgent) },
  });
}

/** A refused sign-in is recorded against the account the address belongs to, then refused as it was going to be. */
export async function signInRefused(
  ctx: AppContext, account: { userId: string } | { email: string }, reason: string, userAgent: string | undefined, error: unknown,
): Promise<never> {
  const userId = 'userId' in account ? account.userId : (await ctx.db.select({ id: users.id }).from(users)
    .where(eq(sql`lower(${users.email})`, account.email.trim().toLowerCase())).limit(1))[0]?.id ?? null;
  await auditSignIn(ctx.db, 'auth.sign_in_refused', userId, userAgent, { reason });
  throw error;
}

type SignInDetail = { secondFactor: boolean; passkey?: boolean };

/** The new session and its audit entry, written with `db` (inside the caller's transaction when it has one). */
export async function sessionSignedIn(db: Db, userId: string, device: SessionDevice, detail: SignInDetail): Promise<string> {
  const token = await createSession(db, userId, device);
  await recordAudit(db, {
    actorId: userId, action: 'auth.sign_in', targetType: 'user', targetId: userId, detail: { ...detail, device: deviceOf(device.userAgent) },
  });
  return token;
}

/** The new session and its audit entry, together in a transaction of their own. */
export function signedInSession(db: Db, userId: string, device: SessionDevice, detail: SignInDetail): Promise<string> {
  return db.transaction((tx) => sessionSignedIn(tx, userId, device, detail));
}
