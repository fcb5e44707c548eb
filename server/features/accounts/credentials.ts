// A signed-in member changes the password (other sessions end); the change of email is email-change.ts.
import { eq } from 'drizzle-orm';
import { TEXTS } from '../../../common/security.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { cancelPendingChanges, revokeOtherSessions, revokeResetLinks, type CurrentUser } from '../../lib/auth.ts';
import { badRequest, notFound, tooManyRequests } from '../../lib/errors.ts';
import type { Mail } from '../../lib/mail.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { passwordProblem } from './password-policy.ts';
import { recordAudit } from '../../lib/audit.ts';
import { mailLocale, sayIn } from '../../lib/i18n.ts';
import type { Locale } from '../../../common/i18n/locales.ts';
import { ACCOUNT_MAILS } from './mail-texts.ts';

export type Log = { error: (obj: object, msg: string) => void };

/** Notices are not waited for: a mail server's hiccup must not undo a change already made. */
export function notify(ctx: AppContext, log: Log, mail: Mail): void {
  void ctx.mailer.send(mail).catch((err: unknown) => log.error({ err }, 'account notice failed'));
}

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
  ctx: AppContext, user: CurrentUser, input: { currentPassword: string; newPassword: string; log: Log; locale?: Locale },
): Promise<void> {
  const account = await checkPassword(ctx, user.id, input.currentPassword);
  const problem = passwordProblem(input.newPassword, account);
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeResetLinks(tx, user.id);
    await cancelPendingChanges(tx, user.id);
    const ended = await revokeOtherSessions(tx, user.id, user.sessionId);
    await recordAudit(tx, { actorId: user.id, action: 'auth.password_change', targetType: 'user', targetId: user.id, detail: { sessionsEnded: ended.length } });
    return ended;
  });
  for (const id of ended) ctx.realtime.endSession(id);
  const say = sayIn(mailLocale(account.locale, input.locale));
  notify(ctx, input.log, {
    to: account.email,
    subject: say(ACCOUNT_MAILS.passwordChangedSubject),
    text: say(ACCOUNT_MAILS.passwordChangedBody, { name: account.name, link: `${ctx.config.publicUrl}/forgot-password` }),
  });
}
