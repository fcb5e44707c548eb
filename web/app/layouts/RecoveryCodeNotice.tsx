import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../lib/session.tsx';

const codes = (n: number) => `${n} recovery code${n === 1 ? '' : 's'}`;

/** After a sign-in with a recovery code: how many are left (an email says so too), until the member closes it. */
export function RecoveryCodeNotice() {
  const { recoveryCodesLeft, dismissRecoveryNotice } = useSession();
  if (recoveryCodesLeft === null) return null;
  return (
    <Alert color="blue" variant="light" mb="md" role="status" title={`${codes(recoveryCodesLeft)} left`}
      withCloseButton closeButtonLabel="Close" onClose={dismissRecoveryNotice}>
      You signed in with a recovery code, and each works once. If your authenticator app is gone for good, turn two-factor
      sign-in off and on again in <Anchor component={Link} to="/settings/security">Settings</Anchor> to get new codes.
    </Alert>
  );
}
