import { Alert, Anchor, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { isAdmin, useSession } from '../../lib/session.tsx';
import { withValues } from '../../lib/messages.ts';
import { AccessLog } from './AccessLog.tsx';
import { EmailForm, PasswordForm } from './CredentialForms.tsx';
import { PasskeysSection } from './PasskeysSection.tsx';
import { SessionsList } from './SessionsList.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';

const m = withValues(defineMessages({
  required: {
    id: 'settings.security.required',
    defaultMessage: '<strong>Two-factor sign-in is required.</strong> {admin, select, yes {Administrators} other {Members}} must turn on two-factor sign-in or add a passkey before using Thera Root. Set one up below.',
    description: 'Alert when the member (or administrator, {admin} is yes) must set up a second factor before using the app; <strong> marks the first sentence.',
  },
  asked: {
    id: 'settings.security.asked',
    defaultMessage: '<strong>Protect your administrator account.</strong> Administrators are asked to turn on two-factor sign-in. Set it up below, or <skip>skip for now</skip>.',
    description: 'Note to an administrator without two-factor sign-in; <skip> is a link leaving this screen for the home page.',
  },
}));

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/** The Security tab: password, email, two-factor sign-in, the active sessions and the access history. */
export function SecurityPanel() {
  const intl = useIntl();
  const { user } = useSession();
  const [params] = useSearchParams();
  const required = Boolean(user?.mustEnrolTwoFactor);
  const asked = !required && params.get('enrol') === '1' && isAdmin(user) && !user?.twoFactorEnabled;
  return (
    <Stack gap="lg">
      {required && (
        <Alert color="yellow" role="alert">
          {intl.formatMessage(m.required, { strong, admin: isAdmin(user) ? 'yes' : 'no' })}
        </Alert>
      )}
      {asked && (
        <Alert color="blue" role="status">
          {intl.formatMessage(m.asked, { strong, skip: (chunks: ReactNode[]) => <Anchor component={Link} to="/">{chunks}</Anchor> })}
        </Alert>
      )}
      <TwoFactorSection />
      <PasskeysSection />
      <PasswordForm />
      <EmailForm />
      <SessionsList />
      <AccessLog />
    </Stack>
  );
}
