// Checking a second factor (TOTP, RFC 6238 with otpauth, or a recovery code) for any feature that asks for one: the
// sign-in's second step, turning two-factor off, deleting an account. Enrolment stays in server/features/accounts.
import { and, eq, isNull, or, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { TEXTS } from '../../common/security.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { recoveryCodes, twoFactor } from '../db/schema.ts';
import { badRequest, tooManyRequests } from './errors.ts';
import { openTwoFactorSecret } from './crypto/fields.ts';
import { hashToken } from './tokens.ts';

const ISSUER = 'Thera Root';
const PERIOD = 30;
// One step either side: a phone clock a little off still works; replay is refused by the step kept in last_step.
const WINDOW = 1;

export const totp = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** Spaces and dashes are how people copy codes; neither is part of one. */
export const normalise = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const isTotpCode = (code: string) => /^\d{6}$/.test(code);
/** Whether a code as typed is a recovery code (anything not a 6-digit TOTP code is checked as one). */
export const isRecoveryCode = (code: string) => !isTotpCode(normalise(code));

/** Where wrong codes are counted: the account's sign-in codes unless a form keeps its own count. */
const signInCounter = (userId: string) => `mfa:acct:${userId}`;
/**
 * Turning two-factor off is counted per session, apart from sign-in: a session's wrong guesses there must not lock the
 * owner out of signing in, and each session has its own few tries.
 */
export const disableCounter = (sessionId: string) => `mfa:disable:${sessionId}`;

/** Wrong codes (and wrong passwords in the 2FA forms) are counted on the limiter every node shares. */
export async function assertCodesAllowed(ctx: AppContext, userId: string, counter = signInCounter(userId)): Promise<void> {
  if (await ctx.limiter.count(counter) >= ctx.config.limits.mfaFailsPerAccount) throw tooManyRequests(TEXTS.tooManyCodes);
}

export async function recordCodeFailure(ctx: AppContext, userId: string, counter = signInCounter(userId)): Promise<void> {
  await ctx.limiter.hit(counter, ctx.config.limits.loginWindowMs);
}

export async function twoFactorEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ enabledAt: twoFactor.enabledAt }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return Boolean(row?.enabledAt);
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
export async function refusedCode(ctx: AppContext, userId: string, error: unknown, counter = signInCounter(userId)): Promise<never> {
  if (!(error instanceof CodeRefused)) throw error;
  await recordCodeFailure(ctx, userId, counter);
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
  const step = matchingStep(openTwoFactorSecret(userId, row.secret), typed);
  if (step === null) return 'bad';
  const moved = await db.update(twoFactor).set({ lastStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step))))
    .returning({ userId: twoFactor.userId });
  return moved.length ? 'ok' : 'replayed';
}

/** The time step the code belongs to (now, or one either side), or null when it is none of them. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!isTotpCode(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/**
 * A second factor where one is asked for again (deleting an account): nothing to check when two-factor is off; else the
 * code must be right, counted against the same per-account limit as every other code.
 */
export async function verifySecondFactor(ctx: AppContext, userId: string, code: string | undefined): Promise<void> {
  if (!(await twoFactorEnabled(ctx.db, userId))) return;
  await assertCodesAllowed(ctx, userId);
  if (!code) {
    await recordCodeFailure(ctx, userId);
    throw badRequest(TEXTS.badCode);
  }
  await ctx.db.transaction(async (tx) => {
    const outcome = await useCode(ctx, tx, userId, code);
    if (outcome !== 'ok') throw new CodeRefused(outcome);
  }).catch((error: unknown) => refusedCode(ctx, userId, error));
}
