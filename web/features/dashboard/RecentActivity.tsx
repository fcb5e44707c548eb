import { Anchor, ScrollArea, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageTag } from 'react-intl';
import { Link } from 'react-router';
import type { FeedItem } from '../../../common/activity.ts';
import { useTimeAgo } from '../../lib/time.ts';
import { groupActivity, type ActivityEntry } from './groupActivity.ts';

const m = defineMessages({
  empty: { id: 'dashboard.activity.empty', defaultMessage: 'No recent activity yet. Why not start a post?', description: 'Recent Activity card, empty.' },
  label: { id: 'dashboard.activity.label', defaultMessage: 'Recent activity', description: 'Accessible name of the activity list.' },
});
type Linked = { b: MessageTag; link: MessageTag; name: string; title: string; community: string };
const mv = defineMessages<{
  posted: Linked; commented: Linked; comments: { link: MessageTag; dim: MessageTag; count: number; title: string; community: string; names: string };
  resource: { link: MessageTag; title: string }; two: { first: string; second: string }; more: { first: string; second: string; others: number };
}>({
  posted: {
    id: 'dashboard.activity.posted', defaultMessage: '<b>{name}</b> posted <link>{title}</link> in {community}',
    description: 'A feed entry: {name} wrote the post {title} in the community {community}.',
  },
  commented: {
    id: 'dashboard.activity.commented', defaultMessage: '<b>{name}</b> commented on <link>{title}</link> in {community}',
    description: 'A feed entry: {name} commented on the post {title} in the community {community}.',
  },
  comments: {
    id: 'dashboard.activity.comments',
    defaultMessage: '{count, plural, one {# new comment} other {# new comments}} on <link>{title}</link> in {community}<dim> (by {names})</dim>',
    description: 'Several new comments on one post, folded into one entry; {names}: who wrote them (dashboard.activity.names.*).',
  },
  resource: { id: 'dashboard.activity.resource', defaultMessage: 'New resource: <link>{title}</link>', description: 'A feed entry: a resource was added to the library.' },
  two: { id: 'dashboard.activity.names.two', defaultMessage: '{first} and {second}', description: 'Two commenters\' names.' },
  more: {
    id: 'dashboard.activity.names.more', defaultMessage: '{first}, {second} and {others, plural, one {# other} other {# others}}',
    description: 'Two commenters\' names and how many more wrote.',
  },
});

const postLink = (communityId: string, postId: string) => `/community/${communityId}/post/${postId}`;
const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
const dim = (chunks: ReactNode[]) => <Text span size="xs" c="dimmed">{chunks}</Text>;
const linkTo = (to: string) => (chunks: ReactNode[]) => <Anchor underline="always" component={Link} to={to}>{chunks}</Anchor>;

function Item({ item }: { item: ActivityEntry }) {
  const intl = useIntl();
  switch (item.type) {
    case 'NEW_POST':
      return (
        <Text size="sm">
          <FormattedMessage {...mv.posted} values={{
            b: bold, link: linkTo(postLink(item.community._id, item._id)), name: item.author.name, title: item.title, community: item.community.name,
          }} />
        </Text>
      );
    case 'NEW_COMMENT':
      return (
        <Text size="sm">
          <FormattedMessage {...mv.commented} values={{
            b: bold, link: linkTo(postLink(item.post.community._id, item.post._id)), name: item.author.name, title: item.post.title,
            community: item.post.community.name,
          }} />
        </Text>
      );
    case 'COMMENT_GROUP':
      return (
        <Text size="sm">
          <FormattedMessage {...mv.comments} values={{
            link: linkTo(postLink(item.post.community._id, item.post._id)), dim, count: item.count, title: item.post.title,
            community: item.post.community.name, names: namesText(item.authors, intl.formatMessage),
          }} />
        </Text>
      );
    case 'NEW_RESOURCE':
      return (
        <Text size="sm">
          <FormattedMessage {...mv.resource} values={{ link: linkTo('/resources'), title: item.title }} />
        </Text>
      );
  }
}

/** "Ben", "Ben and Cai", "Ben, Cai and 2 others". */
function namesText(names: string[], t: ReturnType<typeof useIntl>['formatMessage']): string {
  if (names.length <= 1) return names.join('');
  if (names.length === 2) return t(mv.two, { first: names[0], second: names[1] });
  return t(mv.more, { first: names[0], second: names[1], others: names.length - 2 });
}

export function RecentActivity({ items: feed, readerId }: { items: FeedItem[]; readerId?: string }) {
  const intl = useIntl();
  const timeAgo = useTimeAgo();
  const items = groupActivity(feed, readerId);
  if (!items.length) return <Text c="dimmed">{intl.formatMessage(m.empty)}</Text>;
  return (
    <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={intl.formatMessage(m.label)}>
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
