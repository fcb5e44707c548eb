import { Alert, Anchor, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { isAdmin, useSession } from '../../lib/session.tsx';
import { EmailForm, PasswordForm } from './CredentialForms.tsx';
import { SessionsList } from './SessionsList.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';

/** The Security tab: password, email, two-factor sign-in and the active sessions. */
export function SecurityPanel() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const required = Boolean(user?.mustEnrolTwoFactor);
  const asked = !required && params.get('enrol') === '1' && isAdmin(user) && !user?.twoFactorEnabled;
  return (
    <Stack gap="lg">
      {required && (
        <Alert color="yellow" role="alert">
          <strong>Two-factor sign-in is required.</strong> Administrators must turn on two-factor sign-in before using Thera Root. Set it up below.
        </Alert>
      )}
      {asked && (
        <Alert color="blue" role="status">
          <strong>Protect your administrator account.</strong> Administrators are asked to turn on two-factor sign-in. Set it up below, or <Anchor component={Link} to="/">skip for now</Anchor>.
        </Alert>
      )}
      <TwoFactorSection />
      <PasswordForm />
      <EmailForm />
      <SessionsList />
    </Stack>
  );
}
