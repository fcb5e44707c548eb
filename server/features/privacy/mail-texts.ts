// The privacy feature's emails (licence expiry, a data copy ready, an account deleted) as catalogue messages, sent in
// the member's language: their English is exactly what these mails always said.
import { defineMessages } from '@formatjs/intl';

export const PRIVACY_MAILS = defineMessages({
  expiresSubject: {
    id: 'email.privacy.licenceExpires.subject', defaultMessage: 'Your licence expires on {date}',
    description: 'Subject of the reminder 30 and 7 days before a licence expires: {date} is the expiry day.',
  },
  expiresBody: {
    id: 'email.privacy.licenceExpires.body',
    defaultMessage: 'Hello {name},\n\nYour licence on Thera Root expires on {date}. When you have renewed it, enter the new expiry date from your dashboard so your account stays verified:\n\n{link}\n\nThera Root',
    description: 'Body of the reminder: {link} is the dashboard.',
  },
  expiredSubject: {
    id: 'email.privacy.licenceExpired.subject', defaultMessage: 'Your licence has expired on Thera Root',
    description: 'Subject of the email sent when a licence has expired and the account waits for verification again.',
  },
  expiredBody: {
    id: 'email.privacy.licenceExpired.body',
    defaultMessage: 'Hello {name},\n\nYour licence expired on {date}, so your Thera Root account is waiting for verification again. Enter your renewed licence here and an administrator will verify it:\n\n{link}\n\nThera Root',
    description: 'Body of that email: {date} is the expiry day, {link} the dashboard.',
  },
  exportReadySubject: {
    id: 'email.privacy.exportReady.subject', defaultMessage: 'Your Thera Root data is ready to download',
    description: 'Subject of the email telling a member the copy of their data they asked for is ready.',
  },
  exportReadyBody: {
    id: 'email.privacy.exportReady.body',
    defaultMessage: 'Hello {name},\n\nThe copy of your Thera Root data that you asked for is ready. Sign in and download it from the Privacy tab of your settings within 24 hours:\n\n{link}\n\nIf you did not ask for it, please change your password.\n\nThera Root',
    description: 'Body of that email: {link} is the privacy settings.',
  },
  deletedSubject: {
    id: 'email.privacy.accountDeleted.subject', defaultMessage: 'Your Thera Root account has been deleted',
    description: 'Subject of the email sent when an account was deleted.',
  },
  deletedBody: {
    id: 'email.privacy.accountDeleted.body',
    defaultMessage: 'Hello {name},\n\nYour Thera Root account has been deleted{by, select, admin { by an administrator} other { as you asked}}. Your profile, licence details, photo and network are gone, and this address can be used for a new account.\n\nThera Root',
    description: 'Body of that email: {by} is admin when an administrator deleted it, member when the member did.',
  },
});
