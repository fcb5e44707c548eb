import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Recommendation } from '../../../../common/communities.ts';
import { useJoinedCommunities, useRecommendations } from '../api.ts';
import { JoinButton } from './JoinButton.tsx';
import { SidebarCard } from './SidebarCard.tsx';
import { NO_JOINED } from './texts.ts';
import { plural } from '../../../lib/words.ts';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** The forum's left column: the reader's communities and the recommended ones, with why. */
export function MyCommunitiesColumn() {
  const joined = useJoinedCommunities();
  const recommended = useRecommendations();
  return (
    <Stack gap="md">
      <SidebarCard title="My Communities" id="forum-my-communities">
        {joined.isPending ? <Text size="sm" c="dimmed">Loading communities...</Text> : !joined.data?.length ? (
          <Text size="sm" c="dimmed">{NO_JOINED}</Text>
        ) : (
          <Stack gap={6} component="ul" style={listStyle}>
            {joined.data.map((c) => (
              <li key={c._id}><Anchor component={Link} to={`/community/${c._id}`} size="sm" style={{ overflowWrap: 'anywhere' }}>{c.name}</Anchor></li>
            ))}
          </Stack>
        )}
      </SidebarCard>
      <SidebarCard title="Recommended For You" id="forum-recommended">
        {recommended.isPending ? <Text size="sm" c="dimmed">Loading recommendations...</Text> : !recommended.data?.length ? (
          <Text size="sm" c="dimmed">No recommendations right now.</Text>
        ) : (
          <Stack gap="sm" component="ul" style={listStyle}>
            {recommended.data.map((c) => <RecommendedItem key={c._id} community={c} />)}
          </Stack>
        )}
      </SidebarCard>
    </Stack>
  );
}

function RecommendedItem({ community }: { community: Recommendation }) {
  const tags = [...community.matched.specialties, ...community.matched.modalities, ...community.matched.demographics];
  return (
    <Stack component="li" gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Anchor component={Link} to={`/community/${community._id}`} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{community.name}</Anchor>
        <JoinButton community={community} />
      </Group>
      {tags.length ? (
        <Group gap={4}>
          <Text size="xs" c="dimmed">Matches:</Text>
          {tags.map((t) => <Badge key={t} size="xs" variant="outline" tt="none">{t}</Badge>)}
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          {community.recentPostsCount ? `Active: ${plural(community.recentPostsCount, 'post')} in the last 30 days` : 'New to you'}
        </Text>
      )}
    </Stack>
  );
}
