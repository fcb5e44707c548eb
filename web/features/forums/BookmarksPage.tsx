import { Alert, Button, Center, Stack, Text, Title } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useBookmarks } from './api.ts';
import { PostCard } from './components/PostCard.tsx';
import { TEXTS } from './components/texts.ts';

const m = defineMessages({
  title: { id: 'forums.bookmarks.title', defaultMessage: 'Bookmarks', description: 'Heading of the screen of the posts the member saved.' },
  loading: { id: 'forums.bookmarks.loading', defaultMessage: 'Loading bookmarks...', description: 'Shown while the saved posts load.' },
  none: { id: 'forums.bookmarks.none', defaultMessage: 'No bookmarks yet. Press Bookmark on a post to save it here.', description: 'The member saved no posts yet ("Bookmark" is the button\'s name on a post).' },
  list: { id: 'forums.bookmarks.list', defaultMessage: 'Saved posts', description: 'Accessible name of the list of saved posts.' },
});

/** /bookmarks: the posts the member saved, newest saved first. */
export default function BookmarksPage() {
  const intl = useIntl();
  const list = useBookmarks();
  const posts = list.data?.pages.flatMap((p) => p.posts) ?? [];
  return (
    <Stack gap="md">
      <Title order={1}>{intl.formatMessage(m.title)}</Title>
      {list.isPending ? <PageLoader label={intl.formatMessage(m.loading)} />
        : list.isError ? <Alert color="red" role="alert">{list.error.message}</Alert>
        : !posts.length ? <Text c="dimmed">{intl.formatMessage(m.none)}</Text>
        : (
          <Stack gap="sm" component="section" aria-label={intl.formatMessage(m.list)}>
            {posts.map((post) => <PostCard key={post._id} post={post} />)}
            {list.hasNextPage && (
              <Center>
                <Button variant="light" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>{intl.formatMessage(TEXTS.loadMore)}</Button>
              </Center>
            )}
          </Stack>
        )}
    </Stack>
  );
}
