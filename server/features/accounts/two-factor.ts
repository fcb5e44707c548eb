// TOTP two-factor sign-in (RFC 6238, with otpauth): enrolment, recovery codes, turning it off, and checking a code.
import { and, eq, isNull, or, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT, TEXTS, type TwoFactorSetup, type TwoFactorStatus } from '../../../common/security.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { recoveryCodes, twoFactor, users } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { badRequest, conflict, tooManyRequests } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { open, seal, serverKey } from '../../lib/secret-box.ts';
import { hashToken } from '../../lib/tokens.ts';

const ISSUER = 'Thera Root';
const PERIOD = 30;
// One step either side: a phone clock a little off still works; replay is refused by the step kept in last_step.
const WINDOW = 1;

const totp = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** Spaces and dashes are how people copy codes; neither is part of one. */
const normalise = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/** Four groups of four base32 characters: 80 random bits, so a plain SHA-256 is a safe way to keep them. */
function newRecoveryCode(): string {
  return (new Secret({ size: 10 }).base32.toLowerCase().match(/.{4}/g) ?? []).join('-');
}

const key = (ctx: AppContext) => serverKey(ctx.config);
const failuresKey = (userId: string) => `mfa:acct:${userId}`;

/** Wrong codes (and wrong passwords in the 2FA forms) are counted per account on the limiter every node shares. */
export async function assertCodesAllowed(ctx: AppContext, userId: string): Promise<void> {
  if (await ctx.limiter.count(failuresKey(userId)) >= ctx.config.limits.mfaFailsPerAccount) throw tooManyRequests(TEXTS.tooManyCodes);
}

export async function recordCodeFailure(ctx: AppContext, userId: string): Promise<void> {
  await ctx.limiter.hit(failuresKey(userId), ctx.config.limits.loginWindowMs);
}

export async function twoFactorEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ enabledAt: twoFactor.enabledAt }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return Boolean(row?.enabledAt);
}

export async function status(ctx: AppContext, user: CurrentUser): Promise<TwoFactorStatus> {
  const [row] = await ctx.db.select({
    enabledAt: twoFactor.enabledAt,
    left: sql<number>`(SELECT count(*)::int FROM recovery_codes r WHERE r.user_id = ${user.id} AND r.used_at IS NULL)`,
  }).from(twoFactor).where(eq(twoFactor.userId, user.id)).limit(1);
  return { enabled: Boolean(row?.enabledAt), recoveryCodesLeft: row?.enabledAt ? row.left : 0 };
}

/** A new secret waiting for its first code; a setup started again replaces the one not yet confirmed. */
export async function setup(ctx: AppContext, user: CurrentUser): Promise<TwoFactorSetup> {
  const secret = new Secret({ size: 20 }).base32;
  const sealed = seal(key(ctx), secret, user.id);
  const [account] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
  const saved = await ctx.db.insert(twoFactor).values({ userId: user.id, secret: sealed })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secret: sealed, lastStep: null, createdAt: new Date() }, setWhere: isNull(twoFactor.enabledAt) })
    .returning({ userId: twoFactor.userId });
  if (!saved.length) throw conflict(TEXTS.alreadyOn);
  return { secret, uri: totp(secret, account?.email ?? user.name).toString() };
}

/** The first right code turns it on and returns the recovery codes, shown this once. */
export async function enable(ctx: AppContext, user: CurrentUser, input: { code: string }): Promise<string[]> {
  await assertCodesAllowed(ctx, user.id);
  const [row] = await ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, user.id)).limit(1);
  if (row?.enabledAt) throw conflict(TEXTS.alreadyOn);
  if (!row) throw badRequest(TEXTS.noSetup);
  const step = matchingStep(open(key(ctx), row.secret, user.id), normalise(input.code));
  if (step === null) {
    await recordCodeFailure(ctx, user.id);
    throw badRequest(TEXTS.badCode);
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ctx.db.transaction(async (tx) => {
    const on = await tx.update(twoFactor).set({ enabledAt: new Date(), lastStep: step })
      .where(and(eq(twoFactor.userId, user.id), isNull(twoFactor.enabledAt))).returning({ userId: twoFactor.userId });
    if (!on.length) throw conflict(TEXTS.alreadyOn);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId: user.id, codeHash: hashToken(normalise(code)) })));
  });
  return codes;
}

/** Off with the password and a code (a TOTP code or a recovery code, for a lost phone). */
export async function disable(ctx: AppContext, user: CurrentUser, input: { password: string; code: string }): Promise<void> {
  await assertCodesAllowed(ctx, user.id);
  if (!(await twoFactorEnabled(ctx.db, user.id))) throw badRequest(TEXTS.notOn);
  const [account] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!account || !(await verifyPassword(account.passwordHash, input.password))) {
    await recordCodeFailure(ctx, user.id);
    throw badRequest(TEXTS.wrongPassword);
  }
  await ctx.db.transaction(async (tx) => {
    const outcome = await useCode(ctx, tx as unknown as Db, user.id, input.code);
    if (outcome !== 'ok') throw new CodeRefused(outcome);
    await tx.delete(twoFactor).where(eq(twoFactor.userId, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  }).catch((error: unknown) => refusedCode(ctx, user.id, error));
}

export type CodeOutcome = 'ok' | 'bad' | 'replayed';

/** Thrown inside a transaction to undo it when the code was refused; `refusedCode` turns it into the answer. */
export class CodeRefused extends Error {
  readonly outcome: Exclude<CodeOutcome, 'ok'>;
  constructor(outcome: Exclude<CodeOutcome, 'ok'>) {
    super(outcome);
    this.outcome = outcome;
  }
}

/** Counts the refusal (after the transaction, so the count is never rolled back) and answers it. */
export async function refusedCode(ctx: AppContext, userId: string, error: unknown): Promise<never> {
  if (!(error instanceof CodeRefused)) throw error;
  await recordCodeFailure(ctx, userId);
  throw badRequest(error.outcome === 'replayed' ? TEXTS.replayed : TEXTS.badCode);
}

/**
 * Checks and uses up a code of an enabled account: a TOTP code moves last_step forward (in the statement that checks
 * it, so the same code twice, even at once on two nodes, is accepted once); a recovery code is marked used likewise.
 */
export async function useCode(ctx: AppContext, db: Db, userId: string, code: string): Promise<CodeOutcome> {
  const typed = normalise(code);
  if (!isTotpCode(typed)) {
    const used = await db.update(recoveryCodes).set({ usedAt: new Date() })
      .where(and(eq(recoveryCodes.codeHash, hashToken(typed)), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      .returning({ userId: recoveryCodes.userId });
    return used.length ? 'ok' : 'bad';
  }
  const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), sql`${twoFactor.enabledAt} IS NOT NULL`)).limit(1);
  if (!row) return 'bad';
  const step = matchingStep(open(key(ctx), row.secret, userId), typed);
  if (step === null) return 'bad';
  const moved = await db.update(twoFactor).set({ lastStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step))))
    .returning({ userId: twoFactor.userId });
  return moved.length ? 'ok' : 'replayed';
}

/** The time step the code belongs to (now, or one either side), or null when it is none of them. */
function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!isTotpCode(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}
