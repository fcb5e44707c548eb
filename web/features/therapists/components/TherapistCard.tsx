import { Anchor, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BADGES_ON_CARD } from '../../../../common/constants.ts';
import type { TherapistCard as Card_ } from '../../../../common/therapists.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { AvailabilityBadge } from './AvailabilityBadge.tsx';
import { BadgeList } from './BadgeList.tsx';
import { FavoriteButton } from './FavoriteButton.tsx';
import { StartChatButton } from './StartChatButton.tsx';

type Props = {
  therapist: Card_;
  /** Present for a verified viewer: the star and Start Chat show only then. */
  viewer?: { isFavorite: boolean };
};

export function TherapistCard({ therapist: t, viewer }: Props) {
  const profile = `/profile/${t._id}`;
  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={`therapist-${t._id}`}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <UserAvatar name={t.name} src={t.avatar} size={56} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} size="h4" id={`therapist-${t._id}`}>
            <Anchor component={Link} to={profile} c="dark.8" inherit>{t.name}</Anchor>
          </Title>
          {t.profession && <Text size="sm">{t.profession}</Text>}
          {t.location && <Text size="sm" c="dimmed">{t.location}</Text>}
          {t.acceptingClients !== 'not accepting' && <Box mt={6}><AvailabilityBadge status={t.acceptingClients} /></Box>}
        </Box>
        {viewer && <FavoriteButton userId={t._id} name={t.name} active={viewer.isFavorite} />}
      </Group>
      <Stack gap="xs" mt="md">
        <BadgeList values={t.specialties} max={BADGES_ON_CARD} color="brand" noun="Specialties" />
        <BadgeList values={t.modalities} max={BADGES_ON_CARD} color="indigo" noun="Modalities" />
        {t.languages.length > 0 && (
          <Text size="sm"><Text span fw={600}>Languages:</Text> {t.languages.join(', ')}</Text>
        )}
      </Stack>
      {viewer && (
        <Box mt="auto" pt="md">
          <StartChatButton userId={t._id} name={t.name} variant="light" fullWidth />
        </Box>
      )}
    </Card>
  );
}
