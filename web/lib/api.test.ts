// The API client and the token: a session the server ends drops its token and empties what was cached for that user,
// and a late refusal of an old token never signs out whoever signed in since.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, SESSION_ENDED_EVENT, api, clearToken, getToken, markMember, onTokenChange, setToken } from './api.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const refusal = () => new Response(JSON.stringify({ msg: 'Your session has ended. Please log in again.', code: 'SESSION_ENDED' }), { status: 401 });

/** The app's wiring (web/lib/session.tsx): every change of token empties the query cache. */
function cacheOfSignedInUser() {
  const client = new QueryClient();
  client.setQueryData(['communities', 'joined', 'dashboard'], [{ _id: 'c1', name: "Ann's circle" }]);
  const stop = onTokenChange(() => client.clear());
  return { client, stop };
}

let ended: number;
const countEnd = () => void ended++;

beforeEach(() => {
  ended = 0;
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('window', new EventTarget());
  window.addEventListener(SESSION_ENDED_EVENT, countEnd);
});
afterEach(() => vi.unstubAllGlobals());

describe('session end', () => {
  it('a 401 for the token in use drops the token, announces the end and empties the cache', async () => {
    setToken('ann');
    const { client, stop } = cacheOfSignedInUser();
    vi.stubGlobal('fetch', vi.fn(async () => refusal()));

    await expect(api('/api/posts')).rejects.toBeInstanceOf(ApiError);
    stop();
    expect(getToken()).toBeNull();
    expect(ended).toBe(1);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });

  it('a late 401 for a token already replaced leaves the new session and its cache alone', async () => {
    setToken('ann');
    let answer!: (response: Response) => void;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => { answer = resolve; })));
    const late = api('/api/posts');
    setToken('ben');
    const { client, stop } = cacheOfSignedInUser();

    answer(refusal());
    await expect(late).rejects.toBeInstanceOf(ApiError);
    stop();
    expect(getToken()).toBe('ben');
    expect(ended).toBe(0);
    expect(client.getQueryCache().getAll()).toHaveLength(1);
  });

  it('signing in and signing out empty the cache too; clearing no token changes nothing', () => {
    const { client, stop } = cacheOfSignedInUser();
    clearToken();
    expect(client.getQueryCache().getAll()).toHaveLength(1);
    setToken('ann');
    expect(client.getQueryCache().getAll()).toEqual([]);
    client.setQueryData(['activity', 'feed'], []);
    clearToken();
    stop();
    expect(client.getQueryCache().getAll()).toEqual([]);
  });

  it('signing in sets the member hint cookie for the server, signing out removes it (docs/decisions/0099)', () => {
    const jar = { cookie: '' };
    vi.stubGlobal('document', jar);
    vi.stubGlobal('location', { protocol: 'https:' });
    setToken('ann');
    expect(jar.cookie).toBe('thera_member=1; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
    clearToken();
    expect(jar.cookie).toBe('thera_member=; Max-Age=0; Path=/; SameSite=Lax; Secure');
    // Already as it should be: nothing written.
    jar.cookie = 'other=1';
    markMember(false);
    expect(jar.cookie).toBe('other=1');
  });
});

describe('Idempotency-Key on creates', () => {
  /** A fetch answering `answers` in turn (an Error is a lost connection), recording each request's key. */
  function server(answers: (number | Error)[]) {
    const keys: (string | undefined)[] = [];
    vi.stubGlobal('fetch', vi.fn(async (_path: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['idempotency-key']);
      const next = answers.shift()!;
      if (next instanceof Error) throw next;
      return new Response(JSON.stringify(next < 300 ? { _id: 'p1' } : { msg: 'No', code: 'CONFLICT' }), { status: next });
    }));
    return keys;
  }
  const create = (body: object) => api('/api/forumPosts', { method: 'POST', body, idempotent: true });

  it('a submission retried after a lost answer sends the same key; the next submission, even with the same words, a new one', async () => {
    const keys = server([new TypeError('Failed to fetch'), 201, 201]);
    const body = { title: 'Retried', content: 'Twice.' };
    await expect(create(body)).rejects.toThrow('Failed to fetch');
    await create(body);
    await create(body);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('keeps the key after "still in progress" or a server failure, and drops it after a refusal; another body has its own', async () => {
    const keys = server([409, 503, 201, 400, 201]);
    const body = { title: 'Busy', content: 'Wait.' };
    for (let i = 0; i < 2; i++) await expect(create(body)).rejects.toBeInstanceOf(ApiError);
    await create({ title: 'Other', content: 'Words.' });
    await expect(create(body)).rejects.toBeInstanceOf(ApiError);
    await create(body);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[3]).toBe(keys[0]);
    expect(keys[4]).not.toBe(keys[0]);
  });

  it('sends no key on a request that did not ask for one', async () => {
    const keys = server([201]);
    await api('/api/forumPosts', { method: 'POST', body: {} });
    expect(keys).toEqual([undefined]);
  });
});
