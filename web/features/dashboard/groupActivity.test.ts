import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../../../common/activity.ts';
import { groupActivity } from './groupActivity.ts';

const community = { _id: 'c1', name: 'Trauma Care' };
const comment = (id: string, postId: string, author: string, at: string): FeedItem => ({
  type: 'NEW_COMMENT', _id: id, createdAt: at, author: { _id: `u-${author}`, name: author }, post: { _id: postId, title: `Post ${postId}`, community },
});
const post = (id: string, at: string): FeedItem => ({ type: 'NEW_POST', _id: id, createdAt: at, title: 'A post', author: { _id: 'u-Ana', name: 'Ana' }, community });

describe('groupActivity', () => {
  it('folds three comments on one post into one entry where the newest was', () => {
    const items = [
      comment('k3', 'p1', 'Ben', '2026-01-01T00:00:05Z'), post('p2', '2026-01-01T00:00:04Z'),
      comment('k2', 'p1', 'Cai', '2026-01-01T00:00:03Z'), comment('k1', 'p1', 'Ben', '2026-01-01T00:00:02Z'),
    ];
    expect(groupActivity(items)).toEqual([
      { type: 'COMMENT_GROUP', _id: 'p1', createdAt: '2026-01-01T00:00:05Z', count: 3, authors: ['Ben', 'Cai'], post: { _id: 'p1', title: 'Post p1', community } },
      items[1],
    ]);
  });

  it('leaves a single comment, posts and other posts\' comments as they are', () => {
    const items = [comment('k2', 'p1', 'Ben', '2026-01-01T00:00:03Z'), comment('k1', 'p2', 'Cai', '2026-01-01T00:00:02Z'), post('p3', '2026-01-01T00:00:01Z')];
    expect(groupActivity(items)).toEqual(items);
    expect(groupActivity([])).toEqual([]);
  });

  it('leaves out what the reader wrote: their comments are not counted as new, their posts not shown', () => {
    const items = [
      comment('k3', 'p1', 'Me', '2026-01-01T00:00:05Z'), comment('k2', 'p1', 'Ben', '2026-01-01T00:00:04Z'),
      comment('k1', 'p9', 'Me', '2026-01-01T00:00:03Z'), post('p2', '2026-01-01T00:00:02Z'),
    ];
    expect(groupActivity(items, 'u-Me')).toEqual([items[1], items[3]]);
    expect(groupActivity(items, 'u-Ana')).toEqual([
      { type: 'COMMENT_GROUP', _id: 'p1', createdAt: '2026-01-01T00:00:05Z', count: 2, authors: ['Me', 'Ben'], post: { _id: 'p1', title: 'Post p1', community } },
      items[2],
    ]);
  });
});
