// A signed-in member changes the password (other sessions end); the change of email is email-change.ts.
import { eq } from 'drizzle-orm';
import { TEXTS } from '../../../common/security.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { cancelPendingChanges, revokeOtherSessions, revokeResetLinks, type CurrentUser } from '../../lib/auth.ts';
import { badRequest, notFound, tooManyRequests } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { passwordProblem } from './password-policy.ts';
import { recordAudit } from '../../lib/audit.ts';
import { mailLocale } from '../../lib/i18n.ts';
import { recordEvents } from '../../lib/outbox.ts';
import type { Locale } from '../../../common/i18n/locales.ts';
import { passwordChangedMail } from './mails.ts';

/**
 * The current password, checked with a per-account limit on wrong guesses (a session left open must not become a
 * way to find the password), counted with sign-in's failures window.
 */
export async function checkPassword(ctx: AppContext, userId: string, password: string) {
  const key = `password:acct:${userId}`;
  if (await ctx.limiter.count(key) >= ctx.config.limits.loginFailsPerAccount) {
    throw tooManyRequests('Too many wrong passwords. Please wait 15 minutes and try again.');
  }
  const [account] = await ctx.db.select({ email: users.email, name: users.name, passwordHash: users.passwordHash, locale: users.locale })
    .from(users).where(eq(users.id, userId));
  if (!account) throw notFound('Profile not found.');
  if (!(await verifyPassword(account.passwordHash, password))) {
    await ctx.limiter.hit(key, ctx.config.limits.loginWindowMs);
    throw badRequest(TEXTS.wrongPassword);
  }
  return account;
}

export async function changePassword(
  ctx: AppContext, user: CurrentUser, input: { currentPassword: string; newPassword: string; locale?: Locale },
): Promise<void> {
  const account = await checkPassword(ctx, user.id, input.currentPassword);
  const problem = passwordProblem(input.newPassword, account);
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(input.newPassword);
  // The notice is recorded with the change (decision 0400): a mail server's hiccup delays it, a failed change sends none.
  const notice = passwordChangedMail({ userId: user.id, to: account.email, locale: mailLocale(account.locale, input.locale), values: { name: account.name } });
  const { ended, events } = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeResetLinks(tx, user.id);
    await cancelPendingChanges(tx, user.id);
    const ended = await revokeOtherSessions(tx, user.id, user.sessionId);
    await recordAudit(tx, { actorId: user.id, action: 'auth.password_change', targetType: 'user', targetId: user.id, detail: { sessionsEnded: ended.length } });
    return { ended, events: await recordEvents(ctx, tx, [notice]) };
  });
  for (const id of ended) ctx.realtime.endSession(id);
  await events.deliver();
}
