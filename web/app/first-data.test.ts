import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../common/accounts.ts';
import { DRAWN_SCREENS, drawnScreenReads, type DrawnPath } from '../../common/drawn-screens.ts';
import { SCREEN_PATHS } from '../../common/screen-paths.ts';
import { conversationsQuery, conversationsUrl } from '../features/chat/api.ts';
import { DEFAULT_POST_ORDER, keys, postListUrl } from '../features/forums/api.ts';
import { directoryQuery, directoryUrl } from '../features/therapists/api.ts';
import { EMPTY_FILTERS } from '../features/therapists/filters.ts';
import { FORUM_SIDEBAR_COMMUNITIES } from '../../common/constants.ts';
import { query, setToken } from '../lib/api.ts';
import type { ScreenModule } from '../lib/drawn-screen.ts';
import { primeFirstData, seedDrawnScreen } from './first-data.ts';
import { preloadMemberScreen } from './routes.tsx';
import { firstRequests, startRequests } from './first-requests.ts';

const me = { _id: 'me-1' } as Me;

/** The module a descriptor names, loaded by its path under web/ (Vite's manifest key), as the server's preloads name it. */
const moduleOf = (path: DrawnPath) => import(/* @vite-ignore */ `../${DRAWN_SCREENS.find((s) => s.path === path)!.module}`) as Promise<ScreenModule>;

// Each descriptor is the only description of its screen: what the server reads, the boot script starts and the screen's
// code seeds must be the very paths the screen's own queries ask for, and its module the one the app draws there.
describe('the drawn screens descriptors', () => {
  const ownPaths: Record<DrawnPath, { first: string; side: string[]; addresses: RegExp }> = {
    '/forums': {
      first: postListUrl({ sort: 'latest' }),
      side: ['/api/communities/joined', `/api/communities/recommendations?limit=${FORUM_SIDEBAR_COMMUNITIES}`,
        `/api/communities${query({ page: 1, limit: FORUM_SIDEBAR_COMMUNITIES })}`],
      addresses: SCREEN_PATHS.forums,
    },
    '/therapists': { first: directoryUrl(EMPTY_FILTERS), side: [], addresses: SCREEN_PATHS.therapists },
    '/chat': { first: conversationsUrl(), side: [], addresses: SCREEN_PATHS.chat },
  };

  for (const screen of DRAWN_SCREENS) {
    it(`${screen.path}: the reads are the screen's own, its module seeds exactly them and does what it promises after the takeover`, async () => {
      const own = ownPaths[screen.path];
      expect(screen.first).toBe(own.first);
      expect([...screen.side].sort()).toEqual([...own.side].sort());
      expect(screen.addresses.source).toBe(own.addresses.source);
      const module = await moduleOf(screen.path);
      // The module the app draws there is the one the descriptor names (and the server preloads).
      expect(await preloadMemberScreen(screen.path)).toBe(module);
      const { drawn } = module;
      expect(Object.keys(drawn!.seed).sort()).toEqual(drawnScreenReads(screen).sort());
      expect(typeof drawn!.afterTakeover).toBe(screen.afterTakeover === null ? 'undefined' : 'function');
    });
  }
});

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

  async function primed(pathname: DrawnPath, search = '') {
    startRequests(firstRequests(pathname, search).slice(1), 'ann');
    const client = new QueryClient();
    await primeFirstData(client, me, await moduleOf(pathname));
    return client;
  }

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
    const client = new QueryClient();
    startRequests(firstRequests('/settings', '').slice(1), 'ann');
    await primeFirstData(client, me, {});
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(asked).toEqual([]);
  });
});

// The server's render (docs/decisions/0104) puts the API's answers into the cache without fetching: the same keys and
// the same shapes as the browser's own priming above, so the screen taken over finds its list where it looks.
describe('seedDrawnScreen', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('fetch', async () => { throw new Error('the server render fetches nothing'); });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('caches each first list under the screen key, shaped as the screen query makes it', async () => {
    const client = new QueryClient();
    const feed = { posts: [{ title: 'Drawn' }], nextCursor: null };
    const directory = { users: [{ name: 'Ann' }], totalPages: 1 };
    seedDrawnScreen(client, me, await moduleOf('/forums'), { [postListUrl({ sort: 'latest' })]: feed });
    seedDrawnScreen(client, me, await moduleOf('/therapists'), { [directoryUrl(EMPTY_FILTERS)]: directory });
    seedDrawnScreen(client, me, await moduleOf('/chat'), { [conversationsUrl()]: [{ _id: 'c1' }] });
    expect(client.getQueryData<{ pages: unknown[] }>(keys.postList(DEFAULT_POST_ORDER))?.pages).toEqual([feed]);
    expect(client.getQueryData(directoryQuery(EMPTY_FILTERS).queryKey)).toEqual(directory);
    expect(client.getQueryData(conversationsQuery(me._id).queryKey)?.pages).toEqual([{ conversations: [{ _id: 'c1' }], hasMore: false }]);
  });

  // Drawn "Loading..." instead, they would fill in after the takeover and push the posts down.
  it("caches the forums' side columns under their hooks' keys", async () => {
    const limit = FORUM_SIDEBAR_COMMUNITIES;
    const client = new QueryClient();
    seedDrawnScreen(client, me, await moduleOf('/forums'), {
      '/api/communities/joined': [{ _id: 'j1' }],
      [`/api/communities/recommendations?limit=${limit}`]: [{ _id: 'r1' }],
      [`/api/communities${query({ page: 1, limit })}`]: { communities: [{ _id: 'l1' }], totalPages: 1 },
    });
    expect(client.getQueryData(keys.joined)).toEqual([{ _id: 'j1' }]);
    expect(client.getQueryData(keys.recommendations)).toEqual([{ _id: 'r1' }]);
    expect(client.getQueryData(keys.communityList(1, limit, ''))).toEqual({ communities: [{ _id: 'l1' }], totalPages: 1 });
  });
});
