import { Alert, Button, Container, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { isVerified, useSession } from '../../lib/session.tsx';
import { useFavorites, useProfile } from './api.ts';
import { BackButton } from './components/BackButton.tsx';
import { CompletenessMeter } from './components/CompletenessMeter.tsx';
import { NetworkList } from './components/NetworkList.tsx';
import { ProfileError, ProfileLoading, SignedOutNotice } from './components/ProfileStatus.tsx';
import { ProfileView } from './components/ProfileView.tsx';

export default function MyProfilePage() {
  const { user } = useSession();
  const profile = useProfile(user?._id ?? '', Boolean(user));
  const favorites = useFavorites(Boolean(user));
  if (!user) {
    return (
      <Container size="md" py="xl">
        <SignedOutNotice message="Please log in to view your Profile." />
      </Container>
    );
  }
  return (
    <Container size="md" px={0}>
      <Stack gap="md">
        <Group justify="space-between">
          <BackButton fallback="/" />
          <Button component={Link} to="/edit-profile">Edit Profile</Button>
        </Group>
        {profile.isPending && <ProfileLoading />}
        {profile.isError && <ProfileError error={profile.error} />}
        {profile.data?.pendingName && (
          <Alert color="yellow" title="Name change waiting for review" styles={{ title: { color: 'var(--mantine-color-dark-8)' } }} role="status">
            You asked to be called "{profile.data.pendingName}". Colleagues see "{profile.data.name}" until an administrator approves it.
          </Alert>
        )}
        {profile.data && <ProfileView profile={profile.data} />}
        {profile.data && <CompletenessMeter />}
        {isVerified(user) && <NetworkList favorites={favorites.data ?? []} loading={favorites.isPending} />}
      </Stack>
    </Container>
  );
}
