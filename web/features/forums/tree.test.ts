import { describe, expect, it } from 'vitest';
import type { Comment } from '../../../common/posts.ts';
import { buildTree, countDescendants, splitHighlight } from './tree.ts';

const c = (id: string, parent: string | null = null): Comment => ({
  _id: id, content: id, author: { _id: 'u', name: 'U', avatar: null }, likes: [], likesCount: 0,
  parentComment: parent, createdAt: '2026-01-01T00:00:00.000Z', deleted: false, editedAt: null,
});

describe('buildTree', () => {
  it('nests replies under their parents in order, and keeps orphans at the top', () => {
    const tree = buildTree([c('a'), c('b'), c('a1', 'a'), c('a1x', 'a1'), c('a2', 'a'), c('orphan', 'gone')]);
    expect(tree.map((n) => n.comment._id)).toEqual(['a', 'b', 'orphan']);
    expect(tree[0].replies.map((n) => n.comment._id)).toEqual(['a1', 'a2']);
    expect(tree[0].replies[0].replies.map((n) => n.comment._id)).toEqual(['a1x']);
    expect(countDescendants(tree[0])).toBe(3);
    expect(countDescendants(tree[1])).toBe(0);
  });
});

describe('splitHighlight', () => {
  it('turns <mark> markers into segments and leaves any other markup as text', () => {
    expect(splitHighlight('Grief <mark>work</mark> and <mark>loss</mark>')).toEqual([
      { text: 'Grief ', marked: false }, { text: 'work', marked: true }, { text: ' and ', marked: false }, { text: 'loss', marked: true },
    ]);
    expect(splitHighlight('<img src=x onerror=alert(1)>')).toEqual([{ text: '<img src=x onerror=alert(1)>', marked: false }]);
    expect(splitHighlight('')).toEqual([]);
  });
});
