// The second step of a sign-in with two-factor on: the password step hands out a short-lived, single-use token
// (only its hash is stored, and it is no session); this step trades it and a code for a session.
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { TEXTS } from '../../../common/security.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { mfaChallenges, recoveryCodes, sessions, users } from '../../db/schema.ts';
import { createSession, type CurrentUser } from '../../lib/auth.ts';
import { sessionDevice } from '../../lib/device.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Recorded } from '../../lib/outbox.ts';
import { isRecoveryCode } from '../../lib/second-factor.ts';
import { recordSecurityNotice } from './security-notices.ts';
import { assertCodesAllowed, CodeRefused, refusedCode, useCode } from './two-factor.ts';

const MFA_TTL_MS = 5 * 60_000;
const expired = () => new AppError(401, 'SIGN_IN_EXPIRED', TEXTS.signInExpired);

/** After a right password: the token for POST /api/users/login/2fa. Expired challenges of the user are swept. */
export async function startChallenge(db: Db, userId: string): Promise<string> {
  const { token, hash } = newToken();
  const now = new Date();
  await db.delete(mfaChallenges).where(and(eq(mfaChallenges.userId, userId), lt(mfaChallenges.expiresAt, now)));
  await db.insert(mfaChallenges).values({ tokenHash: hash, userId, expiresAt: new Date(now.getTime() + MFA_TTL_MS) });
  return token;
}

type Input = { mfaToken: string; code: string; ip: string; userAgent?: string };

/** The new session's token and, after a sign-in with a recovery code, how many codes are left. */
export type CodeSignIn = { token: string; recoveryCodesLeft?: number };

export async function loginWithCode(ctx: AppContext, _visitor: CurrentUser | null, input: Input): Promise<CodeSignIn> {
  const tokenHash = hashToken(input.mfaToken);
  const [challenge] = await ctx.db.select({ userId: mfaChallenges.userId }).from(mfaChallenges)
    .innerJoin(users, eq(users.id, mfaChallenges.userId))
    .where(and(eq(mfaChallenges.tokenHash, tokenHash), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, new Date()), eq(users.disabled, false)))
    .limit(1);
  if (!challenge) throw expired();
  const { userId } = challenge;
  await assertCodesAllowed(ctx, userId);
  const signedIn = await ctx.db.transaction(async (tx): Promise<{ answer: CodeSignIn; events?: Recorded }> => {
    const db: Db = tx;
    const outcome = await useCode(ctx, db, userId, input.code);
    if (outcome !== 'ok') throw new CodeRefused(outcome);
    // Used in the statement that checks it: a second use, even at the same moment, finds nothing and undoes this one.
    const used = await db.update(mfaChallenges).set({ usedAt: new Date() })
      .where(and(eq(mfaChallenges.tokenHash, tokenHash), isNull(mfaChallenges.usedAt))).returning({ userId: mfaChallenges.userId });
    if (!used.length) throw expired();
    const token = await createSession(db, userId, sessionDevice(input.userAgent, input.ip));
    if (!isRecoveryCode(input.code)) return { answer: { token } };
    // A recovery code is for a lost phone: the member is told by email, and here how many are left.
    const [session] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    const events = await recordSecurityNotice(ctx, db, userId, session.id, 'recoveryCodeUsed');
    const recoveryCodesLeft = await db.$count(recoveryCodes, and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return { answer: { token, recoveryCodesLeft }, events };
  }).catch((error: unknown) => refusedCode(ctx, userId, error));
  await signedIn.events?.deliver();
  return signedIn.answer;
}
