import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LIKES_LIST_CAP } from '../../../common/posts.ts';
import { headOf, pageBytes, pageJsonFor, withJson, type SharedPage } from './page-json.ts';
import { likesFor } from './present.ts';

const ids = (n: number, prefix = 'u') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('likesFor', () => {
  it('keeps the shared slice when it is right about the reader', () => {
    expect(likesFor(['a', 'b'], 'a', true)).toEqual(['a', 'b']);
    expect(likesFor(['a', 'b'], 'c', false)).toEqual(['a', 'b']);
  });

  it('puts the reader in when they like it but are not among the first likers, keeping the cap', () => {
    const many = ids(LIKES_LIST_CAP);
    const mine = likesFor(many, 'me', true);
    expect(mine).toHaveLength(LIKES_LIST_CAP);
    expect(mine[0]).toBe('me');
  });

  it('takes the reader out when the slice lists a like they no longer have', () => {
    expect(likesFor(['a', 'me', 'b'], 'me', false)).toEqual(['a', 'b']);
  });
});

describe('pageJsonFor', () => {
  type Row = { id: string; recent_likes: string[] };
  const shape = (row: Row, viewerId: string, liked: boolean) => ({ _id: row.id, likes: likesFor(row.recent_likes, viewerId, liked) });
  const page = (): SharedPage<Row> => ({ rows: [{ id: 'p1', recent_likes: ['a'] }, { id: 'p2', recent_likes: ids(LIKES_LIST_CAP) }], nextCursor: 'c' });

  it('sends the same bytes, compressible once, to every reader the shared lists are right about', () => {
    const shared = page();
    const forA = pageJsonFor(shared, 'posts', 'a', new Set(['p1']), shape);
    const forZ = pageJsonFor(shared, 'posts', 'z', new Set(), shape);
    expect(forA.body).toBe(forZ.body);
    const gzipped = forA.gzipped?.();
    expect(gzipped).toBeInstanceOf(Buffer);
    expect(gunzipSync(gzipped!).toString()).toBe(String(forA.body));
    // The same buffer: compressed once for every reader.
    expect(forZ.gzipped?.()).toBe(gzipped);
    expect(JSON.parse(String(forA.body))).toEqual({ posts: [{ _id: 'p1', likes: ['a'] }, { _id: 'p2', likes: ids(LIKES_LIST_CAP) }], nextCursor: 'c' });
  });

  it('writes again only for a reader the lists are wrong about', () => {
    const answer = pageJsonFor(page(), 'posts', 'me', new Set(['p2']), shape);
    expect(answer.gzipped).toBeUndefined();
    const { posts } = JSON.parse(String(answer.body)) as { posts: { _id: string; likes: string[] }[] };
    expect(posts[0].likes).toEqual(['a']);
    expect(posts[1].likes[0]).toBe('me');
    expect(posts[1].likes).toHaveLength(LIKES_LIST_CAP);
  });

  it('cuts a written page to its first rows as if they had been written alone, without writing them again', () => {
    const shared = withJson(page(), 'posts', shape);
    const head = headOf(shared, 1, 'posts', 'next');
    expect(head.written?.fragments[0]).toBe(shared.written?.fragments[0]);
    const alone = pageJsonFor({ rows: shared.rows.slice(0, 1), nextCursor: 'next' }, 'posts', 'z', new Set(), shape);
    expect(String(pageJsonFor(head, 'posts', 'z', new Set(), shape).body)).toBe(String(alone.body));
  });

  it('weighs a written page by its JSON, four copies of it', () => {
    const shared = withJson(page(), 'posts', shape);
    expect(pageBytes(shared)).toBe(4 * (shared.written?.plain.length ?? 0));
    expect(shared.written?.plain.length).toBeGreaterThan(0);
  });
});
