// Activity items as the API shows them (common/activity.ts): the spec's section 3 fields, and only those.
import type { FeedItem } from '../../../common/activity.ts';
import type { FeedRow } from './queries.ts';

export function toFeedItem(r: FeedRow): FeedItem {
  const community = { _id: r.community_id ?? '', name: r.community_name ?? '' };
  switch (r.type) {
    case 'NEW_POST':
      return { type: r.type, _id: r.id, createdAt: r.created_at, title: r.title ?? '', author: { name: r.author_name ?? '' }, community };
    case 'NEW_COMMENT':
      return {
        type: r.type, _id: r.id, createdAt: r.created_at, author: { name: r.author_name ?? '' },
        post: { _id: r.post_id ?? '', title: r.post_title ?? '', community },
      };
    case 'NEW_RESOURCE':
      return { type: r.type, _id: r.id, createdAt: r.created_at, title: r.title ?? '' };
  }
}
