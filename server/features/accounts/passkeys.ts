// A member's passkeys: added with the current password (as a TOTP setup is), named, renamed and removed in /settings.
// Each change is audited, and forgets the member's sessions on every node, since having a second factor or not
// decides whether the sign-in policy lets them past enrolment.
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, asc, eq } from 'drizzle-orm';
import { MAX_PASSKEYS, PASSKEY_TEXTS, type Passkey } from '../../../common/security-policy.ts';
import type { AppContext } from '../../context.ts';
import { passkeys } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { registrationOptions, verifyRegistration } from '../../lib/webauthn.ts';
import { checkPassword } from './credentials.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function listPasskeys(ctx: AppContext, user: CurrentUser): Promise<Passkey[]> {
  const rows = await ctx.db.select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys).where(eq(passkeys.userId, user.id)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map((r) => ({ _id: r.id, name: r.name, createdAt: r.createdAt.toISOString(), lastUsedAt: iso(r.lastUsedAt) }));
}

export async function startAdding(ctx: AppContext, user: CurrentUser, input: { password: string }) {
  const account = await checkPassword(ctx, user.id, input.password);
  if (await ctx.db.$count(passkeys, eq(passkeys.userId, user.id)) >= MAX_PASSKEYS) throw badRequest(PASSKEY_TEXTS.tooMany);
  return registrationOptions(ctx.db, ctx.config, { id: user.id, email: account.email, name: account.name });
}

export async function addPasskey(ctx: AppContext, user: CurrentUser, input: { name: string; response: RegistrationResponseJSON }): Promise<Passkey> {
  const credential = await verifyRegistration(ctx.db, ctx.config, user.id, input.response);
  const row = await ctx.db.transaction(async (tx) => {
    const [added] = await tx.insert(passkeys).values({ userId: user.id, name: input.name, ...credential })
      .onConflictDoNothing().returning();
    if (!added) throw conflict('That passkey is already registered.');
    await recordAudit(tx, { actorId: user.id, action: 'passkey.add', targetType: 'passkey', targetId: added.id, detail: { name: input.name } });
    return added;
  });
  ctx.realtime.userChanged(user.id);
  return { _id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: null };
}

export async function renamePasskey(ctx: AppContext, user: CurrentUser, input: { id: string; name: string }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const renamed = await tx.update(passkeys).set({ name: input.name })
      .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, user.id))).returning({ id: passkeys.id });
    if (!renamed.length) throw notFound(PASSKEY_TEXTS.notFound);
    await recordAudit(tx, { actorId: user.id, action: 'passkey.rename', targetType: 'passkey', targetId: input.id, detail: { name: input.name } });
  });
}

export async function removePasskey(ctx: AppContext, user: CurrentUser, input: { id: string }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const removed = await tx.delete(passkeys).where(and(eq(passkeys.id, input.id), eq(passkeys.userId, user.id))).returning({ name: passkeys.name });
    if (!removed.length) throw notFound(PASSKEY_TEXTS.notFound);
    await recordAudit(tx, { actorId: user.id, action: 'passkey.remove', targetType: 'passkey', targetId: input.id, detail: { name: removed[0].name } });
  });
  ctx.realtime.userChanged(user.id);
}
