import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { usePostList, type PostScope } from '../api.ts';
import { PostCard } from './PostCard.tsx';
import { TEXTS } from './texts.ts';

type Props = { scope: PostScope; emptyText: string; loadingText: string; showCommunity?: boolean };

/**
 * Infinite scroll: the next page loads when the end of the list comes into view. The "Load more" button
 * does the same for keyboards, and for browsers without IntersectionObserver.
 */
export function PostList({ scope, emptyText, loadingText, showCommunity }: Props) {
  const intl = useIntl();
  const list = usePostList(scope);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '400px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (list.isPending) return <PageLoader label={loadingText} />;
  if (list.isError) return <Alert color="red" role="alert">{list.error.message}</Alert>;
  const posts = list.data.pages.flatMap((p) => p.posts);
  if (!posts.length) return <Text c="dimmed" py="lg" ta="center">{emptyText}</Text>;
  return (
    <Stack gap="sm">
      {posts.map((post) => <PostCard key={post._id} post={post} showCommunity={showCommunity} />)}
      <div ref={sentinel} />
      {hasNextPage && (
        <Center>
          <Button variant="light" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>{intl.formatMessage(TEXTS.loadMore)}</Button>
        </Center>
      )}
    </Stack>
  );
}
