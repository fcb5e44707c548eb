import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { FORUM_SIDEBAR_COMMUNITIES } from '../../../../common/constants.ts';
import { isVerified, useSession } from '../../../lib/session.tsx';
import { useCommunities } from '../api.ts';
import { DeleteCommunityButton } from './DeleteCommunityButton.tsx';
import { JoinButton } from './JoinButton.tsx';
import { QuickCreateCommunity } from './QuickCreateCommunity.tsx';
import { SidebarCard } from './SidebarCard.tsx';

/** The forum's right column: the first five communities, a create toggle and, for administrators, delete. */
export function CommunitiesColumn() {
  const { user } = useSession();
  const { data, isPending, isError } = useCommunities(1, FORUM_SIDEBAR_COMMUNITIES);
  const [creating, setCreating] = useState(false);

  return (
    <SidebarCard title="Communities" id="forum-communities">
      {isPending ? <Text size="sm" c="dimmed">Loading communities...</Text> : isError ? (
        <Text size="sm" c="dimmed">Communities could not be loaded.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.communities.map((c) => (
            <Group component="li" key={c._id} gap="xs" wrap="nowrap" justify="space-between">
              <Anchor component={Link} to={`/community/${c._id}`} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{c.name}</Anchor>
              <Group gap={4} wrap="nowrap">
                <JoinButton community={c} />
                <DeleteCommunityButton community={c} compact />
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {isVerified(user) && (
        <Button variant="light" size="xs" aria-expanded={creating} onClick={() => setCreating((v) => !v)}>
          {creating ? 'Cancel' : 'Create Community'}
        </Button>
      )}
      {creating && <QuickCreateCommunity onDone={() => setCreating(false)} />}
      <Anchor component={Link} to="/communities" size="sm" fw={600}>View All Communities</Anchor>
    </SidebarCard>
  );
}
