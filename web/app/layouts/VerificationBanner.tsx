import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../lib/session.tsx';

// Yellow text on the light yellow background fails contrast (axe), so the title is dark.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-dark-8)' } };

export function VerificationBanner() {
  const { user } = useSession();
  if (user?.verificationStatus === 'pending') {
    return (
      <Alert color="yellow" title="Verification pending" styles={READABLE_TITLE} mb="md" role="status">
        Your licence verification is pending. An administrator will review your credentials soon; until then you can
        complete your profile and browse the directory and resources. The forums, chat and colleagues' profiles open
        once your licence is verified.
      </Alert>
    );
  }
  if (user?.verificationStatus === 'rejected') {
    return (
      <Alert color="red" title="Verification declined" mb="md" role="alert">
        Your licence could not be verified{user.rejectionReason ? `: ${user.rejectionReason}` : '.'}{' '}
        <Anchor component={Link} to="/verification">Correct your licence details</Anchor> to ask for another review.
      </Alert>
    );
  }
  return null;
}
