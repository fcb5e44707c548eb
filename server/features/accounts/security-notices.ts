// Emails that tell a member their account's protection changed: two-factor sign-in turned on or off, a recovery code
// used to sign in. Each is recorded through the outbox in the change's own transaction (so it goes exactly when the
// change committed) and names who and where only: the account, the browser and device, the address with its last part
// hidden, the time. The payload holds ids: the handler reads the session it came from (it may be gone: "a device").
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { deviceParts } from '../../../common/i18n/device-messages.ts';
import { describeDevice } from '../../lib/device.ts';
import { outboxEvent, recordEvents, type Recorded } from '../../lib/outbox.ts';
import { sendOnce } from '../../lib/account-mail.ts';
import { formatMoment, mailLocale, sayIn } from '../../lib/i18n.ts';
import { ACCOUNT_MAILS } from './mail-texts.ts';

export type SecurityChange = 'twoFactorOn' | 'twoFactorOff' | 'recoveryCodeUsed';
const notice = outboxEvent<{ userId: string; sessionId: string; change: SecurityChange; at: string }>('accounts.securityNotice');

/** Records the notice in the change's transaction; `deliver()` after the commit. */
export function recordSecurityNotice(ctx: Pick<AppContext, 'jobs'>, tx: Db, userId: string, sessionId: string, change: SecurityChange): Promise<Recorded> {
  return recordEvents(ctx, tx, [notice.of({ userId, sessionId, change, at: new Date().toISOString() })]);
}

type Facts = { name: string; email: string; locale: string | null; time_zone: string | null; user_agent: string | null; ip: string | null; codes_left: number };

const SUBJECTS = {
  twoFactorOn: ACCOUNT_MAILS.twoFactorOnSubject, twoFactorOff: ACCOUNT_MAILS.twoFactorOffSubject, recoveryCodeUsed: ACCOUNT_MAILS.recoveryCodeUsedSubject,
} as const;
const BODIES = {
  twoFactorOn: ACCOUNT_MAILS.twoFactorOnBody, twoFactorOff: ACCOUNT_MAILS.twoFactorOffBody, recoveryCodeUsed: ACCOUNT_MAILS.recoveryCodeUsedBody,
} as const;

/** The mail, in the member's language and time zone: what happened, from where and when, and what to do if it was not them. */
function securityNoticeMail(change: SecurityChange, facts: Facts, at: Date, publicUrl: string) {
  const locale = mailLocale(facts.locale);
  const say = sayIn(locale);
  const { browser, device } = deviceParts(say, describeDevice(facts.user_agent));
  const where = facts.user_agent || facts.ip ? say(ACCOUNT_MAILS.deviceAt, { browser, device, ip: facts.ip ?? 'none' }) : say(ACCOUNT_MAILS.someDevice);
  const when = formatMoment(at, locale, facts.time_zone);
  return {
    to: facts.email,
    subject: say(SUBJECTS[change]),
    text: say(BODIES[change], {
      name: facts.name, where, when, left: facts.codes_left,
      resetLink: `${publicUrl}/forgot-password`, settingsLink: `${publicUrl}/settings/security`,
    }),
  };
}

export function registerSecurityNotices(ctx: AppContext): void {
  // The time of the change, not of the delivery (a retry may come later).
  notice.handle(ctx, async (payload, event) => {
    const { userId, sessionId, change, at } = payload;
    const [facts] = await queryRows<Facts>(ctx.db, sql`
      SELECT u.name, u.email, u.locale, u.time_zone, s.user_agent, s.ip,
        (SELECT count(*)::int FROM recovery_codes r WHERE r.user_id = u.id AND r.used_at IS NULL) AS codes_left
      FROM users u LEFT JOIN sessions s ON s.id = ${sessionId} AND s.user_id = u.id
      WHERE u.id = ${userId} AND NOT u.disabled`);
    if (!facts) return;
    // Once per event, as every account mail (decision 0400).
    await sendOnce(ctx, { id: event.id, payload }, securityNoticeMail(change, facts, new Date(at), ctx.config.publicUrl));
  });
}
