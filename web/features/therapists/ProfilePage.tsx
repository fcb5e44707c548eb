import { Button, Container, Group, Stack } from '@mantine/core';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
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

const m = defineMessages({
  signedOut: { id: 'therapists.profile.signedOut', defaultMessage: 'You must be logged in to view profiles.', description: 'Shown on a colleague\'s profile when signed out' },
  refer: { id: 'therapists.profile.refer', defaultMessage: 'Refer a client', description: 'Button on a colleague\'s profile: start a referral to them' },
  manage: { id: 'therapists.profile.manageAccount', defaultMessage: 'Manage account', description: 'Button for administrators: open this member\'s account page' },
});
const referTo = defineMessage<{ name: MessageValue }>({ id: 'therapists.profile.referTo', defaultMessage: 'Refer a client to {name}', description: 'Accessible name of the Refer a client button; name: the colleague' });
const reportWhat = defineMessage<{ name: MessageValue }>({ id: 'therapists.profile.reportWhat', defaultMessage: 'profile of {name}', description: 'What a report is about, read after "Report" (Report profile of Ana)' });

export default function ProfilePage() {
  const { id = '' } = useParams();
  const intl = useIntl();
  const { user } = useSession();
  const profile = useProfile(id, Boolean(user));
  if (!user) {
    return (
      <Container size="md" py="xl">
        <SignedOutNotice message={intl.formatMessage(m.signedOut)} />
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
                      aria-label={intl.formatMessage(referTo, { name: profile.data.name })}>{intl.formatMessage(m.refer)}</Button>
                  )}
                  <StartChatButton userId={profile.data._id} name={profile.data.name} size="sm" />
                </>
              )}
            />
            {/* The safety tools and the administrator's page, after the profile: not what a colleague comes for. */}
            <Group justify="flex-end" align="flex-start">
              {/* Any signed-in member may block: it is a safety tool. */}
              <BlockButton userId={profile.data._id} name={profile.data.name} />
              {canAct && <ReportButton targetType="profile" targetId={profile.data._id} what={intl.formatMessage(reportWhat, { name: profile.data.name })} size="sm" />}
              {isAdmin(user) && (
                <Button component={Link} to={`/admin/users/${profile.data._id}`} variant="subtle" size="md">{intl.formatMessage(m.manage)}</Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Container>
  );
}
