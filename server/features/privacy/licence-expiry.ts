// Licence expiry (decision 0068): reminders 30 and 7 days before, and at expiry the member is back in the queue.
// `runLicenceExpiry(ctx, now)` is the daily job's whole work, and takes its clock as an argument so tests set the day.
import { eq, sql } from 'drizzle-orm';
import { todayIso, type LicenceExpiryStatus } from '../../../common/privacy.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { mailLocale } from '../../lib/i18n.ts';
import { recordEvents } from '../../lib/outbox.ts';
import { licenceExpiredMail, licenceExpiresMail } from './mails.ts';

/** What the job needs of the app (the daily job and the tests build it from the AppContext). */
export type ExpiryContext = Pick<AppContext, 'db' | 'jobs'> & {
  realtime: Pick<AppContext['realtime'], 'endUser'>; caches: Pick<AppContext['caches'], 'publish'>;
};

type Reminded = { id: string; name: string; email: string; locale: string | null; licence_expires_on: string };
export type ExpiryRun = { reminded30: number; reminded7: number; lapsed: number };

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => todayIso(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
const dateOf = (value: string | Date) => (typeof value === 'string' ? value.slice(0, 10) : todayIso(value));

/** Marks the reminder in the same statement that picks the members, so a second run the same day sends nothing. */
async function remind(db: Db, today: string, days: 30 | 7): Promise<Reminded[]> {
  const notYet = days === 30 ? sql`licence_expiry_notice IS NULL` : sql`(licence_expiry_notice IS NULL OR licence_expiry_notice > 7)`;
  const lower = days === 30 ? addDays(today, 8) : today;
  return queryRows<Reminded>(db, sql`
    UPDATE users SET licence_expiry_notice = ${days}
    WHERE verification_status = 'verified' AND licence_expires_on IS NOT NULL
      AND licence_expires_on BETWEEN ${lower}::date AND ${addDays(today, days)}::date AND ${notYet}
    RETURNING id, name, email, locale, licence_expires_on::text`);
}

/** A licence valid until a day lapses the day after: the member is pending again, with the pending rules. */
async function lapse(db: Db, today: string, now: Date): Promise<Reminded[]> {
  return queryRows<Reminded>(db, sql`
    UPDATE users SET verification_status = 'pending', licence_lapsed_at = ${now.toISOString()}::timestamptz, updated_at = now()
    WHERE verification_status = 'verified' AND role <> 'admin' AND licence_expires_on IS NOT NULL AND licence_expires_on < ${today}::date
    RETURNING id, name, email, locale, licence_expires_on::text`);
}

/** The member's mail of that kind: the day is said in their language when the mail is composed. */
const licenceMail = (kind: typeof licenceExpiresMail) => (m: Reminded) =>
  kind({ userId: m.id, to: m.email, locale: mailLocale(m.locale), values: { name: m.name, day: dateOf(m.licence_expires_on) } });

/**
 * One transaction: the members it marks and their mails (decision 0400), so a run that fails halfway marks nobody and
 * sends nothing, and a mail server down at 06:00 delays the mails without losing them.
 */
export async function runLicenceExpiry(ctx: ExpiryContext, now: Date): Promise<ExpiryRun> {
  const today = todayIso(now);
  const { lapsed, in7, in30, events } = await ctx.db.transaction(async (tx) => {
    const lapsed = await lapse(tx, today, now);
    const in7 = await remind(tx, today, 7);
    const in30 = await remind(tx, today, 30);
    const reminders = [...in30, ...in7].map(licenceMail(licenceExpiresMail));
    const mails = [...reminders, ...lapsed.map(licenceMail(licenceExpiredMail))];
    return { lapsed, in7, in30, events: await recordEvents(ctx, tx, mails) };
  });
  await events.deliver();
  // A lapsed member's sockets end, as at a decline: chat waits for the renewal like REST does.
  for (const m of lapsed) ctx.realtime.endUser(m.id);
  if (lapsed.length) ctx.caches.publish({ type: 'directory.changed' });
  return { reminded30: in30.length, reminded7: in7.length, lapsed: lapsed.length };
}

/** The dashboard's notice: the date, the days left, and whether the licence has lapsed. */
export async function licenceExpiryStatus(ctx: AppContext, user: CurrentUser, now = new Date()): Promise<LicenceExpiryStatus> {
  const [row] = await ctx.db.select({ expiresOn: users.licenceExpiresOn, lapsedAt: users.licenceLapsedAt, status: users.verificationStatus })
    .from(users).where(eq(users.id, user.id));
  const expiresOn = row?.expiresOn ?? null;
  const daysLeft = expiresOn === null ? null : Math.round((Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${todayIso(now)}T00:00:00Z`)) / DAY_MS);
  return { licenceExpiresOn: expiresOn, daysLeft, lapsed: row?.status !== 'verified' && row?.lapsedAt != null };
}
