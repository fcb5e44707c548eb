import { Alert, Button, Center, Stack, Text, Title } from '@mantine/core';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useBookmarks } from './api.ts';
import { PostCard } from './components/PostCard.tsx';

/** /bookmarks: the posts the member saved, newest saved first. */
export default function BookmarksPage() {
  const list = useBookmarks();
  const posts = list.data?.pages.flatMap((p) => p.posts) ?? [];
  return (
    <Stack gap="md">
      <Title order={1}>Bookmarks</Title>
      {list.isPending ? <PageLoader label="Loading bookmarks..." />
        : list.isError ? <Alert color="red" role="alert">{list.error.message}</Alert>
        : !posts.length ? <Text c="dimmed">No bookmarks yet. Press Bookmark on a post to save it here.</Text>
        : (
          <Stack gap="sm" component="section" aria-label="Saved posts">
            {posts.map((post) => <PostCard key={post._id} post={post} />)}
            {list.hasNextPage && (
              <Center>
                <Button variant="light" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>Load more</Button>
              </Center>
            )}
          </Stack>
        )}
    </Stack>
  );
}
