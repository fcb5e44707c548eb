import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { NotificationItem } from '../../../common/notifications.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { flattenNotifications, notificationPagesQuery, unreadCountQuery, useMarkRead } from './api.ts';
import { NotificationRow } from './NotificationRow.tsx';
import { useNow } from './useNow.ts';

/** /notifications: every item, newest first, a page at a time. */
export default function NotificationsPage() {
  const pages = useInfiniteQuery(notificationPagesQuery);
  const unread = useQuery(unreadCountQuery).data?.count ?? 0;
  const markRead = useMarkRead();
  const now = useNow();
  const items = flattenNotifications(pages.data);
  const open = (item: NotificationItem) => {
    if (!item.readAt) markRead.mutate({ ids: [item._id] });
  };

  return (
    <Container size="sm" px={0}>
      <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
        <Title order={1} size="h2">Notifications</Title>
        <Button variant="light" disabled={unread === 0} onClick={() => markRead.mutate({ all: true })}>Mark all as read</Button>
      </Group>
      {unread > 0 && <Text size="sm" c="dimmed" mb="sm">{unread} unread</Text>}
      {pages.isPending && <PageLoader label="Loading notifications..." />}
      {pages.isError && <Alert color="red" role="alert">Could not load notifications. Please try again.</Alert>}
      {pages.isSuccess && items.length === 0 && (
        <Paper withBorder p="lg"><Text c="dimmed">No notifications yet. Replies, mentions and likes will show here.</Text></Paper>
      )}
      {items.length > 0 && (
        <Paper withBorder p="xs">
          <Stack component="ul" gap={2} m={0} p={0} aria-label="All notifications">
            {items.map((item) => <NotificationRow key={item._id} item={item} now={now} onOpen={open} />)}
          </Stack>
        </Paper>
      )}
      {pages.hasNextPage && (
        <Stack align="center" mt="md" gap={4}>
          {pages.isFetchNextPageError && <Text size="sm" c="red.9" role="alert">Could not load more notifications.</Text>}
          {/* Not `disabled` while loading: the focus would drop out of the list. */}
          <Button variant="default" aria-busy={pages.isFetchingNextPage}
            onClick={() => { if (!pages.isFetchingNextPage) void pages.fetchNextPage(); }}>
            {pages.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </Stack>
      )}
    </Container>
  );
}
