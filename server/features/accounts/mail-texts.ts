// The account's emails as catalogue messages (server/lib/i18n.ts), sent in the recipient's language: their English is
// exactly the text these mails always had. They name the account and where, never anything written in the app.
import { defineMessages } from '@formatjs/intl';

export const ACCOUNT_MAILS = defineMessages({
  registrationAttemptSubject: {
    id: 'email.accounts.registrationAttempt.subject', defaultMessage: 'Someone tried to create a Thera Root account with your address',
    description: 'Subject of the email to the owner of an address someone tried to register again.',
  },
  registrationAttemptBody: {
    id: 'email.accounts.registrationAttempt.body',
    defaultMessage: 'Hello {name},\n\nSomeone tried to create a Thera Root account with your email address. You already have an account, so nothing was changed.\n\nIf it was you and you have forgotten your password, you can choose a new one here:\n\n{link}\n\nIf it was not you, you can ignore this email.\n\nThera Root',
    description: 'Body of that email: {name} is the member\'s name, {link} the page to choose a new password.',
  },
  resetSubject: {
    id: 'email.accounts.reset.subject', defaultMessage: 'Reset your Thera Root password',
    description: 'Subject of the password reset email.',
  },
  resetBody: {
    id: 'email.accounts.reset.body',
    defaultMessage: 'Hello {name},\n\nTo choose a new password, open this link within one hour:\n\n{link}\n\nIf you did not ask for this, you can ignore this email.\n\nThera Root',
    description: 'Body of the password reset email: {link} is the one-hour reset link.',
  },
  passwordChangedSubject: {
    id: 'email.accounts.passwordChanged.subject', defaultMessage: 'Your Thera Root password was changed',
    description: 'Subject of the notice that the password was changed.',
  },
  passwordChangedBody: {
    id: 'email.accounts.passwordChanged.body',
    defaultMessage: 'Hello {name},\n\nThe password of your Thera Root account was changed, and your other sessions were signed out.\n\nIf you did not do this, reset your password now: {link}\n\nThera Root',
    description: 'Body of the password-changed notice: {link} is the forgotten-password page.',
  },
  emailChangeRequestedSubject: {
    id: 'email.accounts.emailChangeRequested.subject', defaultMessage: 'A change of your Thera Root email address was requested',
    description: 'Subject of the notice to the current address that a change of address was asked for.',
  },
  emailChangeRequestedBody: {
    id: 'email.accounts.emailChangeRequested.body',
    defaultMessage: 'Hello {name},\n\nSomeone signed in to your Thera Root account asked to change its email address to {email}. It changes only when the link sent to that address is opened.\n\nIf this was not you, change your password now: {link}\n\nThera Root',
    description: 'Body of that notice: {email} is the new address asked for, {link} the security settings.',
  },
  confirmEmailSubject: {
    id: 'email.accounts.confirmEmail.subject', defaultMessage: 'Confirm your new Thera Root email address',
    description: 'Subject of the email to a new address, with the link that confirms it.',
  },
  confirmEmailBody: {
    id: 'email.accounts.confirmEmail.body',
    defaultMessage: 'Hello {name},\n\nTo make this the email address of your Thera Root account, open this link within 24 hours:\n\n{link}\n\nIf you did not ask for this, you can ignore this email.\n\nThera Root',
    description: 'Body of the confirmation email: {link} confirms the new address within 24 hours.',
  },
  emailTakenSubject: {
    id: 'email.accounts.emailTaken.subject', defaultMessage: 'Your Thera Root email address is already in use',
    description: 'Subject of the email to an address that already has an account, when another account asked to move to it.',
  },
  emailTakenBody: {
    id: 'email.accounts.emailTaken.body',
    defaultMessage: 'Hello,\n\nSomeone asked to move a Thera Root account to this email address. That email address is already in use. Nothing was changed: an address belongs to one account only.\n\nIf you did not ask for this, you can ignore this email.\n\nThera Root',
    description: 'Body of that email: no name and no link, so it gives nothing away.',
  },
  emailChangedSubject: {
    id: 'email.accounts.emailChanged.subject', defaultMessage: 'Your Thera Root email address was changed',
    description: 'Subject of the notice to the old address once the change of address is done.',
  },
  emailChangedBody: {
    id: 'email.accounts.emailChanged.body',
    defaultMessage: 'Hello {name},\n\nThe email address of your Thera Root account is now {email}. This address no longer signs in, and the account\'s other sessions were signed out.\n\nIf you did not do this, contact an administrator.\n\nThera Root',
    description: 'Body of that notice: {email} is the account\'s new address.',
  },
  twoFactorOnSubject: {
    id: 'email.accounts.security.twoFactorOn.subject', defaultMessage: 'Two-factor sign-in was turned on for your Thera Root account',
    description: 'Subject of the security notice: two-factor sign-in turned on.',
  },
  twoFactorOffSubject: {
    id: 'email.accounts.security.twoFactorOff.subject', defaultMessage: 'Two-factor sign-in was turned off for your Thera Root account',
    description: 'Subject of the security notice: two-factor sign-in turned off.',
  },
  recoveryCodeUsedSubject: {
    id: 'email.accounts.security.recoveryCodeUsed.subject', defaultMessage: 'A recovery code was used to sign in to your Thera Root account',
    description: 'Subject of the security notice: a recovery code was used.',
  },
  someDevice: {
    id: 'email.accounts.security.someDevice', defaultMessage: 'a device',
    description: 'Where a security change came from, when the browser and address are unknown.',
  },
  deviceAt: {
    id: 'email.accounts.security.deviceAt',
    defaultMessage: '{browser} on {device}{ip, select, none {} other { (network address {ip})}}',
    description: 'Where a security change came from: {browser} and {device} as detected (e.g. Firefox, Windows), {ip} the network address with its last part hidden, or "none".',
  },
  twoFactorOnBody: {
    id: 'email.accounts.security.twoFactorOn.body',
    defaultMessage: 'Hello {name},\n\nTwo-factor sign-in was turned on for your account from {where} at {when}. Your other sessions were signed out.\n\nIf you did not do this, reset your password now: {resetLink}\n\nThera Root',
    description: 'Body of the notice: {where} is email.accounts.security.deviceAt or someDevice, {when} the date and time, {resetLink} the forgotten-password page.',
  },
  twoFactorOffBody: {
    id: 'email.accounts.security.twoFactorOff.body',
    defaultMessage: 'Hello {name},\n\nTwo-factor sign-in was turned off for your account from {where} at {when}. Signing in now asks for your password only.\n\nIf you did not do this, reset your password now ({resetLink}) and turn two-factor sign-in on again in your settings: {settingsLink}\n\nThera Root',
    description: 'Body of the notice: {where}, {when} as above; {settingsLink} the security settings.',
  },
  recoveryCodeUsedBody: {
    id: 'email.accounts.security.recoveryCodeUsed.body',
    defaultMessage: 'Hello {name},\n\nA recovery code was used to sign in to your account from {where} at {when}. You have {left, plural, one {# recovery code} other {# recovery codes}} left.\n\nIf you did not do this, reset your password now: {resetLink}\n\nThera Root',
    description: 'Body of the notice: {left} recovery codes remain unused.',
  },
});
