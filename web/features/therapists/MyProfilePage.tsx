import { Alert, Button, Container, Group, Stack } from '@mantine/core';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { Link } from 'react-router';
import { isVerified, useSession } from '../../lib/session.tsx';
import { useFavorites, useProfile } from './api.ts';
import { BackButton } from './components/BackButton.tsx';
import { CompletenessMeter } from './components/CompletenessMeter.tsx';
import { NetworkList } from './components/NetworkList.tsx';
import { ProfileError, ProfileLoading, SignedOutNotice } from './components/ProfileStatus.tsx';
import { ProfileView } from './components/ProfileView.tsx';

const m = defineMessages({
  signedOut: { id: 'therapists.myProfile.signedOut', defaultMessage: 'Please log in to view your Profile.', description: 'Shown on one\'s own profile screen when signed out' },
  edit: { id: 'therapists.myProfile.edit', defaultMessage: 'Edit Profile', description: 'Button: open the profile form' },
  nameWaiting: { id: 'therapists.myProfile.nameWaiting', defaultMessage: 'Name change waiting for review', description: 'Title of the notice while a new name waits for an administrator' },
});
const nameWaitingText = defineMessage<{ pending: MessageValue; name: MessageValue }>({ id: 'therapists.myProfile.nameWaitingText', defaultMessage: 'You asked to be called "{pending}". Colleagues see "{name}" until an administrator approves it.', description: 'Notice while a new name waits for an administrator; pending: the new name, name: the name shown meanwhile' });

export default function MyProfilePage() {
  const { user } = useSession();
  const intl = useIntl();
  const profile = useProfile(user?._id ?? '', Boolean(user));
  const favorites = useFavorites(Boolean(user));
  if (!user) {
    return (
      <Container size="md" py="xl">
        <SignedOutNotice message={intl.formatMessage(m.signedOut)} />
      </Container>
    );
  }
  return (
    <Container size="md" px={0}>
      <Stack gap="md">
        <Group justify="space-between">
          <BackButton fallback="/" />
          <Button component={Link} to="/edit-profile">{intl.formatMessage(m.edit)}</Button>
        </Group>
        {profile.isPending && <ProfileLoading />}
        {profile.isError && <ProfileError error={profile.error} />}
        {profile.data?.pendingName && (
          <Alert color="yellow" title={intl.formatMessage(m.nameWaiting)} styles={{ title: { color: 'var(--mantine-color-dark-8)' } }} role="status">
            {intl.formatMessage(nameWaitingText, { pending: profile.data.pendingName, name: profile.data.name })}
          </Alert>
        )}
        {profile.data && <ProfileView profile={profile.data} />}
        {profile.data && <CompletenessMeter />}
        {isVerified(user) && <NetworkList favorites={favorites.data ?? []} loading={favorites.isPending} />}
      </Stack>
    </Container>
  );
}
