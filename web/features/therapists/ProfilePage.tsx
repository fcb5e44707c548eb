import { Button, Container, Group, Stack } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { ReportButton } from '../../components/ReportButton.tsx';
import { isAdmin, isVerified, useSession } from '../../lib/session.tsx';
import { useProfile } from './api.ts';
import { BackButton } from './components/BackButton.tsx';
import { BlockButton } from './components/BlockButton.tsx';
import { FavoriteButton } from './components/FavoriteButton.tsx';
import { ProfileError, ProfileLoading, SignedOutNotice } from './components/ProfileStatus.tsx';
import { ProfileView } from './components/ProfileView.tsx';
import { StartChatButton } from './components/StartChatButton.tsx';

export default function ProfilePage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const profile = useProfile(id, Boolean(user));
  if (!user) {
    return (
      <Container size="md" py="xl">
        <SignedOutNotice message="You must be logged in to view profiles." />
      </Container>
    );
  }
  // One's own profile lives at /my-profile, with Edit Profile instead of Start Chat.
  if (id === user._id) return <Navigate to="/my-profile" replace />;
  const canAct = isVerified(user);
  return (
    <Container size="md" px={0}>
      <Stack gap="md">
        <Group><BackButton fallback="/therapists" /></Group>
        {profile.isPending && <ProfileLoading />}
        {profile.isError && <ProfileError error={profile.error} />}
        {profile.data && (
          <>
            <ProfileView
              profile={profile.data}
              headerAction={canAct && <FavoriteButton userId={profile.data._id} name={profile.data.name} active={profile.data.isFavorite} />}
              primaryActions={canAct && (
                <>
                  {/* A referral goes to a verified colleague only (the server refuses anyone else). */}
                  {profile.data.verificationStatus === 'verified' && (
                    <Button component={Link} to={`/referrals/new?to=${profile.data._id}`} variant="light" size="sm"
                      aria-label={`Refer a client to ${profile.data.name}`}>Refer a client</Button>
                  )}
                  <StartChatButton userId={profile.data._id} name={profile.data.name} size="sm" />
                </>
              )}
            />
            {/* The safety tools and the administrator's page, after the profile: not what a colleague comes for. */}
            <Group justify="flex-end" align="flex-start">
              {/* Any signed-in member may block: it is a safety tool. */}
              <BlockButton userId={profile.data._id} name={profile.data.name} />
              {canAct && <ReportButton targetType="profile" targetId={profile.data._id} what={`profile of ${profile.data.name}`} size="sm" />}
              {isAdmin(user) && (
                <Button component={Link} to={`/admin/users/${profile.data._id}`} variant="subtle" size="md">Manage account</Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Container>
  );
}
