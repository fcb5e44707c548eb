import { Anchor, Box, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { defineMessage, defineMessages, FormattedMessage, useIntl, type MessageTag } from 'react-intl';
import { Link } from 'react-router';
import type { FavoriteUser } from '../../../../common/therapists.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';

const m = defineMessages({
  title: { id: 'therapists.network.title', defaultMessage: 'My network', description: 'Heading of the list of therapists one has starred' },
  loading: { id: 'therapists.network.loading', defaultMessage: 'Loading network...', description: 'Shown while one\'s network loads' },
});
const empty = defineMessage<{ link: MessageTag }>({ id: 'therapists.network.empty', defaultMessage: 'No one in your network yet. Star therapists in the <link>Therapist Network</link> to keep them here.', description: 'One\'s network is empty; link: to the therapist directory' });

/** 'My network': the therapists the user starred, newest first. */
export function NetworkList({ favorites, loading }: { favorites: FavoriteUser[]; loading: boolean }) {
  const intl = useIntl();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="my-network">
      <Title order={2} size="h3" id="my-network" mb="md">{intl.formatMessage(m.title)}</Title>
      {loading && <Text>{intl.formatMessage(m.loading)}</Text>}
      {!loading && favorites.length === 0 && (
        <Text>
          <FormattedMessage {...empty} values={{ link: (chunks) => <Anchor component={Link} to="/therapists">{chunks}</Anchor> }} />
        </Text>
      )}
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {favorites.map((f) => (
          <Box component="li" key={f._id}>
            <Group wrap="nowrap" gap="sm">
              <UserAvatar name={f.name} src={f.avatar} />
              <Box style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/profile/${f._id}`} fw={600}>{f.name}</Anchor>
                {f.location && <Text size="sm" c="dimmed">{f.location}</Text>}
              </Box>
            </Group>
          </Box>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
