// A signed-in member changes the password (other sessions end) or the email (confirmed by a link to the new address).
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { TEXTS } from '../../../common/security.ts';
import type { AppContext } from '../../context.ts';
import { emailChangeTokens, sessions, users } from '../../db/schema.ts';
import { revokeResetLinks, type CurrentUser } from '../../lib/auth.ts';
import { badRequest, conflict, notFound, PG, postgresCode, tooManyRequests } from '../../lib/errors.ts';
import type { Mail } from '../../lib/mail.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { passwordProblem } from './password-policy.ts';

const HOUR = 3_600_000;
const EMAIL_LINK_TTL_MS = 24 * HOUR;
const EMAIL_CHANGES_PER_HOUR = 5;
type Log = { error: (obj: object, msg: string) => void };

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

/** Notices are not waited for: a mail server's hiccup must not undo a change already made. */
function notify(ctx: AppContext, log: Log, mail: Mail): void {
  void ctx.mailer.send(mail).catch((err: unknown) => log.error({ err }, 'account notice failed'));
}

/**
 * The current password, checked with a per-account limit on wrong guesses (a session left open must not become a
 * way to find the password), counted with sign-in's failures window.
 */
async function checkPassword(ctx: AppContext, userId: string, password: string) {
  const key = `password:acct:${userId}`;
  if (await ctx.limiter.count(key) >= ctx.config.limits.loginFailsPerAccount) {
    throw tooManyRequests('Too many wrong passwords. Please wait 15 minutes and try again.');
  }
  const [account] = await ctx.db.select({ email: users.email, name: users.name, passwordHash: users.passwordHash })
    .from(users).where(eq(users.id, userId));
  if (!account) throw notFound('Profile not found.');
  if (!(await verifyPassword(account.passwordHash, password))) {
    await ctx.limiter.hit(key, ctx.config.limits.loginWindowMs);
    throw badRequest(TEXTS.wrongPassword);
  }
  return account;
}

export async function changePassword(
  ctx: AppContext, user: CurrentUser, input: { currentPassword: string; newPassword: string; log: Log },
): Promise<void> {
  const account = await checkPassword(ctx, user.id, input.currentPassword);
  const problem = passwordProblem(input.newPassword, account);
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeResetLinks(tx, user.id);
    return tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, user.sessionId))).returning({ id: sessions.id });
  });
  for (const { id } of ended) ctx.realtime.endSession(id);
  notify(ctx, input.log, {
    to: account.email,
    subject: 'Your Thera Root password was changed',
    text: `Hello ${account.name},\n\nThe password of your Thera Root account was changed, and your other sessions were signed out.\n\nIf you did not do this, reset your password now: ${ctx.config.publicUrl}/forgot-password\n\nThera Root`,
  });
}

/** Sends the link to the new address and a notice to the current one; nothing changes until the link is opened. */
export async function requestEmailChange(
  ctx: AppContext, user: CurrentUser, input: { password: string; email: string; log: Log },
): Promise<void> {
  const account = await checkPassword(ctx, user.id, input.password);
  const email = input.email.trim();
  if (email.toLowerCase() === account.email.toLowerCase()) throw badRequest(TEXTS.emailSame);
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
  if (taken) throw conflict(TEXTS.emailTaken);
  // Each request sends two mails, one to an address the member chose: bounded, so the form cannot send spam.
  if (await ctx.limiter.hit(`email-change:${user.id}`, HOUR) > EMAIL_CHANGES_PER_HOUR) {
    throw tooManyRequests('Too many email changes. Please try again later.');
  }
  const { token, hash } = newToken();
  await ctx.db.transaction(async (tx) => {
    // One change waits at a time: a newer request replaces an older link.
    await tx.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, user.id));
    await tx.insert(emailChangeTokens).values({ tokenHash: hash, userId: user.id, newEmail: email, expiresAt: new Date(Date.now() + EMAIL_LINK_TTL_MS) });
  });
  const link = `${ctx.config.publicUrl}/confirm-email?token=${token}`;
  notify(ctx, input.log, {
    to: email,
    subject: 'Confirm your new Thera Root email address',
    text: `Hello ${account.name},\n\nTo make this the email address of your Thera Root account, open this link within 24 hours:\n\n${link}\n\nIf you did not ask for this, you can ignore this email.\n\nThera Root`,
    link,
  });
  notify(ctx, input.log, {
    to: account.email,
    subject: 'A change of your Thera Root email address was requested',
    text: `Hello ${account.name},\n\nSomeone signed in to your Thera Root account asked to change its email address to ${email}. It changes only when the link sent to that address is opened.\n\nIf this was not you, change your password now: ${ctx.config.publicUrl}/settings/security\n\nThera Root`,
  });
}

/** The link's token, from anyone who holds it (signed in or not): single use, within its day. */
export async function confirmEmailChange(ctx: AppContext, _visitor: CurrentUser | null, input: { token: string; log: Log }): Promise<void> {
  const now = new Date();
  const change = await ctx.db.transaction(async (tx) => {
    const [used] = await tx.update(emailChangeTokens).set({ usedAt: now })
      .where(and(eq(emailChangeTokens.tokenHash, hashToken(input.token)), isNull(emailChangeTokens.usedAt), gt(emailChangeTokens.expiresAt, now)))
      .returning({ userId: emailChangeTokens.userId, newEmail: emailChangeTokens.newEmail });
    if (!used) throw badRequest(TEXTS.emailInvalid);
    const [before] = await tx.select({ email: users.email, name: users.name }).from(users)
      .where(and(eq(users.id, used.userId), eq(users.disabled, false)));
    if (!before) throw badRequest(TEXTS.emailInvalid);
    await tx.update(users).set({ email: used.newEmail, updatedAt: now }).where(eq(users.id, used.userId));
    // Reset links went to the old address.
    await revokeResetLinks(tx, used.userId);
    return { ...used, oldEmail: before.email, name: before.name };
  }).catch((error: unknown) => {
    // Taken since the request: the link stays unused (the transaction is undone) and says so.
    if (postgresCode(error) === PG.uniqueViolation) throw conflict(TEXTS.emailTaken);
    throw error;
  });
  notify(ctx, input.log, {
    to: change.oldEmail,
    subject: 'Your Thera Root email address was changed',
    text: `Hello ${change.name},\n\nThe email address of your Thera Root account is now ${change.newEmail}. This address no longer signs in.\n\nIf you did not do this, contact an administrator.\n\nThera Root`,
  });
}
