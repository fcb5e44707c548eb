import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AccountPreferences, LicenceUpdate, LicenceUpdateResult, LoginResult, Me, RegisterInput } from '../../../common/accounts.ts';
import { FORGOT_SUCCESS, INVALID_CREDENTIALS } from '../../../common/accounts.ts';
import type { AppContext } from '../../context.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import { cancelPendingChanges, createSession, revokeAllSessions, revokeResetLinks, revokeSession, type CurrentUser } from '../../lib/auth.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { sessionDevice } from '../../lib/device.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { newToken, hashToken } from '../../lib/tokens.ts';
import { auditSignIn, signInRefused, signedInSession } from './sign-in-audit.ts';
import { recordAudit } from '../../lib/audit.ts';
import { mailLocale } from '../../lib/i18n.ts';
import { recordEvents } from '../../lib/outbox.ts';
import type { Locale } from '../../../common/i18n/locales.ts';
import { registrationAttemptMail, resetMail } from './mails.ts';
import { readSetting } from '../../lib/platform-settings.ts';
import { accountLimits } from './limits.ts';
import { secondFactorsOf, startChallenge } from './mfa-sign-in.ts';
import { twoFactorEnabled } from './two-factor.ts';
import { passwordProblem } from './password-policy.ts';
import { toLicenceUpdate, toMe } from './present.ts';

const RESET_TTL_MS = 3_600_000;
export const RESET_INVALID = 'This password reset link is invalid or has expired.';
const ACCOUNT_DISABLED = 'This account has been disabled. Please contact an administrator.';

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());
const limitsOf = (ctx: AppContext) => accountLimits(ctx.limiter, ctx.config.limits);

/** Who asks, for the rate limits of the signed-out calls and the language of a mail to a member who chose none. */
type Caller = { ip: string; locale?: Locale };

/**
 * Someone tried to register an address that has an account: its owner hears of it, nobody else learns anything. The
 * mail is an outbox event (decision 0400), kept until the mail server takes it; it is not waited for, so the answer's
 * time does not depend on the mail server.
 */
async function tellOwnerOfRegistrationAttempt(ctx: AppContext, email: string, requestLocale?: Locale): Promise<void> {
  const [owner] = await ctx.db.select({ id: users.id, email: users.email, name: users.name, locale: users.locale }).from(users).where(byEmail(email)).limit(1);
  if (!owner) return;
  const mail = registrationAttemptMail({ userId: owner.id, to: owner.email, locale: mailLocale(owner.locale, requestLocale), values: { name: owner.name } });
  const events = await recordEvents(ctx, ctx.db, [mail]);
  void events.deliver();
}

/**
 * A new account, signed in at once: answers its session's token, as sign-in does. An address that already has an
 * account gets no token and no change; its owner is emailed (not waited for). Who is a member can be learnt here, one
 * try at a time within the registration limit per address: the price of signing the new member in (decision 0165).
 */
export async function register(
  ctx: AppContext, _visitor: CurrentUser | null, input: RegisterInput & Caller & { userAgent?: string; chosenLocale?: Locale },
): Promise<string | null> {
  await limitsOf(ctx).assertRegisterAllowed(input.ip);
  if (input.password !== input.confirmPassword) throw badRequest('Passwords do not match');
  const problem = passwordProblem(input.password, input);
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(input.password);
  const [created] = await ctx.db.insert(users).values({
    name: input.name,
    email: input.email.trim(),
    passwordHash,
    avatar: input.avatar || null,
    profession: input.profession,
    location: `${input.region}, ${input.country}`,
    licenceNumber: input.licenceNumber,
    licensingBody: input.licensingBody,
    licenceRegion: input.region,
    licenceCountry: input.country,
    licenceExpiresOn: input.licenceExpiresOn,
    // The language chosen before registering is kept, so the account's mail and other devices follow it; a browser's
    // language alone is not a choice (NULL follows the browser).
    locale: input.chosenLocale ?? null,
  }).onConflictDoNothing().returning({ id: users.id });
  if (!created) {
    await tellOwnerOfRegistrationAttempt(ctx, input.email, input.locale);
    return null;
  }
  return createSession(ctx.db, created.id, sessionDevice(input.userAgent, input.ip));
}

/**
 * A new session's token; with two-factor on, the token of the second step instead (no session yet). An administrator
 * without two-factor sign-in is asked to turn it on at each sign-in.
 */
export async function login(
  ctx: AppContext, _visitor: CurrentUser | null, input: { email: string; password: string; userAgent?: string } & Caller,
): Promise<LoginResult> {
  const { email, password, ip } = input;
  const limits = limitsOf(ctx);
  await limits.assertLoginAllowed(email, ip).catch((error: unknown) => signInRefused(ctx, { email }, 'too_many_attempts', input.userAgent, error));
  const [user] = await ctx.db.select({ id: users.id, passwordHash: users.passwordHash, disabled: users.disabled, role: users.role })
    .from(users).where(byEmail(email)).limit(1);
  const ok = user ? await verifyPassword(user.passwordHash, password) : (await verifyAgainstDummy(password), false);
  if (!user || !ok) {
    await limits.recordLoginFailure(email, ip);
    await auditSignIn(ctx.db, 'auth.sign_in_failed', user?.id ?? null, input.userAgent, { reason: user ? 'wrong_password' : 'unknown_address' });
    throw badRequest(INVALID_CREDENTIALS);
  }
  if (user.disabled) await signInRefused(ctx, { userId: user.id }, 'account_disabled', input.userAgent, forbidden(ACCOUNT_DISABLED));
  // A passkey is a second factor too: with one, the password alone opens no session either.
  const factors = await secondFactorsOf(ctx.db, user.id);
  if (factors.length) return { mfaRequired: true, mfaToken: await startChallenge(ctx.db, user.id), factors };
  const token = await signedInSession(ctx.db, user.id, sessionDevice(input.userAgent, ip), { secondFactor: false });
  return user.role === 'admin' ? { token, twoFactorPrompt: true } : { token };
}

/** Ends this session and its sockets; the user's other sessions stay signed in. */
export async function logout(ctx: AppContext, user: CurrentUser): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await revokeSession(tx, user.sessionId);
    await recordAudit(tx, { actorId: user.id, action: 'auth.sign_out', targetType: 'session', targetId: user.sessionId });
  });
  ctx.realtime.endSession(user.sessionId);
}

/** From the session's own lookup when it carried them (every HTTP request's does): no query of its own. */
export async function me(ctx: AppContext, user: CurrentUser): Promise<Me> {
  // From the shared read cache: the web app warns before an idle sign-out.
  const { idleMinutes } = await readSetting(ctx, 'securityPolicy');
  if (user.twoFactorEnabled !== undefined && user.rejectionReason !== undefined && user.locale !== undefined) {
    return { ...toMe(user, user.rejectionReason, user.twoFactorEnabled, user.locale), idleMinutes };
  }
  const [row] = await ctx.db.select({ rejectionReason: users.rejectionReason, locale: users.locale }).from(users).where(eq(users.id, user.id));
  return { ...toMe(user, row?.rejectionReason ?? null, await twoFactorEnabled(ctx.db, user.id), row?.locale ?? null), idleMinutes };
}

/** PATCH /api/users/me: the member's language; their sessions on every node forget the old one. */
export async function updatePreferences(ctx: AppContext, user: CurrentUser, input: AccountPreferences): Promise<Me> {
  await ctx.db.update(users).set({ locale: input.locale, updatedAt: new Date() }).where(eq(users.id, user.id));
  ctx.caches.publish({ type: 'member.preferences.changed', userId: user.id });
  return me(ctx, { ...user, locale: input.locale });
}

/** Always the same answer, so nobody learns whether an email has an account. */
export async function forgotPassword(
  ctx: AppContext, _visitor: CurrentUser | null, input: { email: string } & Caller,
): Promise<string> {
  const { email, ip } = input;
  await limitsOf(ctx).assertForgotAllowed(email, ip);
  const [user] = await ctx.db.select({ id: users.id, email: users.email, name: users.name, disabled: users.disabled, locale: users.locale })
    .from(users).where(byEmail(email)).limit(1);
  if (user && !user.disabled) {
    const { token, hash } = newToken();
    const mail = resetMail({ userId: user.id, to: user.email, locale: mailLocale(user.locale, input.locale), values: { name: user.name }, token });
    // The link's mail is recorded with the link (decision 0400): kept until the mail server takes it.
    const events = await ctx.db.transaction(async (tx) => {
      await tx.insert(passwordResetTokens).values({ tokenHash: hash, userId: user.id, expiresAt: new Date(Date.now() + RESET_TTL_MS) });
      return recordEvents(ctx, tx, [mail]);
    });
    // Not awaited: the response time must not depend on whether a mail was sent.
    void events.deliver();
  }
  return FORGOT_SUCCESS;
}

/**
 * A new password through the emailed link: every session ends, and what the old password began is cancelled. Two-factor
 * sign-in stays on: the link proves the mailbox, not the phone, so the next sign-in still asks for a code.
 */
export async function resetPassword(ctx: AppContext, _visitor: CurrentUser | null, input: { token: string; password: string }): Promise<void> {
  const { token, password } = input;
  const now = new Date();
  const [row] = await ctx.db.select({ userId: passwordResetTokens.userId, email: users.email, name: users.name })
    .from(passwordResetTokens).innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now),
      eq(users.disabled, false)))
    .limit(1);
  if (!row) throw badRequest(RESET_INVALID);
  const problem = passwordProblem(password, row);
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    // Consuming the token in the same statement that checks it makes a second use fail even when concurrent.
    const used = await tx.update(passwordResetTokens).set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt)))
      .returning({ userId: passwordResetTokens.userId });
    if (!used.length) throw badRequest(RESET_INVALID);
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId));
    await revokeAllSessions(tx, row.userId);
    await revokeResetLinks(tx, row.userId);
    await cancelPendingChanges(tx, row.userId);
    await recordAudit(tx, { actorId: row.userId, action: 'auth.password_reset', targetType: 'user', targetId: row.userId });
  });
  ctx.realtime.endUser(row.userId);
}

/** A rejected (or pending) user corrects the licence; it goes back to the queue. */
export async function updateLicence(ctx: AppContext, user: CurrentUser, input: LicenceUpdate): Promise<LicenceUpdateResult> {
  const [row] = await ctx.db.update(users).set({
    profession: input.profession, licenceNumber: input.licenceNumber, licensingBody: input.licensingBody,
    licenceRegion: input.region, licenceCountry: input.country,
    // A new expiry date starts the reminders over.
    licenceExpiresOn: input.licenceExpiresOn, licenceExpiryNotice: null,
    verificationStatus: user.role === 'admin' ? 'verified' : 'pending', rejectionReason: null, updatedAt: new Date(),
  }).where(eq(users.id, user.id)).returning({ id: users.id, verificationStatus: users.verificationStatus });
  if (!row) throw notFound('Profile not found.');
  // Back to pending: the member's sockets end, as on a decline, so chat waits for the verification like REST does.
  if (row.verificationStatus !== 'verified') ctx.realtime.endUser(user.id);
  return toLicenceUpdate(row);
}
