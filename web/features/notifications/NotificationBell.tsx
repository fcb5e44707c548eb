import { ActionIcon, Anchor, Button, Group, Popover, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { NotificationItem } from '../../../common/notifications.ts';
import { isVerified, useSession } from '../../lib/session.tsx';
import { useAdoptBrowserTimeZone } from '../../lib/time-zone.ts';
import { flattenNotifications, notificationPagesQuery, POPOVER_ITEMS, unreadCountQuery, useMarkRead } from './api.ts';
import { bellLabel } from './describe.ts';
import { badgeCount } from '../../lib/badge-count.ts';
import { NotificationRow } from './NotificationRow.tsx';
import { useLiveNotifications } from './useLiveNotifications.ts';
import { useNow } from './useNow.ts';
import './notifications.css';

const BellIcon = () => (
  <svg width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2}
    strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);

const m = defineMessages({
  title: { id: 'notifications.popover.title', defaultMessage: 'Notifications', description: 'Heading of the bell\'s popover of latest notifications.' },
  markAll: { id: 'notifications.markAll', defaultMessage: 'Mark all as read', description: 'Button marking every notification read.' },
  loading: { id: 'notifications.loading', defaultMessage: 'Loading notifications...', description: 'While the notifications load.' },
  failed: { id: 'notifications.failed', defaultMessage: 'Could not load notifications. Please try again.', description: 'The notifications could not be read.' },
  none: { id: 'notifications.popover.none', defaultMessage: 'No notifications yet.', description: 'The bell\'s popover when there is no notification.' },
  seeAll: { id: 'notifications.popover.seeAll', defaultMessage: 'See all', description: 'Link from the bell\'s popover to the page of every notification.' },
});

/** The top bar's bell: the unread count, live, and a popover with the latest items. Verified members only. */
export default function NotificationBell() {
  const { user } = useSession();
  const intl = useIntl();
  const member = isVerified(user);
  const [opened, setOpened] = useState(false);
  const unread = useQuery({ ...unreadCountQuery, enabled: member }).data?.count ?? 0;
  useLiveNotifications(member);
  useAdoptBrowserTimeZone(member);
  if (!member) return null;

  return (
    // Fixed, like the header it hangs from: placed in the page, a dropdown past a phone's right edge widened the page,
    // the phone zoomed out to show it, the dropdown was placed again inside, the page narrowed, and so on every frame
    // (seen after a full-page screenshot resized the window).
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width="min(380px, calc(100vw - 16px))"
      shadow="md" trapFocus returnFocus withinPortal floatingStrategy="fixed">
      <Popover.Target>
        <ActionIcon variant="subtle" color="dark" size="lg" aria-label={bellLabel(intl, unread)} onClick={() => setOpened((o) => !o)}
          pos="relative">
          <BellIcon />
          {unread > 0 && <span className="notification-badge" aria-hidden="true">{badgeCount(intl, unread)}</span>}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs" aria-labelledby="notifications-popover-title">
        {opened && <LatestNotifications unread={unread} onClose={() => setOpened(false)} />}
      </Popover.Dropdown>
    </Popover>
  );
}

function LatestNotifications({ unread, onClose }: { unread: number; onClose: () => void }) {
  const t = useIntl().formatMessage;
  const pages = useInfiniteQuery(notificationPagesQuery);
  const items = flattenNotifications(pages.data).slice(0, POPOVER_ITEMS);
  const markRead = useMarkRead();
  const now = useNow();
  const open = (item: NotificationItem) => {
    if (!item.readAt) markRead.mutate({ ids: [item._id] });
    onClose();
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap" px={4}>
        <Title order={2} size="h5" id="notifications-popover-title">{t(m.title)}</Title>
        <Button variant="subtle" size="compact-sm" disabled={unread === 0} onClick={() => markRead.mutate({ all: true })}>
          {t(m.markAll)}
        </Button>
      </Group>
      {pages.isPending && <Text size="sm" c="dimmed" px={4}>{t(m.loading)}</Text>}
      {pages.isError && <Text size="sm" c="red.9" role="alert" px={4}>{t(m.failed)}</Text>}
      {pages.isSuccess && items.length === 0 && <Text size="sm" c="dimmed" px={4}>{t(m.none)}</Text>}
      {items.length > 0 && (
        <ScrollArea.Autosize mah="min(420px, 60vh)" type="auto">
          <Stack component="ul" gap={2} m={0} p={0}>
            {items.map((item) => <NotificationRow key={item._id} item={item} now={now} onOpen={open} />)}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Anchor component={Link} to="/notifications" onClick={onClose} size="sm" ta="center" py={4}>{t(m.seeAll)}</Anchor>
    </Stack>
  );
}
