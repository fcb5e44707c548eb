import { Avatar, Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { NotificationItem } from '../../../common/notifications.ts';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useTimeAgo } from '../../lib/time.ts';
import { describeNotification } from './describe.ts';
import './notifications.css';

const m = defineMessages({
  unread: { id: 'notifications.row.unread', defaultMessage: 'Unread: ', description: 'Read by screen readers before an unread notification\'s sentence (keep the space after it).' },
});

type Props = { item: NotificationItem; now: Date; onOpen: (item: NotificationItem) => void };

/** One item, a link to its target: opening it marks it read. Unread ones are marked by a dot, weight and words. */
export function NotificationRow({ item, now, onOpen }: Props) {
  const intl = useIntl();
  const timeAgo = useTimeAgo();
  const unread = !item.readAt;
  return (
    <Box component="li" style={{ listStyle: 'none' }}>
      <UnstyledButton component={Link} to={item.target.url} onClick={() => onOpen(item)}
        className="notification-row" data-unread={unread || undefined} p="xs" w="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {/* The sentence names the actors; their initials would only repeat them. */}
          <Box aria-hidden="true"><Actors item={item} /></Box>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={unread ? 700 : 400} style={{ overflowWrap: 'anywhere' }}>
              {unread && <VisuallyHidden>{intl.formatMessage(m.unread)}</VisuallyHidden>}
              {describeNotification(intl, item)}
            </Text>
            {item.target.title && <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }} translate="no">{item.target.title}</Text>}
            <Text size="xs" c="dimmed">{timeAgo(item.createdAt, now)}</Text>
          </Stack>
          {unread && <span className="notification-dot" aria-hidden="true" />}
        </Group>
      </UnstyledButton>
    </Box>
  );
}

function Actors({ item }: { item: NotificationItem }) {
  const shown = item.actors.slice(0, 2);
  if (shown.length === 0) return <Avatar size="md" color="brand" aria-hidden="true" />;
  if (shown.length === 1) return <UserAvatar name={shown[0].name} src={shown[0].avatar} size="md" />;
  return (
    <Avatar.Group spacing="md">
      {shown.map((a) => <UserAvatar key={a._id} name={a.name} src={a.avatar} size="md" />)}
    </Avatar.Group>
  );
}
