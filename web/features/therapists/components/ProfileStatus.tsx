import { Alert, Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { hasCode } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';

/** The states of spec section 8 while a profile loads or fails: 'Loading profile...', 'Profile not found.', 'Error: {message}'. */
export function ProfileLoading() {
  return <PageLoader label="Loading profile..." />;
}

export function ProfileError({ error }: { error: Error }) {
  const { user } = useSession();
  if (hasCode(error, 'NOT_FOUND')) {
    return <Alert color="gray" title="Profile not found.">The therapist may have left the network, or the link is incorrect.</Alert>;
  }
  // A member waiting for verification is not at fault: told what opens when, not shown an error.
  if (hasCode(error, 'NOT_VERIFIED')) {
    return (
      <Alert color="blue" variant="light" title="Colleagues' profiles open once your licence is verified" role="status">
        {error.message}{' '}
        {user?.verificationStatus === 'rejected'
          ? <><Anchor component={Link} to="/verification">Correct your licence details</Anchor> to ask for another review.</>
          : 'An administrator is reviewing your application; we will email you when it is done.'}
      </Alert>
    );
  }
  return <Alert color="red">Error: {error.message || 'Failed to fetch profile.'}</Alert>;
}

/** Signed out: the message and a way to sign in. */
export function SignedOutNotice({ message }: { message: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Text mb="md">{message}</Text>
      <Group>
        <Button component={Link} to="/login">Go to Login</Button>
      </Group>
    </Paper>
  );
}
