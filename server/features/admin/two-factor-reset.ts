// An administrator turns off a member's two-factor sign-in (a lost phone and no recovery code, or a second factor
// someone else put on the account). Audited; the member is told by email, with nothing in the mail worth stealing.
import { eq } from 'drizzle-orm';
import { TWO_FACTOR_RESET } from '../../../common/admin.ts';
import type { AppContext } from '../../context.ts';
import { passkeys, recoveryCodes, twoFactor, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { cancelPendingChanges, revokeOtherSessions, type CurrentUser } from '../../lib/auth.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Mail } from '../../lib/mail.ts';
import { recordEvents } from '../../lib/outbox.ts';
import { mailOf } from '../../lib/outbox-notices.ts';
import { mailLocale, sayIn } from '../../lib/i18n.ts';
import { ADMIN_MAILS } from './mail-texts.ts';

/**
 * Removes the member's second factors (the authenticator app, recovery codes and passkeys); every session of the member ends (with its sockets) and
 * what was pending is cancelled, so the next sign-in is with the password alone, by whoever holds it.
 */
export async function resetTwoFactor(ctx: AppContext, admin: CurrentUser, { userId }: { userId: string }): Promise<void> {
  // Their own is turned off with their password and a code, like everyone's.
  if (userId === admin.id) throw badRequest(TWO_FACTOR_RESET.notOwn);
  const { ended, events } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ email: users.email, name: users.name, locale: users.locale }).from(users).where(eq(users.id, userId));
    if (!row) throw notFound('User not found.');
    const removed = await tx.delete(twoFactor).where(eq(twoFactor.userId, userId)).returning({ enabledAt: twoFactor.enabledAt });
    // A passkey is a second factor too: a member who lost the device holding it is let in the same way.
    const keys = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
    if (!removed.some((r) => r.enabledAt) && keys.length === 0) throw badRequest(TWO_FACTOR_RESET.notOn);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await cancelPendingChanges(tx, userId);
    const sessionIds = await revokeOtherSessions(tx, userId);
    await recordAudit(tx, { actorId: admin.id, action: 'user.two_factor_reset', targetType: 'user', targetId: userId });
    return { ended: sessionIds, events: await recordEvents(ctx, tx, [mailOf(resetMail(row, ctx.config.publicUrl))]) };
  });
  for (const id of ended) ctx.realtime.endSession(id);
  ctx.realtime.userChanged(userId);
  await events.deliver();
}

function resetMail(member: { email: string; name: string; locale: string | null }, publicUrl: string): Mail {
  const say = sayIn(mailLocale(member.locale));
  return {
    to: member.email,
    subject: say(ADMIN_MAILS.twoFactorResetSubject),
    text: say(ADMIN_MAILS.twoFactorResetBody, { name: member.name, link: `${publicUrl}/settings/security` }),
  };
}
