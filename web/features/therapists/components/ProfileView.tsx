import { COMMA } from '../../../lib/punctuation.ts';
import { Anchor, Badge, Box, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { defineMessage, defineMessages, FormattedMessage, useIntl, type MessageValue } from 'react-intl';
import type { Profile } from '../../../../common/therapists.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { useOptionLabels } from '../../../lib/option-labels.ts';
import { fieldMessages as field } from '../messages.ts';
import { AvailabilityDetails } from './AvailabilityDetails.tsx';
import { Details, Tags } from './Details.tsx';

const m = defineMessages({
  verified: { id: 'therapists.profile.verified', defaultMessage: 'Verified', description: 'Badge of a therapist whose licence an administrator verified' },
  declined: { id: 'therapists.profile.verificationDeclined', defaultMessage: 'Verification declined', description: 'Badge on one\'s own profile when the licence check was declined' },
  pending: { id: 'therapists.profile.verificationPending', defaultMessage: 'Verification pending', description: 'Badge on one\'s own profile while the licence check waits' },
  about: { id: 'therapists.profile.about', defaultMessage: 'About', description: 'Heading of the profile\'s bio' },
  credentials: { id: 'therapists.profile.credentials', defaultMessage: 'Credentials', description: 'Heading of the profile\'s licence and education section' },
  licensingBody: { id: 'therapists.profile.licensingBody', defaultMessage: 'Licensing body', description: 'Profile field: the ordre professionnel or board that issued the licence' },
  licenceRegion: { id: 'therapists.profile.licenceRegion', defaultMessage: 'Licence region', description: 'Profile field: where the licence was issued' },
  licenceNumber: { id: 'therapists.profile.licenceNumber', defaultMessage: 'Licence number', description: 'Profile field: the licence\'s number' },
  email: { id: 'therapists.profile.email', defaultMessage: 'Email', description: 'Profile field: the therapist\'s email address' },
  practice: { id: 'therapists.profile.practice', defaultMessage: 'Practice', description: 'Heading of the profile\'s section on what the therapist treats and how' },
});
const licenceVerified = defineMessage<{ date: MessageValue }>({ id: 'therapists.profile.licenceVerified', defaultMessage: 'Licence verified {date}', description: 'When the licence was verified; date: month and year (November 2026)' });
const worksAt = defineMessage<{ practices: MessageValue }>({ id: 'therapists.profile.worksAt', defaultMessage: 'Works at {practices}', description: 'The group practices (cliniques) the therapist belongs to; practices: their names as links' });

// Between the names of practices: the same in English and French.

function VerificationBadge({ profile }: { profile: Profile }) {
  const intl = useIntl();
  if (profile.verificationStatus === 'verified') {
    return (
      <Group gap="xs">
        <Badge color="brand" variant="filled" tt="none">{intl.formatMessage(m.verified)}</Badge>
        {profile.verifiedAt && (
          <Text size="sm" c="dimmed">
            {/* The spec's "Licence verified {month year}". */}
            {intl.formatMessage(licenceVerified, { date: intl.formatDate(profile.verifiedAt, { year: 'numeric', month: 'long' }) })}
          </Text>
        )}
      </Group>
    );
  }
  // Only the owner (or an administrator) ever sees an unverified profile.
  const label = intl.formatMessage(profile.verificationStatus === 'rejected' ? m.declined : m.pending);
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
  const intl = useIntl();
  const labels = useOptionLabels();
  const t = intl.formatMessage;
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
          {Boolean(p.practices?.length) && (
            <Text>
              <FormattedMessage {...worksAt} values={{ practices: p.practices?.map((pr, i) => (
                <span key={pr._id}>{i > 0 ? COMMA : ''}<Anchor component={Link} to={`/practices/${pr.slug}`}>{pr.name}</Anchor></span>
              )) }} />
            </Text>
          )}
          <Box mt="xs"><VerificationBadge profile={p} /></Box>
          {primaryActions && <Group gap="xs" mt="md">{primaryActions}</Group>}
        </Box>
      </Group>

      {p.bio && (
        <Stack gap={4} mt="lg">
          <Title order={2} size="h4">{t(m.about)}</Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{p.bio}</Text>
        </Stack>
      )}

      <Divider my="lg" />
      <Title order={2} size="h4" mb="xs">{t(m.credentials)}</Title>
      <Details items={[
        [t(field.profession), p.profession],
        [t(m.licensingBody), p.licensingBody],
        [t(m.licenceRegion), region],
        [t(m.licenceNumber), p.licenceNumber],
        [t(field.education), p.education],
        [t(m.email), p.email],
      ]} />

      <Divider my="lg" />
      <Title order={2} size="h4" mb="xs">{t(m.practice)}</Title>
      <Details items={[
        [t(field.specialties), <Tags values={p.specialties} color="brand" label={labels.specialty} />],
        [t(field.modalities), <Tags values={p.modalities} color="indigo" label={labels.modality} />],
        [t(field.ageGroups), <Tags values={p.demographics} color="gray" label={labels.ageGroup} />],
        [t(field.sessionFormat), <Tags values={p.sessionFormat} color="gray" label={labels.sessionFormat} />],
        [t(field.gender), p.gender.length ? p.gender.map(labels.gender).join(', ') : ''],
      ]} />

      <Divider my="lg" />
      <AvailabilityDetails profile={p} />
    </Paper>
  );
}
