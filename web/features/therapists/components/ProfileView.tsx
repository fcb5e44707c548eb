import { Badge, Box, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Profile } from '../../../../common/therapists.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { AvailabilityDetails } from './AvailabilityDetails.tsx';
import { Details, Tags } from './Details.tsx';

// The spec's "Licence verified {month year}".
const monthYear = (iso: string) => new Date(iso).toLocaleDateString('en', { year: 'numeric', month: 'long' });

function VerificationBadge({ profile }: { profile: Profile }) {
  if (profile.verificationStatus === 'verified') {
    return (
      <Group gap="xs">
        <Badge color="brand" variant="filled" tt="none">Verified</Badge>
        {profile.verifiedAt && <Text size="sm" c="dimmed">Licence verified {monthYear(profile.verifiedAt)}</Text>}
      </Group>
    );
  }
  // Only the owner (or an administrator) ever sees an unverified profile.
  const label = profile.verificationStatus === 'rejected' ? 'Verification declined' : 'Verification pending';
  // Dark text: orange on light orange fails contrast at badge size.
  return <Badge color="orange" c="dark.8" variant="light" tt="none">{label}</Badge>;
}

type Props = {
  profile: Profile;
  /** Controls beside the name (the favourite star). */
  headerAction?: ReactNode;
  /** What a colleague comes to do (refer a client, start a chat): under the name, in the first screen of a long profile. */
  primaryActions?: ReactNode;
};

export function ProfileView({ profile: p, headerAction, primaryActions }: Props) {
  const region = [p.licenceRegion, p.licenceCountry].filter(Boolean).join(', ');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <UserAvatar name={p.name} src={p.avatar} size={88} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={1} size="h2">{p.name}</Title>
            {headerAction}
          </Group>
          {p.pronouns && <Text c="dimmed">{p.pronouns}</Text>}
          {p.profession && <Text fw={500}>{p.profession}</Text>}
          {p.location && <Text>{p.location}</Text>}
          <Box mt="xs"><VerificationBadge profile={p} /></Box>
          {primaryActions && <Group gap="xs" mt="md">{primaryActions}</Group>}
        </Box>
      </Group>

      {p.bio && (
        <Stack gap={4} mt="lg">
          <Title order={2} size="h4">About</Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{p.bio}</Text>
        </Stack>
      )}

      <Divider my="lg" />
      <Title order={2} size="h4" mb="xs">Credentials</Title>
      <Details items={[
        ['Profession', p.profession],
        ['Licensing body', p.licensingBody],
        ['Licence region', region],
        ['Licence number', p.licenceNumber],
        ['Education', p.education],
        ['Email', p.email],
      ]} />

      <Divider my="lg" />
      <Title order={2} size="h4" mb="xs">Practice</Title>
      <Details items={[
        ['Specialties', <Tags values={p.specialties} color="brand" />],
        ['Modalities', <Tags values={p.modalities} color="indigo" />],
        ['Age groups', <Tags values={p.demographics} color="gray" />],
        ['Session format', <Tags values={p.sessionFormat} color="gray" />],
        ['Gender', p.gender.length ? p.gender.join(', ') : ''],
      ]} />

      <Divider my="lg" />
      <AvailabilityDetails profile={p} />
    </Paper>
  );
}
