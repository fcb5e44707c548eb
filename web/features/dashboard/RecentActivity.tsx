import { Anchor, ScrollArea, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { FeedItem } from '../../../common/activity.ts';
import { timeAgo } from '../../lib/time.ts';

const postLink = (communityId: string, postId: string) => `/community/${communityId}/post/${postId}`;

function Item({ item }: { item: FeedItem }) {
  switch (item.type) {
    case 'NEW_POST':
      return (
        <Text size="sm">
          <strong>{item.author.name}</strong> posted{' '}
          <Anchor underline="always" component={Link} to={postLink(item.community._id, item._id)}>{item.title}</Anchor> in {item.community.name}
        </Text>
      );
    case 'NEW_COMMENT':
      return (
        <Text size="sm">
          <strong>{item.author.name}</strong> commented on{' '}
          <Anchor underline="always" component={Link} to={postLink(item.post.community._id, item.post._id)}>{item.post.title}</Anchor> in {item.post.community.name}
        </Text>
      );
    case 'NEW_RESOURCE':
      return (
        <Text size="sm">
          New resource: <Anchor underline="always" component={Link} to="/resources">{item.title}</Anchor>
        </Text>
      );
  }
}

export function RecentActivity({ items }: { items: FeedItem[] }) {
  if (!items.length) return <Text c="dimmed">No recent activity yet. Why not start a post?</Text>;
  return (
    <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Recent activity">
        {items.map((item) => (
          <li key={`${item.type}-${item._id}`} style={{ overflowWrap: 'anywhere' }}>
            <Item item={item} />
            <Text size="xs" c="dimmed"><time dateTime={item.createdAt}>{timeAgo(item.createdAt)}</time></Text>
          </li>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
