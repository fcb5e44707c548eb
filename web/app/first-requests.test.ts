import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversationsUrl } from '../features/chat/api.ts';
import { postListUrl } from '../features/forums/api.ts';
import { directoryUrl } from '../features/therapists/api.ts';
import { EMPTY_FILTERS } from '../features/therapists/filters.ts';
import { api, setToken } from '../lib/api.ts';
import { EARLY_KEY, TOKEN_KEY } from '../lib/prefetch.ts';
import { BOOT_EARLY_KEY, BOOT_TOKEN_KEY, firstRequests, startRequests } from './first-requests.ts';

// A started request is only used when the screen asks for the very same path; these are the screens' own builders.
describe('firstRequests', () => {
  it('asks what each screen asks first, with the session check', () => {
    expect(firstRequests('/forums', '')).toEqual(['/api/users/me', postListUrl({ sort: 'latest' })]);
    expect(firstRequests('/therapists', '')).toEqual(['/api/users/me', directoryUrl(EMPTY_FILTERS)]);
    expect(firstRequests('/chat', '')).toEqual(['/api/users/me', conversationsUrl()]);
    expect(firstRequests('/chat/abc', '')).toEqual(['/api/users/me', conversationsUrl()]);
  });

  it('starts only the session check for a filtered list or another screen', () => {
    expect(firstRequests('/forums', '?q=grief')).toEqual(['/api/users/me']);
    expect(firstRequests('/therapists', '?specialties=Anxiety')).toEqual(['/api/users/me']);
    expect(firstRequests('/settings', '')).toEqual(['/api/users/me']);
  });
});

// An answer the boot script started is used by the first api() call for its path and token, once; any other call asks.
describe('started requests and api()', () => {
  let calls: { path: string; token: string | null }[];

  function memoryStorage() {
    const items = new Map<string, string>();
    return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
  }

  beforeEach(() => {
    calls = [];
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('fetch', async (path: string, init: { headers: Record<string, string> }) => {
      calls.push({ path, token: init.headers['x-auth-token'] ?? null });
      return new Response(JSON.stringify({ n: calls.length }), { status: 200 });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('meets the app on the same token key and global', () => {
    expect(BOOT_TOKEN_KEY).toBe(TOKEN_KEY);
    expect(BOOT_EARLY_KEY).toBe(EARLY_KEY);
  });

  it('the first GET for the path takes the started answer; the next one asks the server', async () => {
    setToken('ann');
    startRequests(['/api/forumPosts/feed'], 'ann');
    expect(await api('/api/forumPosts/feed')).toEqual({ n: 1 });
    expect(await api('/api/forumPosts/feed')).toEqual({ n: 2 });
    expect(calls.map((c) => c.path)).toEqual(['/api/forumPosts/feed', '/api/forumPosts/feed']);
  });

  it('an answer started for another token is not used', async () => {
    startRequests(['/api/users/me'], 'old');
    setToken('new');
    expect(await api('/api/users/me')).toEqual({ n: 2 });
    expect(calls.map((c) => c.token)).toEqual(['old', 'new']);
  });

  it('a write never takes a started answer', async () => {
    setToken('ann');
    startRequests(['/api/users/me'], 'ann');
    await api('/api/users/me', { method: 'PATCH', body: {} });
    expect(calls).toHaveLength(2);
  });
});
