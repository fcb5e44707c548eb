import { Anchor, Box, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { FavoriteUser } from '../../../../common/therapists.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';

/** 'My network': the therapists the user starred, newest first. */
export function NetworkList({ favorites, loading }: { favorites: FavoriteUser[]; loading: boolean }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="my-network">
      <Title order={2} size="h3" id="my-network" mb="md">My network</Title>
      {loading && <Text>Loading network...</Text>}
      {!loading && favorites.length === 0 && (
        <Text>
          No one in your network yet. Star therapists in the{' '}
          <Anchor component={Link} to="/therapists">Therapist Network</Anchor> to keep them here.
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
