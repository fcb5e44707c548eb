import { Anchor, ScrollArea, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { FeedItem } from '../../../common/activity.ts';
import { timeAgo } from '../../lib/time.ts';
import { plural } from '../../lib/words.ts';
import { groupActivity, type ActivityEntry } from './groupActivity.ts';

const postLink = (communityId: string, postId: string) => `/community/${communityId}/post/${postId}`;

function Item({ item }: { item: ActivityEntry }) {
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
    case 'COMMENT_GROUP':
      return (
        <Text size="sm">
          {plural(item.count, 'new comment')} on{' '}
          <Anchor underline="always" component={Link} to={postLink(item.post.community._id, item.post._id)}>{item.post.title}</Anchor> in {item.post.community.name}
          <Text span size="xs" c="dimmed"> (by {namesText(item.authors)})</Text>
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

/** "Ben", "Ben and Cai", "Ben, Cai and 2 others". */
function namesText(names: string[]): string {
  if (names.length <= 2) return names.join(' and ');
  const rest = names.length - 2;
  return `${names.slice(0, 2).join(', ')} and ${plural(rest, 'other')}`;
}

export function RecentActivity({ items: feed, readerId }: { items: FeedItem[]; readerId?: string }) {
  const items = groupActivity(feed, readerId);
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
