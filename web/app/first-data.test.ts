import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../common/accounts.ts';
import { conversationsQuery } from '../features/chat/api.ts';
import { DEFAULT_POST_ORDER, keys } from '../features/forums/api.ts';
import { directoryQuery } from '../features/therapists/api.ts';
import { EMPTY_FILTERS } from '../features/therapists/filters.ts';
import { FORUM_SIDEBAR_COMMUNITIES } from '../../common/constants.ts';
import { query, setToken } from '../lib/api.ts';
import { FIRST_DATA, SEED_FIRST_DATA, SIDE_DATA, primeFirstData } from './first-data.ts';
import { CONVERSATIONS_PATH, DIRECTORY_PATH, FEED_PATH, firstRequests, startRequests } from './first-requests.ts';

const me = { _id: 'me-1' } as Me;

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
}

// The first render finds the screen's list only if it is cached under the screen's own key, and the boot script's
// answer is only used if the same path is asked for: both are checked against the screens' own query builders.
describe('primeFirstData', () => {
  let asked: string[];

  beforeEach(() => {
    asked = [];
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('fetch', async (path: string) => {
      asked.push(path);
      const body = path.startsWith('/api/forumPosts') ? { posts: [{ title: 'From the boot script' }], nextCursor: null }
        : path.startsWith('/api/conversations') ? [] : { users: [{ name: 'Ann' }], totalPages: 1 };
      return new Response(JSON.stringify(body), { status: 200 });
    });
    setToken('ann');
  });
  afterEach(() => vi.unstubAllGlobals());

  async function primed(pathname: string, search = '') {
    startRequests(firstRequests(pathname, search).slice(1), 'ann');
    const client = new QueryClient();
    await primeFirstData(client, me);
    return client;
  }

  it('knows the paths the boot script asks for', () => {
    expect(Object.keys(FIRST_DATA).sort()).toEqual([CONVERSATIONS_PATH, DIRECTORY_PATH, FEED_PATH].sort());
  });

  it('caches the feed under the forums screen key, from the started request', async () => {
    const client = await primed('/forums');
    // The key the screen builds from an address with no order: { sort, period } from usePostSort's defaults.
    const data = client.getQueryData<{ pages: unknown[] }>(keys.postList({ sort: 'latest', period: 'week' }));
    expect(DEFAULT_POST_ORDER).toEqual({ sort: 'latest', period: 'week' });
    expect(data?.pages).toEqual([{ posts: [{ title: 'From the boot script' }], nextCursor: null }]);
    expect(asked).toEqual(['/api/forumPosts/feed']);
  });

  it('caches the directory and the conversations under their screens keys', async () => {
    expect((await primed('/therapists')).getQueryData(directoryQuery(EMPTY_FILTERS).queryKey)).toEqual({ users: [{ name: 'Ann' }], totalPages: 1 });
    expect((await primed('/chat')).getQueryData(conversationsQuery(me._id).queryKey)?.pages).toEqual([{ conversations: [], hasMore: false }]);
    expect(asked).toEqual(['/api/users', '/api/conversations?limit=100']);
  });

  it('primes nothing for a filtered list or another screen', async () => {
    expect((await primed('/forums', '?sort=top')).getQueryCache().getAll()).toHaveLength(0);
    expect((await primed('/settings')).getQueryCache().getAll()).toHaveLength(0);
    expect(asked).toEqual([]);
  });
});

// The server's render (docs/decisions/0104) puts the API's answers into the cache without fetching: the same keys and
// the same shapes as the browser's own priming above, so the screen taken over finds its list where it looks.
describe('SEED_FIRST_DATA', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('fetch', async () => { throw new Error('the server render fetches nothing'); });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('knows the same paths as the browser priming', () => {
    expect(Object.keys(SEED_FIRST_DATA).sort()).toEqual(Object.keys(FIRST_DATA).sort());
  });

  it('caches each answer under the screen key, shaped as the screen query makes it', async () => {
    const client = new QueryClient();
    const feed = { posts: [{ title: 'Drawn' }], nextCursor: null };
    const directory = { users: [{ name: 'Ann' }], totalPages: 1 };
    await SEED_FIRST_DATA[FEED_PATH](client, me, feed);
    await SEED_FIRST_DATA[DIRECTORY_PATH](client, me, directory);
    await SEED_FIRST_DATA[CONVERSATIONS_PATH](client, me, [{ _id: 'c1' }]);
    expect(client.getQueryData<{ pages: unknown[] }>(keys.postList(DEFAULT_POST_ORDER))?.pages).toEqual([feed]);
    expect(client.getQueryData(directoryQuery(EMPTY_FILTERS).queryKey)).toEqual(directory);
    expect(client.getQueryData(conversationsQuery(me._id).queryKey)?.pages).toEqual([{ conversations: [{ _id: 'c1' }], hasMore: false }]);
  });
});

// The forums' side columns drawn with their data: the paths their hooks ask for (web/features/forums/api.ts) and keys.
describe('SIDE_DATA', () => {
  it("caches the forums' side columns under their hooks' keys, from the paths the hooks ask for", async () => {
    const limit = FORUM_SIDEBAR_COMMUNITIES;
    const side = SIDE_DATA['/forums'];
    const joined = '/api/communities/joined';
    const recommendations = `/api/communities/recommendations?limit=${limit}`;
    const list = `/api/communities${query({ page: 1, limit })}`;
    expect(Object.keys(side).sort()).toEqual([joined, recommendations, list].sort());
    const client = new QueryClient();
    await side[joined](client, me, [{ _id: 'j1' }]);
    await side[recommendations](client, me, [{ _id: 'r1' }]);
    await side[list](client, me, { communities: [{ _id: 'l1' }], totalPages: 1 });
    expect(client.getQueryData(keys.joined)).toEqual([{ _id: 'j1' }]);
    expect(client.getQueryData(keys.recommendations)).toEqual([{ _id: 'r1' }]);
    expect(client.getQueryData(keys.communityList(1, limit, ''))).toEqual({ communities: [{ _id: 'l1' }], totalPages: 1 });
  });
});
