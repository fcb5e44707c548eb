import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import type { NotificationItem } from '../../../common/notifications.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { withValues } from '../../lib/messages.ts';
import { flattenNotifications, notificationPagesQuery, unreadCountQuery, useMarkRead } from './api.ts';
import { NotificationRow } from './NotificationRow.tsx';
import { useNow } from './useNow.ts';

const m = withValues(defineMessages({
  title: { id: 'notifications.page.title', defaultMessage: 'Notifications', description: 'Heading of the page of every notification.' },
  markAll: { id: 'notifications.markAll', defaultMessage: 'Mark all as read', description: 'Button marking every notification read.' },
  unread: { id: 'notifications.page.unread', defaultMessage: '{count, plural, one {# unread} other {# unread}}', description: 'How many notifications are unread.' },
  loading: { id: 'notifications.loading', defaultMessage: 'Loading notifications...', description: 'While the notifications load.' },
  failed: { id: 'notifications.failed', defaultMessage: 'Could not load notifications. Please try again.', description: 'The notifications could not be read.' },
  none: {
    id: 'notifications.page.none', defaultMessage: 'No notifications yet. Replies, mentions and likes will show here.',
    description: 'The page of notifications when there is none.',
  },
  all: { id: 'notifications.page.all', defaultMessage: 'All notifications', description: 'Accessible name of the list of every notification.' },
  moreFailed: { id: 'notifications.page.moreFailed', defaultMessage: 'Could not load more notifications.', description: 'The next page of notifications could not be read.' },
  loadingMore: { id: 'notifications.page.loadingMore', defaultMessage: 'Loading...', description: 'The load-more button while the next page loads.' },
  more: { id: 'notifications.page.more', defaultMessage: 'Load more', description: 'Button loading older notifications.' },
}));

/** /notifications: every item, newest first, a page at a time. */
export default function NotificationsPage() {
  const t = useIntl().formatMessage;
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
        <Title order={1} size="h2">{t(m.title)}</Title>
        <Button variant="light" disabled={unread === 0} onClick={() => markRead.mutate({ all: true })}>{t(m.markAll)}</Button>
      </Group>
      {unread > 0 && <Text size="sm" c="dimmed" mb="sm">{t(m.unread, { count: unread })}</Text>}
      {pages.isPending && <PageLoader label={t(m.loading)} />}
      {pages.isError && <Alert color="red" role="alert">{t(m.failed)}</Alert>}
      {pages.isSuccess && items.length === 0 && (
        <Paper withBorder p="lg"><Text c="dimmed">{t(m.none)}</Text></Paper>
      )}
      {items.length > 0 && (
        <Paper withBorder p="xs">
          <Stack component="ul" gap={2} m={0} p={0} aria-label={t(m.all)}>
            {items.map((item) => <NotificationRow key={item._id} item={item} now={now} onOpen={open} />)}
          </Stack>
        </Paper>
      )}
      {pages.hasNextPage && (
        <Stack align="center" mt="md" gap={4}>
          {pages.isFetchNextPageError && <Text size="sm" c="red.9" role="alert">{t(m.moreFailed)}</Text>}
          {/* Not `disabled` while loading: the focus would drop out of the list. */}
          <Button variant="default" aria-busy={pages.isFetchingNextPage}
            onClick={() => { if (!pages.isFetchingNextPage) void pages.fetchNextPage(); }}>
            {t(pages.isFetchingNextPage ? m.loadingMore : m.more)}
          </Button>
        </Stack>
      )}
    </Container>
  );
}
