// "X commented on Y" three times for one post reads as noise: the dashboard shows one "3 new comments on Y" instead
//. Grouped here, over the items shown, so the feed API keeps the spec's fields.
import type { FeedItem } from '../../../common/activity.ts';

type CommentItem = Extract<FeedItem, { type: 'NEW_COMMENT' }>;
/** Several new comments on one post: placed where its newest comment was, with who wrote them (newest first, once each). */
type CommentGroup = { type: 'COMMENT_GROUP'; _id: string; createdAt: string; count: number; authors: string[]; post: CommentItem['post'] };
export type ActivityEntry = FeedItem | CommentGroup;

/**
 * Items newest first in, entries newest first out; a post's single comment stays an ordinary item. What the reader
 * (`readerId`) wrote is left out: their own posts and comments are not news to them.
 */
export function groupActivity(feed: FeedItem[], readerId?: string): ActivityEntry[] {
  const items = feed.filter((item) => item.type === 'NEW_RESOURCE' || item.author._id !== readerId);
  const byPost = new Map<string, CommentItem[]>();
  for (const item of items) {
    if (item.type !== 'NEW_COMMENT') continue;
    byPost.set(item.post._id, [...(byPost.get(item.post._id) ?? []), item]);
  }
  const entries: ActivityEntry[] = [];
  for (const item of items) {
    if (item.type !== 'NEW_COMMENT') { entries.push(item); continue; }
    const group = byPost.get(item.post._id) ?? [item];
    if (group.length === 1) { entries.push(item); continue; }
    // The group takes the place of its newest comment; the older ones are folded into it.
    if (group[0] !== item) continue;
    entries.push({
      type: 'COMMENT_GROUP', _id: item.post._id, createdAt: item.createdAt, count: group.length,
      authors: [...new Set(group.map((c) => c.author.name))], post: item.post,
    });
  }
  return entries;
}
