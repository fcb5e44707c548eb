import { Alert, Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { defineMessage, defineMessages, FormattedMessage, useIntl, type MessageValue, type MessageTag } from 'react-intl';
import { Link } from 'react-router';
import { hasCode } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';

const m = defineMessages({
  loading: { id: 'therapists.profile.loading', defaultMessage: 'Loading profile...', description: 'Shown while a profile loads' },
  notFound: { id: 'therapists.profile.notFound', defaultMessage: 'Profile not found.', description: 'Title when the profile does not exist' },
  notFoundHint: { id: 'therapists.profile.notFoundHint', defaultMessage: 'The therapist may have left the network, or the link is incorrect.', description: 'Why a profile may not be found' },
  waitForVerification: { id: 'therapists.profile.waitForVerification', defaultMessage: 'Colleagues\' profiles open once your licence is verified', description: 'Title when a member not yet verified opens a colleague\'s profile' },
  underReview: { id: 'therapists.profile.underReview', defaultMessage: 'An administrator is reviewing your application; we will email you when it is done.', description: 'The member\'s licence is being checked' },
  fetchFailed: { id: 'therapists.profile.fetchFailed', defaultMessage: 'Failed to fetch profile.', description: 'A profile could not load, for no reason given' },
  goToLogin: { id: 'therapists.profile.goToLogin', defaultMessage: 'Go to Login', description: 'Button to the sign-in screen' },
});
const correctLicence = defineMessage<{ link: MessageTag }>({ id: 'therapists.profile.correctLicence', defaultMessage: '<link>Correct your licence details</link> to ask for another review.', description: 'After a declined licence check; link: to the verification form' });
const errorText = defineMessage<{ message: MessageValue }>({ id: 'therapists.profile.error', defaultMessage: 'Error: {message}', description: 'A profile could not load; message: why' });

/** The states of spec section 8 while a profile loads or fails: 'Loading profile...', 'Profile not found.', 'Error: {message}'. */
export function ProfileLoading() {
  return <PageLoader label={useIntl().formatMessage(m.loading)} />;
}

// Between the server's reason and what happens next: the same in every language.
const SPACE = ' ';

export function ProfileError({ error }: { error: Error }) {
  const { user } = useSession();
  const intl = useIntl();
  if (hasCode(error, 'NOT_FOUND')) {
    return <Alert color="gray" title={intl.formatMessage(m.notFound)}>{intl.formatMessage(m.notFoundHint)}</Alert>;
  }
  // A member waiting for verification is not at fault: told what opens when, not shown an error.
  if (hasCode(error, 'NOT_VERIFIED')) {
    return (
      <Alert color="blue" variant="light" title={intl.formatMessage(m.waitForVerification)} role="status">
        {error.message}{SPACE}
        {user?.verificationStatus === 'rejected'
          ? <FormattedMessage {...correctLicence} values={{ link: (chunks) => <Anchor component={Link} to="/verification">{chunks}</Anchor> }} />
          : intl.formatMessage(m.underReview)}
      </Alert>
    );
  }
  return <Alert color="red">{intl.formatMessage(errorText, { message: error.message || intl.formatMessage(m.fetchFailed) })}</Alert>;
}

/** Signed out: the message and a way to sign in. */
export function SignedOutNotice({ message }: { message: string }) {
  const intl = useIntl();
  return (
    <Paper withBorder radius="md" p="xl">
      <Text mb="md">{message}</Text>
      <Group>
        <Button component={Link} to="/login">{intl.formatMessage(m.goToLogin)}</Button>
      </Group>
    </Paper>
  );
}
