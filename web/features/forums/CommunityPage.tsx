import { Alert, Badge, Box, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader.tsx';
import { ApiError } from '../../lib/api.ts';
import { isVerified, useSession } from '../../lib/session.tsx';
import { useCommunity } from './api.ts';
import { BackButton } from './components/BackButton.tsx';
import { CommunityTags } from './components/CommunityTags.tsx';
import { CreatePostForm } from './components/CreatePostForm.tsx';
import { DeleteCommunityButton } from './components/DeleteCommunityButton.tsx';
import { JoinButton } from './components/JoinButton.tsx';
import { PostList } from './components/PostList.tsx';
import { SearchBox } from './components/SearchBox.tsx';
import { SortControl, usePostSort } from './components/SortControl.tsx';
import { TEXTS } from './components/texts.ts';
import { useOptionLabels } from '../../lib/option-labels.ts';
import { IdSchema } from '../../../common/ids.ts';

const m = defineMessages({
  notFound: { id: 'forums.community.notFound', defaultMessage: 'Community not found.', description: 'The address names no community.' },
  searchPlaceholder: { id: 'forums.community.searchPlaceholder', defaultMessage: 'Search this community...', description: 'Placeholder of the search field of one community\'s posts.' },
  searchLabel: { id: 'forums.community.searchLabel', defaultMessage: 'Search this community', description: 'Accessible name of the search field of one community\'s posts.' },
  joinToPost: { id: 'forums.community.joinToPost', defaultMessage: 'Join this community to post in it.', description: 'Under the search: the member must join the community before posting in it.' },
  posts: { id: 'forums.community.posts', defaultMessage: 'Posts', description: 'Heading (for screen readers) of the community\'s posts.' },
});

export default function CommunityPage() {
  const { communityId = '' } = useParams();
  const { user } = useSession();
  const intl = useIntl();
  const labels = useOptionLabels();
  const navigate = useNavigate();
  const validId = IdSchema.safeParse(communityId).success;
  const { data: community, isPending, error } = useCommunity(communityId, validId);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [creating, setCreating] = useState(false);
  const order = usePostSort();

  if (validId && isPending) return <PageLoader label={intl.formatMessage(TEXTS.loadingCommunity)} />;
  if (!validId || error || !community) {
    return (
      <Stack gap="md">
        <BackButton fallback="/communities" />
        <Alert color="red" role="alert">{error instanceof ApiError && error.code !== 'NOT_FOUND' ? error.message : intl.formatMessage(m.notFound)}</Alert>
      </Stack>
    );
  }
  const canPost = isVerified(user) && community.joined;

  return (
    <Stack gap="md">
      <BackButton fallback="/communities" />
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }} translate="no">{community.name}</Title>
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              <JoinButton community={community} size="sm" />
              <DeleteCommunityButton community={community} onDeleted={() => void navigate('/communities')} />
            </Group>
          </Group>
          {community.description && <Text style={{ whiteSpace: 'pre-wrap' }} translate="no">{community.description}</Text>}
          <CommunityTags specialties={community.specialties} modalities={community.modalities} max={10} />
          {community.demographics.length > 0 && (
            <Group gap={6}>{community.demographics.map((d) => <Badge key={d} color="gray" variant="light" tt="none">{labels.ageGroup(d)}</Badge>)}</Group>
          )}
          <Text size="sm" c="dimmed">
            {intl.formatMessage(TEXTS.memberAndPostCounts, { members: community.membersCount, posts: community.totalPostsCount })}
          </Text>
        </Stack>
      </Paper>
      <Group gap="sm" align="flex-end">
        <div style={{ flex: 1, minWidth: 200 }}>
          <SearchBox value={search} onChange={setSearch} placeholder={intl.formatMessage(m.searchPlaceholder)} label={intl.formatMessage(m.searchLabel)} />
        </div>
        {canPost && !creating && <Button onClick={() => setCreating(true)}>{intl.formatMessage(TEXTS.createPost)}</Button>}
      </Group>
      {isVerified(user) && !community.joined && <Text size="sm" c="dimmed">{intl.formatMessage(m.joinToPost)}</Text>}
      {creating && <CreatePostForm communityId={community._id} onDone={() => setCreating(false)} />}
      <section aria-labelledby="community-posts">
        <VisuallyHidden component="h2" id="community-posts">{intl.formatMessage(m.posts)}</VisuallyHidden>
        {!debounced && <Box mb="sm"><SortControl state={order} /></Box>}
        <PostList
          scope={debounced ? { communityId: community._id, search: debounced } : { communityId: community._id, sort: order.sort, period: order.period }}
          emptyText={intl.formatMessage(TEXTS.noCommunityPosts)} loadingText={intl.formatMessage(TEXTS.loadingCommunity)} showCommunity={false}
        />
      </section>
    </Stack>
  );
}
