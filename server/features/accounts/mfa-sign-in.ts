// The second step of a sign-in with two-factor on: the password step hands out a short-lived, single-use token
// (only its hash is stored, and it is no session); this step trades it and a code for a session.
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { SecondFactor } from '../../../common/accounts.ts';
import { TEXTS } from '../../../common/security.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { mfaChallenges, passkeys, recoveryCodes, sessions, users } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { sessionDevice } from '../../lib/device.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Recorded } from '../../lib/outbox.ts';
import { isRecoveryCode, twoFactorEnabled } from '../../lib/second-factor.ts';
import { recordSecurityNotice } from './security-notices.ts';
import { auditSignIn, sessionSignedIn } from './sign-in-audit.ts';
import { assertCodesAllowed, CodeRefused, refusedCode, useCode } from './two-factor.ts';

const MFA_TTL_MS = 5 * 60_000;
const expired = () => new AppError(401, 'SIGN_IN_EXPIRED', TEXTS.signInExpired);

/** The second factors a member can finish a sign-in with (none: the password alone signs in). */
export async function secondFactorsOf(db: Db, userId: string): Promise<SecondFactor[]> {
  const [totpOn, passkeyCount, codesLeft] = await Promise.all([
    twoFactorEnabled(db, userId),
    db.$count(passkeys, eq(passkeys.userId, userId)),
    db.$count(recoveryCodes, and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  const factors: SecondFactor[] = [];
  if (totpOn) factors.push('totp');
  if (passkeyCount > 0) factors.push('passkey');
  // Recovery codes come with a TOTP code and go with it.
  if (totpOn && codesLeft > 0) factors.push('recoveryCode');
  return factors;
}

/** After a right password: the token for POST /api/users/login/2fa. Expired challenges of the user are swept. */
export async function startChallenge(db: Db, userId: string): Promise<string> {
  const { token, hash } = newToken();
  const now = new Date();
  await db.delete(mfaChallenges).where(and(eq(mfaChallenges.userId, userId), lt(mfaChallenges.expiresAt, now)));
  await db.insert(mfaChallenges).values({ tokenHash: hash, userId, expiresAt: new Date(now.getTime() + MFA_TTL_MS) });
  return token;
}

/** The account a sign-in's second step is for, while its token is unused and unexpired and the account not disabled. */
export async function pendingSignIn(db: Db, tokenHash: string): Promise<string> {
  const [challenge] = await db.select({ userId: mfaChallenges.userId }).from(mfaChallenges)
    .innerJoin(users, eq(users.id, mfaChallenges.userId))
    .where(and(eq(mfaChallenges.tokenHash, tokenHash), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, new Date()), eq(users.disabled, false)))
    .limit(1);
  if (!challenge) throw expired();
  return challenge.userId;
}

/** Uses the password step's token up in the statement that checks it: a second use, even at the same moment, finds nothing and undoes its transaction. */
export async function useUpChallenge(db: Db, tokenHash: string): Promise<void> {
  const used = await db.update(mfaChallenges).set({ usedAt: new Date() })
    .where(and(eq(mfaChallenges.tokenHash, tokenHash), isNull(mfaChallenges.usedAt))).returning({ userId: mfaChallenges.userId });
  if (!used.length) throw expired();
}

type Input = { mfaToken: string; code: string; ip: string; userAgent?: string };

/** The new session's token and, after a sign-in with a recovery code, how many codes are left. */
export type CodeSignIn = { token: string; recoveryCodesLeft?: number };

export async function loginWithCode(ctx: AppContext, _visitor: CurrentUser | null, input: Input): Promise<CodeSignIn> {
  const tokenHash = hashToken(input.mfaToken);
  const userId = await pendingSignIn(ctx.db, tokenHash);
  await assertCodesAllowed(ctx, userId);
  const signedIn = await ctx.db.transaction(async (tx): Promise<{ answer: CodeSignIn; events?: Recorded }> => {
    const db: Db = tx;
    const outcome = await useCode(ctx, db, userId, input.code);
    if (outcome !== 'ok') throw new CodeRefused(outcome);
    await useUpChallenge(db, tokenHash);
    const token = await sessionSignedIn(db, userId, sessionDevice(input.userAgent, input.ip), { secondFactor: true });
    if (!isRecoveryCode(input.code)) return { answer: { token } };
    // A recovery code is for a lost phone: the member is told by email, and here how many are left.
    const [session] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    const events = await recordSecurityNotice(ctx, db, userId, session.id, 'recoveryCodeUsed');
    const recoveryCodesLeft = await db.$count(recoveryCodes, and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return { answer: { token, recoveryCodesLeft }, events };
  }).catch(async (error: unknown) => {
    if (error instanceof CodeRefused) await auditSignIn(ctx.db, 'auth.sign_in_failed', userId, input.userAgent, { reason: 'wrong_code' });
    return refusedCode(ctx, userId, error);
  });
  await signedIn.events?.deliver();
  return signedIn.answer;
}
