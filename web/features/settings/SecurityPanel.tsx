import { Alert, Anchor, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { isAdmin, useSession } from '../../lib/session.tsx';
import { AccessLog } from './AccessLog.tsx';
import { EmailForm, PasswordForm } from './CredentialForms.tsx';
import { PasskeysSection } from './PasskeysSection.tsx';
import { SessionsList } from './SessionsList.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';

/** The Security tab: password, email, two-factor sign-in, the active sessions and the access history. */
export function SecurityPanel() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const required = Boolean(user?.mustEnrolTwoFactor);
  const asked = !required && params.get('enrol') === '1' && isAdmin(user) && !user?.twoFactorEnabled;
  return (
    <Stack gap="lg">
      {required && (
        <Alert color="yellow" role="alert">
          <strong>Two-factor sign-in is required.</strong> {isAdmin(user) ? 'Administrators' : 'Members'} must turn on two-factor sign-in or add a passkey before using Thera Root. Set one up below.
        </Alert>
      )}
      {asked && (
        <Alert color="blue" role="status">
          <strong>Protect your administrator account.</strong> Administrators are asked to turn on two-factor sign-in. Set it up below, or <Anchor component={Link} to="/">skip for now</Anchor>.
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
