import { Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { Community } from '../../../../common/communities.ts';
import { CommunityTags } from './CommunityTags.tsx';
import { DeleteCommunityButton } from './DeleteCommunityButton.tsx';
import { JoinButton } from './JoinButton.tsx';
import { isAdmin, useSession } from '../../../lib/session.tsx';
import { plural } from '../../../lib/words.ts';


export function CommunityCard({ community }: { community: Community }) {
  const { user } = useSession();
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`community-${community._id}`}>
      <Stack gap="xs" h="100%">
        <Title order={2} size="h4" id={`community-${community._id}`} style={{ overflowWrap: 'anywhere' }}>{community.name}</Title>
        {community.description && <Text size="sm" lineClamp={3}>{community.description}</Text>}
        <CommunityTags specialties={community.specialties} modalities={community.modalities} />
        <Text size="xs" c="dimmed" mt="auto">
          {plural(community.membersCount, 'member')} · {plural(community.totalPostsCount, 'post')}
        </Text>
        <Group gap="xs" grow>
          <Button component={Link} to={`/community/${community._id}`} variant="default" size="xs">
            View Community<VisuallyHidden> {community.name}</VisuallyHidden>
          </Button>
          <JoinButton community={community} />
        </Group>
        {isAdmin(user) && <Group justify="flex-end"><DeleteCommunityButton community={community} /></Group>}
      </Stack>
    </Card>
  );
}
