// A signed-in member moves the account to another email address: a link to the new address confirms it. The form
// answers a taken address exactly as a free one (only that address's mailbox hears it is taken), and confirming ends
// every other session, since whoever opened the link may not be the one who was signed in.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { TEXTS } from '../../../common/security.ts';
import type { AppContext } from '../../context.ts';
import { emailChangeTokens, users } from '../../db/schema.ts';
import { cancelPendingChanges, revokeOtherSessions, revokeResetLinks, type CurrentUser } from '../../lib/auth.ts';
import { badRequest, conflict, PG, postgresCode, tooManyRequests } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { checkPassword } from './credentials.ts';
import { recordAudit } from '../../lib/audit.ts';
import { mailLocale } from '../../lib/i18n.ts';
import { recordEvents, type OutboxEvent } from '../../lib/outbox.ts';
import type { Locale } from '../../../common/i18n/locales.ts';
import { confirmEmailMail, emailChangedMail, emailChangeRequestedMail, emailTakenMail } from './mails.ts';

const HOUR = 3_600_000;
const EMAIL_LINK_TTL_MS = 24 * HOUR;
const EMAIL_CHANGES_PER_HOUR = 5;

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

/**
 * Sends the link to the new address (or, when that address has an account, a mail saying so) and a notice to the
 * current one; nothing changes until the link is opened. The answer is the same whether the address is taken or not.
 */
export async function requestEmailChange(
  ctx: AppContext, user: CurrentUser, input: { password: string; email: string; locale?: Locale },
): Promise<void> {
  // Counted before anything is checked: each request sends two mails, one to an address the member chose, and no
  // answer past the limit tells anything about an address.
  if (await ctx.limiter.hit(`email-change:${user.id}`, HOUR) > EMAIL_CHANGES_PER_HOUR) {
    throw tooManyRequests('Too many email changes. Please try again later.');
  }
  const account = await checkPassword(ctx, user.id, input.password);
  const email = input.email.trim();
  if (email.toLowerCase() === account.email.toLowerCase()) throw badRequest(TEXTS.emailSame);
  const [taken] = await ctx.db.select({ id: users.id, locale: users.locale }).from(users).where(byEmail(email)).limit(1);
  const { token, hash } = newToken();
  const locale = mailLocale(account.locale, input.locale);
  // The taken address's owner reads their own language; they did not ask, so the request's is only a guess.
  const toNewAddress = taken
    ? emailTakenMail({ userId: taken.id, to: email, locale: mailLocale(taken.locale, input.locale), values: {} })
    : confirmEmailMail({ userId: user.id, to: email, locale, values: { name: account.name }, token });
  const mails: OutboxEvent[] = [
    toNewAddress,
    emailChangeRequestedMail({ userId: user.id, to: account.email, locale, values: { name: account.name, email } }),
  ];
  const events = await ctx.db.transaction(async (tx) => {
    // One change waits at a time: a newer request replaces an older link, taken address or not (an older link that
    // kept working would tell the two apart).
    await tx.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, user.id));
    if (!taken) {
      await tx.insert(emailChangeTokens).values({ tokenHash: hash, userId: user.id, newEmail: email, expiresAt: new Date(Date.now() + EMAIL_LINK_TTL_MS) });
    }
    // With the link they announce (decision 0400): a mail server's hiccup delays them, a failed request sends none.
    return recordEvents(ctx, tx, mails);
  });
  await events.deliver();
}

/**
 * The link's token, from anyone who holds it (signed in or not): single use, within its day. The account's other
 * sessions end (and their sockets and page cookies); the caller's own session stays when it is the account's.
 */
export async function confirmEmailChange(ctx: AppContext, visitor: CurrentUser | null, input: { token: string; locale?: Locale }): Promise<void> {
  const now = new Date();
  const change = await ctx.db.transaction(async (tx) => {
    const [used] = await tx.update(emailChangeTokens).set({ usedAt: now })
      .where(and(eq(emailChangeTokens.tokenHash, hashToken(input.token)), isNull(emailChangeTokens.usedAt), gt(emailChangeTokens.expiresAt, now)))
      .returning({ userId: emailChangeTokens.userId, newEmail: emailChangeTokens.newEmail });
    if (!used) throw badRequest(TEXTS.emailInvalid);
    const [before] = await tx.select({ email: users.email, name: users.name, locale: users.locale }).from(users)
      .where(and(eq(users.id, used.userId), eq(users.disabled, false)));
    if (!before) throw badRequest(TEXTS.emailInvalid);
    await tx.update(users).set({ email: used.newEmail, updatedAt: now }).where(eq(users.id, used.userId));
    // Reset links went to the old address; sign-ins waiting for a code began under it.
    await revokeResetLinks(tx, used.userId);
    await cancelPendingChanges(tx, used.userId);
    const ended = await revokeOtherSessions(tx, used.userId, visitor?.id === used.userId ? visitor.sessionId : undefined);
    // The link proves the new mailbox, so the change is the account owner's; the addresses are not kept in the trail.
    await recordAudit(tx, { actorId: used.userId, action: 'auth.email_change', targetType: 'user', targetId: used.userId, detail: { sessionsEnded: ended.length } });
    // Whoever opened the link may not be the member: the request's language counts only when the link is the member's.
    const locale = mailLocale(before.locale, visitor?.id === used.userId ? input.locale : undefined);
    const notice = emailChangedMail({ userId: used.userId, to: before.email, locale, values: { name: before.name, email: used.newEmail } });
    return { ended, events: await recordEvents(ctx, tx, [notice]) };
  }).catch((error: unknown) => {
    // Taken since the request: the link stays unused (the transaction is undone) and says so.
    if (postgresCode(error) === PG.uniqueViolation) throw conflict(TEXTS.emailTaken);
    throw error;
  });
  for (const id of change.ended) ctx.realtime.endSession(id);
  await change.events.deliver();
}
