// "Access to my account" in the reader's language: one calm sentence per audited action. The server sends the action
// and who did it as a code (and a colleague's name); the words are said here.
import { defineMessages, type IntlShape } from 'react-intl';
import type { AccessActor, AccessEvent } from '../../../common/audit.ts';
import { withValues } from '../../lib/messages.ts';

const ACTIONS = withValues(defineMessages({
  'auth.sign_in': { id: 'settings.accessLog.action.signIn', defaultMessage: 'Signed in', description: 'Access history: the member signed in.' },
  'auth.sign_in_failed': { id: 'settings.accessLog.action.signInFailed', defaultMessage: 'A sign-in attempt with a wrong password or code', description: 'Access history: a failed sign-in.' },
  'auth.sign_in_refused': {
    id: 'settings.accessLog.action.signInRefused', defaultMessage: 'A sign-in attempt was stopped (too many tries, or the account was disabled)',
    description: 'Access history: a sign-in refused.',
  },
  'auth.sign_out': { id: 'settings.accessLog.action.signOut', defaultMessage: 'Signed out', description: 'Access history: the member signed out.' },
  'auth.two_factor_enable': { id: 'settings.accessLog.action.twoFactorEnable', defaultMessage: 'Two-factor sign-in turned on', description: 'Access history.' },
  'auth.two_factor_disable': { id: 'settings.accessLog.action.twoFactorDisable', defaultMessage: 'Two-factor sign-in turned off', description: 'Access history.' },
  'auth.recovery_codes_regenerate': { id: 'settings.accessLog.action.recoveryCodes', defaultMessage: 'New recovery codes made', description: 'Access history.' },
  'auth.session_revoke': { id: 'settings.accessLog.action.sessionRevoke', defaultMessage: 'Signed out of another device', description: 'Access history: another session was ended.' },
  'auth.password_change': { id: 'settings.accessLog.action.passwordChange', defaultMessage: 'Password changed', description: 'Access history.' },
  'auth.password_reset': { id: 'settings.accessLog.action.passwordReset', defaultMessage: 'Password reset with an emailed link', description: 'Access history.' },
  'auth.email_change': { id: 'settings.accessLog.action.emailChange', defaultMessage: 'Email address changed', description: 'Access history.' },
  'export.request': { id: 'settings.accessLog.action.exportRequest', defaultMessage: 'A copy of your data was requested', description: 'Access history.' },
  'export.download': { id: 'settings.accessLog.action.exportDownload', defaultMessage: 'The copy of your data was downloaded', description: 'Access history.' },
  'report.message_open': {
    id: 'settings.accessLog.action.reportOpen', defaultMessage: '{who} read a conversation you are part of, after it was reported',
    description: 'Access history: {who} (usually "An administrator") read a reported conversation.',
  },
  'referral.read': { id: 'settings.accessLog.action.referralRead', defaultMessage: '{who} read your referral', description: 'Access history: {who} is a colleague\'s name or "An administrator".' },
  'group_case.read': {
    id: 'settings.accessLog.action.caseRead', defaultMessage: '{who} read a case you presented to your consultation group',
    description: 'Access history: {who} is who read it.',
  },
  'licence.read': { id: 'settings.accessLog.action.licenceRead', defaultMessage: '{who} looked at your licence details', description: 'Access history: {who} is who looked.' },
  'licence.verify': { id: 'settings.accessLog.action.licenceVerify', defaultMessage: '{who} verified your licence', description: 'Access history.' },
  'licence.reject': { id: 'settings.accessLog.action.licenceReject', defaultMessage: '{who} could not verify your licence', description: 'Access history.' },
  'user.two_factor_reset': {
    id: 'settings.accessLog.action.twoFactorReset', defaultMessage: '{who} turned off your two-factor sign-in at your request', description: 'Access history.',
  },
  'user.disable': { id: 'settings.accessLog.action.disable', defaultMessage: '{who} disabled your account', description: 'Access history.' },
  'user.enable': { id: 'settings.accessLog.action.enable', defaultMessage: '{who} enabled your account again', description: 'Access history.' },
  'user.delete_refused': {
    id: 'settings.accessLog.action.deleteRefused', defaultMessage: 'Deleting your account was refused: it is under a legal hold', description: 'Access history.',
  },
  'name.approve': { id: 'settings.accessLog.action.nameApprove', defaultMessage: '{who} approved your change of name', description: 'Access history.' },
  'name.decline': { id: 'settings.accessLog.action.nameDecline', defaultMessage: '{who} declined your change of name', description: 'Access history.' },
}));

const OTHER = withValues(defineMessages({
  other: {
    id: 'settings.accessLog.action.other', defaultMessage: '{who} reviewed or changed something of yours ({action})',
    description: 'Access history: an action without its own sentence; {action} is its technical name.',
  },
}));

/** Who acted (common/audit.ts ACCESS_ACTORS); a colleague is named. */
const WHO = withValues(defineMessages({
  you: { id: 'settings.accessLog.who.you', defaultMessage: 'You', description: 'Access history: who acted, the member.' },
  admin: { id: 'settings.accessLog.who.admin', defaultMessage: 'An administrator', description: 'Access history: who acted (never which one).' },
  someone: { id: 'settings.accessLog.who.someone', defaultMessage: 'Someone', description: 'Access history: who tried to sign in, unknown.' },
  formerMember: { id: 'settings.accessLog.who.formerMember', defaultMessage: 'A former member', description: 'Access history: who acted, an account since deleted.' },
  system: { id: 'settings.accessLog.who.system', defaultMessage: 'Thera Root', description: 'Access history: who acted, the service itself (its name).' },
})) satisfies Record<Exclude<AccessActor, 'member'>, unknown>;

/** What a member reads in "Access to my account", in the reader's language. */
export function describeAccess(intl: IntlShape, event: Pick<AccessEvent, 'action' | 'who'>): string {
  const who = event.who.kind === 'member' ? event.who.name ?? '' : intl.formatMessage(WHO[event.who.kind]);
  if (Object.hasOwn(ACTIONS, event.action)) return intl.formatMessage(ACTIONS[event.action as keyof typeof ACTIONS], { who });
  return intl.formatMessage(OTHER.other, { who, action: event.action });
}
