// An answer the boot script started is used by the first api() call for its path and token, once; any other call asks.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, setToken } from './api.ts';
import { prefetch } from './prefetch.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
}

let calls: { path: string; token: string | null }[];

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

describe('prefetched answers', () => {
  it('the first GET for the path takes the started answer; the next one asks the server', async () => {
    setToken('ann');
    prefetch('/api/forumPosts/feed', 'ann');
    expect(await api('/api/forumPosts/feed')).toEqual({ n: 1 });
    expect(await api('/api/forumPosts/feed')).toEqual({ n: 2 });
    expect(calls.map((c) => c.path)).toEqual(['/api/forumPosts/feed', '/api/forumPosts/feed']);
  });

  it('an answer started for another token is not used', async () => {
    prefetch('/api/users/me', 'old');
    setToken('new');
    expect(await api('/api/users/me')).toEqual({ n: 2 });
    expect(calls.map((c) => c.token)).toEqual(['old', 'new']);
  });

  it('a write never takes a started answer', async () => {
    setToken('ann');
    prefetch('/api/users/me', 'ann');
    await api('/api/users/me', { method: 'PATCH', body: {} });
    expect(calls).toHaveLength(2);
  });
});
