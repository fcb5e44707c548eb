import { Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Community } from '../../../../common/communities.ts';
import { CommunityTags } from './CommunityTags.tsx';
import { DeleteCommunityButton } from './DeleteCommunityButton.tsx';
import { JoinButton } from './JoinButton.tsx';
import { isAdmin, useSession } from '../../../lib/session.tsx';
import { TEXTS } from './texts.ts';

const m = defineMessages({
  view: { id: 'forums.communities.view', defaultMessage: 'View Community', description: 'Button (title case, as the spec writes it) on a community\'s card: open the community (its name follows for screen readers).' },
});

export function CommunityCard({ community }: { community: Community }) {
  const { user } = useSession();
  const intl = useIntl();
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`community-${community._id}`}>
      <Stack gap="xs" h="100%">
        <Title order={2} size="h4" id={`community-${community._id}`} style={{ overflowWrap: 'anywhere' }} translate="no">{community.name}</Title>
        {community.description && <Text size="sm" lineClamp={3} translate="no">{community.description}</Text>}
        <CommunityTags specialties={community.specialties} modalities={community.modalities} />
        <Text size="xs" c="dimmed" mt="auto">
          {intl.formatMessage(TEXTS.memberAndPostCounts, { members: community.membersCount, posts: community.totalPostsCount })}
        </Text>
        <Group gap="xs" grow>
          <Button component={Link} to={`/community/${community._id}`} variant="default" size="xs">
            {intl.formatMessage(m.view)}<VisuallyHidden translate="no"> {community.name}</VisuallyHidden>
          </Button>
          <JoinButton community={community} />
        </Group>
        {isAdmin(user) && <Group justify="flex-end"><DeleteCommunityButton community={community} /></Group>}
      </Stack>
    </Card>
  );
}
