// Emails that tell a member their account's protection changed: two-factor sign-in turned on or off, a recovery code
// used to sign in. Each is recorded through the outbox in the change's own transaction (so it goes exactly when the
// change committed) and names who and where only: the account, the browser and device, the address with its last part
// hidden, the time. The payload holds ids: the handler reads the session it came from (it may be gone: "a device").
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { describeDevice } from '../../lib/device.ts';
import { outboxEvent, recordEvents, type Recorded } from '../../lib/outbox.ts';

export type SecurityChange = 'twoFactorOn' | 'twoFactorOff' | 'recoveryCodeUsed';
const notice = outboxEvent<{ userId: string; sessionId: string; change: SecurityChange; at: string }>('accounts.securityNotice');

/** Records the notice in the change's transaction; `deliver()` after the commit. */
export function recordSecurityNotice(ctx: Pick<AppContext, 'jobs'>, tx: Db, userId: string, sessionId: string, change: SecurityChange): Promise<Recorded> {
  return recordEvents(ctx, tx, [notice.of({ userId, sessionId, change, at: new Date().toISOString() })]);
}

type Facts = { name: string; email: string; user_agent: string | null; ip: string | null; codes_left: number };

const SUBJECTS: Record<SecurityChange, string> = {
  twoFactorOn: 'Two-factor sign-in was turned on for your Thera Root account',
  twoFactorOff: 'Two-factor sign-in was turned off for your Thera Root account',
  recoveryCodeUsed: 'A recovery code was used to sign in to your Thera Root account',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The mail's lines: what happened, from where and when, and what to do if it was not the member. */
function securityNoticeMail(change: SecurityChange, facts: Facts, at: Date, publicUrl: string) {
  const { browser, device } = describeDevice(facts.user_agent);
  const where = facts.user_agent || facts.ip ? `${browser} on ${device}${facts.ip ? ` (network address ${facts.ip})` : ''}` : 'a device';
  const when = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const happened = {
    twoFactorOn: `Two-factor sign-in was turned on for your account from ${where} at ${when}. Your other sessions were signed out.`,
    twoFactorOff: `Two-factor sign-in was turned off for your account from ${where} at ${when}. Signing in now asks for your password only.`,
    recoveryCodeUsed: `A recovery code was used to sign in to your account from ${where} at ${when}. You have ${plural(facts.codes_left, 'recovery code')} left.`,
  }[change];
  const ifNotYou = change === 'twoFactorOff'
    ? `If you did not do this, reset your password now (${publicUrl}/forgot-password) and turn two-factor sign-in on again in your settings: ${publicUrl}/settings/security`
    : `If you did not do this, reset your password now: ${publicUrl}/forgot-password`;
  return {
    to: facts.email,
    subject: SUBJECTS[change],
    text: [`Hello ${facts.name},`, '', happened, '', ifNotYou, '', 'Thera Root'].join('\n'),
  };
}

export function registerSecurityNotices(ctx: AppContext): void {
  // The time of the change, not of the delivery (a retry may come later).
  notice.handle(ctx, async ({ userId, sessionId, change, at }) => {
    const [facts] = await queryRows<Facts>(ctx.db, sql`
      SELECT u.name, u.email, s.user_agent, s.ip,
        (SELECT count(*)::int FROM recovery_codes r WHERE r.user_id = u.id AND r.used_at IS NULL) AS codes_left
      FROM users u LEFT JOIN sessions s ON s.id = ${sessionId} AND s.user_id = u.id
      WHERE u.id = ${userId} AND NOT u.disabled`);
    if (!facts) return;
    await ctx.mailer.send(securityNoticeMail(change, facts, new Date(at), ctx.config.publicUrl));
  });
}
