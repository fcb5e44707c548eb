// TOTP two-factor sign-in (RFC 6238, with otpauth): enrolment, recovery codes and turning it off; checking a code is
// server/lib/second-factor.ts, shared with the features that ask for one again.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { RECOVERY_CODE_COUNT, TEXTS, type TwoFactorSetup, type TwoFactorStatus } from '../../../common/security.ts';
import type { AppContext } from '../../context.ts';
import { recoveryCodes, twoFactor, users } from '../../db/schema.ts';
import { cancelPendingChanges, revokeOtherSessions, type CurrentUser } from '../../lib/auth.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import {
  assertCodesAllowed, CodeRefused, disableCounter, matchingStep, normalise, recordCodeFailure, refusedCode, totp, twoFactorEnabled, useCode,
} from '../../lib/second-factor.ts';
import { openTwoFactorSecret, sealTwoFactorSecret } from '../../lib/crypto/fields.ts';
import { hashToken } from '../../lib/tokens.ts';
import { checkPassword } from './credentials.ts';
import { recordSecurityNotice } from './security-notices.ts';
import { recordAudit } from '../../lib/audit.ts';


/** Four groups of four base32 characters: 80 random bits, so a plain SHA-256 is a safe way to keep them. */
function newRecoveryCode(): string {
  return (new Secret({ size: 10 }).base32.toLowerCase().match(/.{4}/g) ?? []).join('-');
}


export async function status(ctx: AppContext, user: CurrentUser): Promise<TwoFactorStatus> {
  const [row] = await ctx.db.select({
    enabledAt: twoFactor.enabledAt,
    left: sql<number>`(SELECT count(*)::int FROM recovery_codes r WHERE r.user_id = ${user.id} AND r.used_at IS NULL)`,
  }).from(twoFactor).where(eq(twoFactor.userId, user.id)).limit(1);
  return { enabled: Boolean(row?.enabledAt), recoveryCodesLeft: row?.enabledAt ? row.left : 0 };
}

/**
 * A new secret waiting for its first code; a setup started again replaces the one not yet confirmed. The current
 * password is asked first (wrong ones counted with the other password forms'), so a stolen session alone cannot put
 * its own second factor on the account and lock the owner out.
 */
export async function setup(ctx: AppContext, user: CurrentUser, input: { password: string }): Promise<TwoFactorSetup> {
  const account = await checkPassword(ctx, user.id, input.password);
  const secret = new Secret({ size: 20 }).base32;
  const sealed = sealTwoFactorSecret(user.id, secret);
  const saved = await ctx.db.insert(twoFactor).values({ userId: user.id, secret: sealed })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secret: sealed, lastStep: null, createdAt: new Date() }, setWhere: isNull(twoFactor.enabledAt) })
    .returning({ userId: twoFactor.userId });
  if (!saved.length) throw conflict(TEXTS.alreadyOn);
  return { secret, uri: totp(secret, account.email).toString() };
}

/**
 * The first right code turns it on and returns the recovery codes, shown this once. Every other session ends (with its
 * sockets), and what was pending under the old state is cancelled: a change of email, a sign-in waiting for a code.
 */
export async function enable(ctx: AppContext, user: CurrentUser, input: { code: string }): Promise<string[]> {
  await assertCodesAllowed(ctx, user.id);
  const [row] = await ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, user.id)).limit(1);
  if (row?.enabledAt) throw conflict(TEXTS.alreadyOn);
  if (!row) throw badRequest(TEXTS.noSetup);
  const step = matchingStep(openTwoFactorSecret(user.id, row.secret), normalise(input.code));
  if (step === null) {
    await recordCodeFailure(ctx, user.id);
    throw badRequest(TEXTS.badCode);
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const { ended, events } = await ctx.db.transaction(async (tx) => {
    const on = await tx.update(twoFactor).set({ enabledAt: new Date(), lastStep: step })
      .where(and(eq(twoFactor.userId, user.id), isNull(twoFactor.enabledAt))).returning({ userId: twoFactor.userId });
    if (!on.length) throw conflict(TEXTS.alreadyOn);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId: user.id, codeHash: hashToken(normalise(code)) })));
    await cancelPendingChanges(tx, user.id);
    const ended = await revokeOtherSessions(tx, user.id, user.sessionId);
    await recordAudit(tx, { actorId: user.id, action: 'auth.two_factor_enable', targetType: 'user', targetId: user.id, detail: { sessionsEnded: ended.length } });
    return { ended, events: await recordSecurityNotice(ctx, tx, user.id, user.sessionId, 'twoFactorOn') };
  });
  for (const id of ended) ctx.realtime.endSession(id);
  await events.deliver();
  // An administrator who had to enrol may now do everything: no node keeps the old answer.
  ctx.realtime.userChanged(user.id);
  return codes;
}

/**
 * Off with the password and a code (a TOTP code or a recovery code, for a lost phone). Wrong tries are counted per
 * session and apart from sign-in's codes (lib/second-factor.ts, disableCounter).
 */
export async function disable(ctx: AppContext, user: CurrentUser, input: { password: string; code: string }): Promise<void> {
  const counter = disableCounter(user.sessionId);
  await assertCodesAllowed(ctx, user.id, counter);
  if (!(await twoFactorEnabled(ctx.db, user.id))) throw badRequest(TEXTS.notOn);
  const [account] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!account || !(await verifyPassword(account.passwordHash, input.password))) {
    await recordCodeFailure(ctx, user.id, counter);
    throw badRequest(TEXTS.wrongPassword);
  }
  const events = await ctx.db.transaction(async (tx) => {
    const outcome = await useCode(ctx, tx, user.id, input.code);
    if (outcome !== 'ok') throw new CodeRefused(outcome);
    await tx.delete(twoFactor).where(eq(twoFactor.userId, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await recordAudit(tx, { actorId: user.id, action: 'auth.two_factor_disable', targetType: 'user', targetId: user.id });
    return recordSecurityNotice(ctx, tx, user.id, user.sessionId, 'twoFactorOff');
  }).catch((error: unknown) => refusedCode(ctx, user.id, error, counter));
  ctx.realtime.userChanged(user.id);
  await events.deliver();
}

export { assertCodesAllowed, CodeRefused, refusedCode, twoFactorEnabled, useCode };
