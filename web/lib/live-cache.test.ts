// A live edit of the query cache outlives a read of the same key that was on its way when the edit was made (an answer
// the server gave before the event), and is made once when nothing is being read.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { applyLive } from './live-cache.ts';

type Count = { count: number };
type Names = string[];

/** A read the test answers by hand, with how many times it was asked. */
function handAnswered<T>() {
  const answers: ((value: T) => void)[] = [];
  return {
    read: () => new Promise<T>((resolve) => { answers.push(resolve); }),
    get reads() { return answers.length; },
    answer: (n: number, value: T) => answers[n](value),
  };
}

/** A screen showing the key, as the app has it: an observer that starts its read. */
function shown<T>(client: QueryClient, queryKey: string[], read: () => Promise<T>) {
  const observer = new QueryObserver<T>(client, { queryKey, queryFn: read, retry: false });
  return observer.subscribe(() => {});
}

const add = (name: string) => (names: Names | undefined) => (names && !names.includes(name) ? [...names, name] : names);

describe('applyLive', () => {
  it('keeps a count pushed while the first read of it is on its way, over that read\'s older answer', async () => {
    const client = new QueryClient();
    const server = handAnswered<Count>();
    const stop = shown(client, ['count'], server.read);
    await vi.waitFor(() => expect(server.reads).toBe(1));
    applyLive<Count>(client, ['count'], { count: 5 });
    expect(client.getQueryData(['count'])).toEqual({ count: 5 });
    server.answer(0, { count: 2 });
    await vi.waitFor(() => expect(client.getQueryState(['count'])?.fetchStatus).toBe('idle'));
    expect(client.getQueryData(['count'])).toEqual({ count: 5 });
    expect(server.reads).toBe(1);
    stop();
  });

  it('makes an edit again after a refetch answered without it', async () => {
    const client = new QueryClient();
    client.setQueryData<Names>(['names'], ['ann']);
    const server = handAnswered<Names>();
    const refetch = client.fetchQuery({ queryKey: ['names'], queryFn: server.read, staleTime: 0 });
    applyLive<Names>(client, ['names'], add('bea'));
    server.answer(0, ['ann', 'cy']);
    await refetch;
    expect(client.getQueryData(['names'])).toEqual(['ann', 'cy', 'bea']);
  });

  it('makes it again after a refetch that replaced the read it met (an invalidation)', async () => {
    const client = new QueryClient();
    const server = handAnswered<Names>();
    const stop = shown(client, ['names'], server.read);
    await vi.waitFor(() => expect(server.reads).toBe(1));
    client.setQueryData<Names>(['names'], ['ann']);
    applyLive<Names>(client, ['names'], add('bea'));
    void client.invalidateQueries({ queryKey: ['names'] });
    await vi.waitFor(() => expect(server.reads).toBe(2));
    server.answer(0, ['ann']);
    server.answer(1, ['ann', 'cy']);
    await vi.waitFor(() => expect(client.getQueryState(['names'])?.fetchStatus).toBe('idle'));
    expect(client.getQueryData(['names'])).toEqual(['ann', 'cy', 'bea']);
    stop();
  });

  it('makes the `again` edit over the answer when one is given', async () => {
    const client = new QueryClient();
    client.setQueryData<Names>(['names'], ['ann']);
    const server = handAnswered<Names>();
    const refetch = client.fetchQuery({ queryKey: ['names'], queryFn: server.read, staleTime: 0 });
    applyLive<Names>(client, ['names'], add('bea'), { again: add('bea (again)') });
    server.answer(0, ['ann']);
    await refetch;
    expect(client.getQueryData(['names'])).toEqual(['ann', 'bea (again)']);
  });

  it('makes an edit once when nothing is being read', async () => {
    const client = new QueryClient();
    client.setQueryData<Names>(['names'], ['ann']);
    const edit = vi.fn(add('bea'));
    applyLive<Names>(client, ['names'], edit);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(edit).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(['names'])).toEqual(['ann', 'bea']);
  });

  it('keeps the edit when the read it met fails', async () => {
    const client = new QueryClient();
    client.setQueryData<Names>(['names'], ['ann']);
    const refetch = client.fetchQuery({ queryKey: ['names'], queryFn: () => Promise.reject(new Error('down')), staleTime: 0, retry: false });
    applyLive<Names>(client, ['names'], add('bea'));
    await expect(refetch).rejects.toThrow('down');
    expect(client.getQueryData(['names'])).toEqual(['ann', 'bea']);
  });
  it('leaves a key that was waiting to be read again still waiting: the edit does not stand for the read', async () => {
    const client = new QueryClient();
    client.setQueryData<Names>(['names'], ['ann']);
    await client.invalidateQueries({ queryKey: ['names'], refetchType: 'none' });
    applyLive<Names>(client, ['names'], add('ben'));
    expect(client.getQueryData(['names'])).toEqual(['ann', 'ben']);
    expect(client.getQueryState(['names'])?.isInvalidated).toBe(true);
    // A fresh key stays fresh.
    client.setQueryData<Names>(['other'], ['cy']);
    applyLive<Names>(client, ['other'], add('dee'));
    expect(client.getQueryState(['other'])?.isInvalidated).toBe(false);
  });
});
