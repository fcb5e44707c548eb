// The administrators' decisions as emails to the member, catalogue messages sent in the member's language (their
// English is exactly what these mails always said).
import { defineMessages } from '@formatjs/intl';

export const ADMIN_MAILS = defineMessages({
  verifiedSubject: {
    id: 'email.admin.licenceVerified.subject', defaultMessage: 'Your Thera Root licence is verified',
    description: 'Subject of the email telling a member an administrator verified their licence.',
  },
  verifiedBody: {
    id: 'email.admin.licenceVerified.body',
    defaultMessage: 'Hello {name},\n\nAn administrator verified your licence. Welcome to the network: {link}\n\nThera Root',
    description: 'Body of that email: {link} is the home page.',
  },
  declinedSubject: {
    id: 'email.admin.licenceDeclined.subject', defaultMessage: 'Your Thera Root licence could not be verified',
    description: 'Subject of the email telling a member their licence could not be verified.',
  },
  declinedBody: {
    id: 'email.admin.licenceDeclined.body',
    defaultMessage: 'Hello {name},\n\nWe could not verify your licence: {reason}\n\nYou can correct your licence details after signing in: {link}\n\nThera Root',
    description: 'Body of that email: {reason} is the administrator\'s own words (not translated), {link} the verification page.',
  },
  nameApprovedSubject: {
    id: 'email.admin.nameApproved.subject', defaultMessage: 'Your new Thera Root name is live',
    description: 'Subject of the email telling a member their change of name was approved.',
  },
  nameApprovedBody: {
    id: 'email.admin.nameApproved.body',
    defaultMessage: 'Hello {name},\n\nAn administrator approved your name change. Colleagues now see you as {name}: {link}\n\nThera Root',
    description: 'Body of that email: {name} is the new name, {link} the member\'s profile.',
  },
  nameDeclinedSubject: {
    id: 'email.admin.nameDeclined.subject', defaultMessage: 'Your Thera Root name change was declined',
    description: 'Subject of the email telling a member their change of name was declined.',
  },
  nameDeclinedBody: {
    id: 'email.admin.nameDeclined.body',
    defaultMessage: 'Hello {name},\n\nAn administrator declined your change of name to "{requested}". Your profile keeps the name {name}. You can ask again from {link}\n\nThera Root',
    description: 'Body of that email: {requested} is the name asked for, {name} the name kept, {link} the profile editor.',
  },
  twoFactorResetSubject: {
    id: 'email.admin.twoFactorReset.subject', defaultMessage: 'Two-factor sign-in was turned off on your Thera Root account',
    description: 'Subject of the email telling a member an administrator turned off their two-factor sign-in.',
  },
  twoFactorResetBody: {
    id: 'email.admin.twoFactorReset.body',
    defaultMessage: 'Hello {name},\n\nAn administrator turned off two-factor sign-in on your Thera Root account (and removed its passkeys, if it had any), and its sessions were signed out. You can now sign in with your password alone.\n\nTo turn two-factor sign-in on again, open Settings, then Security: {link}\n\nIf you did not ask for this, change your password and contact an administrator.\n\nThera Root',
    description: 'Body of that email: {link} is the security settings.',
  },
});
