import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Recommendation } from '../../../../common/communities.ts';
import { useJoinedCommunities, useRecommendations } from '../api.ts';
import { JoinButton } from './JoinButton.tsx';
import { SidebarCard } from './SidebarCard.tsx';
import { TEXTS } from './texts.ts';
import { useOptionLabels } from '../../../lib/option-labels.ts';
import { withValues } from '../../../lib/messages.ts';

const m = withValues(defineMessages({
  mine: { id: 'forums.sidebar.mine', defaultMessage: 'My Communities', description: 'Heading (title case, as the spec writes it) of the communities the member joined.' },
  noneJoined: { id: 'forums.sidebar.noneJoined', defaultMessage: "You haven't joined any communities yet.", description: 'The member has joined no community.' },
  recommended: { id: 'forums.sidebar.recommended', defaultMessage: 'Recommended For You', description: 'Heading (title case, as the spec writes it) of the communities recommended to the member.' },
  loadingRecommendations: { id: 'forums.sidebar.loadingRecommendations', defaultMessage: 'Loading recommendations...', description: 'Shown while the recommended communities load.' },
  noRecommendations: { id: 'forums.sidebar.noRecommendations', defaultMessage: 'No recommendations right now.', description: 'No community to recommend to the member.' },
  matches: { id: 'forums.sidebar.matches', defaultMessage: 'Matches:', description: 'Before the member\'s specialties, therapy types and age groups a recommended community matches.' },
  active: { id: 'forums.sidebar.active', defaultMessage: 'Active: {count, plural, one {# post} other {# posts}} in the last 30 days', description: 'Why a community is recommended: how many posts it had in the last 30 days.' },
  newToYou: { id: 'forums.sidebar.newToYou', defaultMessage: 'New to you', description: 'Why a community is recommended: the member has not seen it yet.' },
}));

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** The forum's left column: the reader's communities and the recommended ones, with why. */
export function MyCommunitiesColumn() {
  const joined = useJoinedCommunities();
  const recommended = useRecommendations();
  const intl = useIntl();
  return (
    <Stack gap="md">
      <SidebarCard title={intl.formatMessage(m.mine)} id="forum-my-communities">
        {joined.isPending ? <Text size="sm" c="dimmed">{intl.formatMessage(TEXTS.loadingCommunities)}</Text> : !joined.data?.length ? (
          <Text size="sm" c="dimmed">{intl.formatMessage(m.noneJoined)}</Text>
        ) : (
          <Stack gap={6} component="ul" style={listStyle}>
            {joined.data.map((c) => (
              <li key={c._id}><Anchor component={Link} to={`/community/${c._id}`} size="sm" style={{ overflowWrap: 'anywhere' }} translate="no">{c.name}</Anchor></li>
            ))}
          </Stack>
        )}
      </SidebarCard>
      <SidebarCard title={intl.formatMessage(m.recommended)} id="forum-recommended">
        {recommended.isPending ? <Text size="sm" c="dimmed">{intl.formatMessage(m.loadingRecommendations)}</Text> : !recommended.data?.length ? (
          <Text size="sm" c="dimmed">{intl.formatMessage(m.noRecommendations)}</Text>
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
  const intl = useIntl();
  const labels = useOptionLabels();
  const tags = [
    ...community.matched.specialties.map(labels.specialty), ...community.matched.modalities.map(labels.modality),
    ...community.matched.demographics.map(labels.ageGroup),
  ];
  return (
    <Stack component="li" gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Anchor component={Link} to={`/community/${community._id}`} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }} translate="no">{community.name}</Anchor>
        <JoinButton community={community} />
      </Group>
      {tags.length ? (
        <Group gap={4}>
          <Text size="xs" c="dimmed">{intl.formatMessage(m.matches)}</Text>
          {tags.map((t) => <Badge key={t} size="xs" variant="outline" tt="none">{t}</Badge>)}
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          {community.recentPostsCount ? intl.formatMessage(m.active, { count: community.recentPostsCount }) : intl.formatMessage(m.newToYou)}
        </Text>
      )}
    </Stack>
  );
}
