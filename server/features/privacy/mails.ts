// The privacy feature's mails as outbox kinds (server/lib/account-mail.ts, decision 0400): the same subject, text and
// link as before, composed at delivery in the language recorded with the event.
import { formatDay } from '../../lib/i18n.ts';
import { accountMailKind } from '../../lib/account-mail.ts';
import { PRIVACY_MAILS } from './mail-texts.ts';

/** To the address the account had: `by` says who deleted it ('member' or 'admin'). */
export const accountDeletedMail = accountMailKind<{ name: string; by: 'member' | 'admin' }>('privacy.accountDeleted', ({ say, values }) => ({
  subject: say(PRIVACY_MAILS.deletedSubject), text: say(PRIVACY_MAILS.deletedBody, { name: values.name, by: values.by }),
}));

export const exportReadyMail = accountMailKind<{ name: string }>('privacy.exportReady', ({ say, values, publicUrl }) => {
  const link = `${publicUrl}/settings/privacy`;
  return { subject: say(PRIVACY_MAILS.exportReadySubject), text: say(PRIVACY_MAILS.exportReadyBody, { name: values.name, link }), link };
});

/** `day` is the licence's last day (YYYY-MM-DD), said in the reader's language (English keeps the ISO day). */
type LicenceValues = { name: string; day: string };

export const licenceExpiresMail = accountMailKind<LicenceValues>('privacy.licenceExpires', ({ say, locale, values, publicUrl }) => {
  const date = formatDay(values.day, locale);
  const link = `${publicUrl}/dashboard`;
  return { subject: say(PRIVACY_MAILS.expiresSubject, { date }), text: say(PRIVACY_MAILS.expiresBody, { name: values.name, date, link }), link };
});

export const licenceExpiredMail = accountMailKind<LicenceValues>('privacy.licenceExpired', ({ say, locale, values, publicUrl }) => {
  const date = formatDay(values.day, locale);
  const link = `${publicUrl}/dashboard`;
  return { subject: say(PRIVACY_MAILS.expiredSubject), text: say(PRIVACY_MAILS.expiredBody, { name: values.name, date, link }), link };
});
