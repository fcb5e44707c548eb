import { Badge, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { BADGES_ON_CARD, FEATURED_THERAPISTS } from '../../../common/constants.ts';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { api } from '../../lib/api.ts';
import { useOptionLabels } from '../../lib/option-labels.ts';

// The badge saying there are more specialties than shown: a symbol, named in words by its aria-label.
const MORE = '...';

type Card = { _id: string; name: string; avatar: string | null; location: string; specialties: string[] };

export function FeaturedTherapists() {
  const intl = useIntl();
  const labels = useOptionLabels();
  const { data } = useQuery({
    queryKey: ['therapists', 'featured'],
    queryFn: () => api<{ users: Card[] }>(`/api/users?limit=${FEATURED_THERAPISTS}`).catch((error) => {
      // The spec: a failed home therapist fetch is logged only.
      console.error('Failed to fetch featured therapists', error);
      return { users: [] };
    }),
  });
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {(data?.users ?? []).map((t) => (
        <Card key={t._id} component={Link} to={`/profile/${t._id}`} withBorder padding="lg">
          <Group wrap="nowrap">
            <UserAvatar name={t.name} src={t.avatar} size="lg" />
            <div>
              <Text fw={600} translate="no">{t.name}</Text>
              <Text size="sm" c="dimmed" translate="no">{t.location}</Text>
            </div>
          </Group>
          <Group gap={6} mt="md">
            {t.specialties.slice(0, BADGES_ON_CARD).map((s) => <Badge key={s} variant="light" color="brand" c="brand.8">{labels.specialty(s)}</Badge>)}
            {t.specialties.length > BADGES_ON_CARD && <Badge variant="outline" color="gray.7" c="gray.8" aria-label={intl.formatMessage({
              id: 'landing.featured.moreSpecialties', defaultMessage: 'more specialties',
              description: 'Accessible name of the "..." badge on a featured therapist\'s card: more specialties than shown.',
            })}>{MORE}</Badge>}
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
