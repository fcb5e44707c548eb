// The account's mails as outbox kinds (server/lib/account-mail.ts, decision 0400): each composes exactly the mail that
// was sent before they went through the outbox (subject, text and link), in the language recorded with the event.
import { accountMailKind } from '../../lib/account-mail.ts';
import { ACCOUNT_MAILS } from './mail-texts.ts';

const forgotPage = (publicUrl: string) => `${publicUrl}/forgot-password`;

/** To the owner of an address someone tried to register again. */
export const registrationAttemptMail = accountMailKind<{ name: string }>('accounts.registrationAttempt', ({ say, values, publicUrl }) => {
  const link = forgotPage(publicUrl);
  return { subject: say(ACCOUNT_MAILS.registrationAttemptSubject), text: say(ACCOUNT_MAILS.registrationAttemptBody, { name: values.name, link }), link };
});

/** The one-hour reset link: its token travels sealed in the event. */
export const resetMail = accountMailKind<{ name: string }>('accounts.reset', ({ say, values, publicUrl, token }) => {
  const link = `${publicUrl}/reset-password/${token}`;
  return { subject: say(ACCOUNT_MAILS.resetSubject), text: say(ACCOUNT_MAILS.resetBody, { name: values.name, link }), link };
});

export const passwordChangedMail = accountMailKind<{ name: string }>('accounts.passwordChanged', ({ say, values, publicUrl }) => ({
  subject: say(ACCOUNT_MAILS.passwordChangedSubject),
  text: say(ACCOUNT_MAILS.passwordChangedBody, { name: values.name, link: forgotPage(publicUrl) }),
}));

/** To the current address: `email` is the new one asked for. */
export const emailChangeRequestedMail = accountMailKind<{ name: string; email: string }>('accounts.emailChangeRequested', ({ say, values, publicUrl }) => ({
  subject: say(ACCOUNT_MAILS.emailChangeRequestedSubject),
  text: say(ACCOUNT_MAILS.emailChangeRequestedBody, { name: values.name, email: values.email, link: `${publicUrl}/settings/security` }),
}));

/** To the new address, with the 24-hour link that confirms it (its token sealed in the event). */
export const confirmEmailMail = accountMailKind<{ name: string }>('accounts.confirmEmail', ({ say, values, publicUrl, token }) => {
  const link = `${publicUrl}/confirm-email?token=${token}`;
  return { subject: say(ACCOUNT_MAILS.confirmEmailSubject), text: say(ACCOUNT_MAILS.confirmEmailBody, { name: values.name, link }), link };
});

/** To an address that already has an account: no name and no link, so the mail gives nothing away to its reader. */
export const emailTakenMail = accountMailKind<Record<string, never>>('accounts.emailTaken', ({ say }) => ({
  subject: say(ACCOUNT_MAILS.emailTakenSubject), text: say(ACCOUNT_MAILS.emailTakenBody),
}));

/** To the old address once the change is done: `email` is the account's new address. */
export const emailChangedMail = accountMailKind<{ name: string; email: string }>('accounts.emailChanged', ({ say, values }) => ({
  subject: say(ACCOUNT_MAILS.emailChangedSubject), text: say(ACCOUNT_MAILS.emailChangedBody, { name: values.name, email: values.email }),
}));
