import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReadCache, estimateBytes, type ReadCacheOptions } from './read-cache.ts';

let clock = 0;
const caches: ReturnType<typeof createReadCache>[] = [];
function cacheWith(options: Partial<ReadCacheOptions> = {}) {
  const cache = createReadCache({ maxKeys: 100, maxBytes: 1_000_000, now: () => clock, ...options });
  caches.push(cache);
  return cache;
}
afterEach(() => {
  clock = 0;
  for (const cache of caches.splice(0)) cache.close();
  vi.useRealTimers();
});

/** A load that ends when `end(value)` is called, counting its starts. */
function controlled<T>() {
  const ends: ((value: T) => void)[] = [];
  const control = {
    starts: 0,
    load: () => { control.starts++; return new Promise<T>((resolve) => ends.push(resolve)); },
    end: (value: T) => ends.shift()!(value),
  };
  return control;
}
const counter = () => {
  let loads = 0;
  return { load: async () => ++loads, get loads() { return loads; } };
};
const kept = { ttlMs: 1000 };

describe('read cache: sharing and time', () => {
  it('gives readers arriving while a load runs that load, and with no time to keep, nothing after it', async () => {
    const cache = cacheWith();
    const slow = controlled<number>();
    const overlapping = [cache.read('k', slow.load, { ttlMs: 0 }), cache.read('k', slow.load, { ttlMs: 0 })];
    slow.end(1);
    expect(await Promise.all(overlapping)).toEqual([1, 1]);
    const later = cache.read('k', slow.load, { ttlMs: 0 });
    slow.end(2);
    expect(await later).toBe(2);
    expect(slow.starts).toBe(2);
    expect(cache.stats().keys).toBe(0);
  });

  it('keeps a value for its time counted from the end of its load, not its start', async () => {
    const cache = cacheWith();
    const slow = controlled<string>();
    const first = cache.read('k', slow.load, kept);
    clock = 5_000;
    slow.end('v1');
    expect(await first).toBe('v1');
    clock = 5_999;
    expect(await cache.read('k', slow.load, kept)).toBe('v1');
    clock = 6_000;
    const again = cache.read('k', slow.load, kept);
    slow.end('v2');
    expect(await again).toBe('v2');
    expect(slow.starts).toBe(2);
  });

  it('keeps different keys apart', async () => {
    const cache = cacheWith();
    const double = (n: number) => cache.read(`n:${n}`, async () => n * 2, kept);
    expect(await Promise.all([double(1), double(2), double(1)])).toEqual([2, 4, 2]);
  });

  it('never keeps a failure, whether the load rejects or throws', async () => {
    const cache = cacheWith();
    await expect(cache.read('f', async () => { throw new Error('down'); }, kept)).rejects.toThrow('down');
    await expect(cache.read('f', () => { throw new Error('at once'); }, kept)).rejects.toThrow('at once');
    expect(cache.stats()).toEqual({ keys: 0, bytes: 0 });
    expect(await cache.read('f', async () => 'up', kept)).toBe('up');
  });
});

describe('read cache: bounds', () => {
  it('drops the least recently used key past the key bound', async () => {
    const cache = cacheWith({ maxKeys: 2 });
    const loads = counter();
    await cache.read('a', loads.load, kept);
    await cache.read('b', loads.load, kept);
    expect(await cache.read('a', loads.load, kept)).toBe(1);
    await cache.read('c', loads.load, kept);
    expect(await cache.read('a', loads.load, kept)).toBe(1);
    expect(await cache.read('c', loads.load, kept)).toBe(3);
    expect(await cache.read('b', loads.load, kept)).toBe(4);
    expect(cache.stats().keys).toBe(2);
  });

  it('lets a heavy value push out older ones until the bytes fit, most recently used last', async () => {
    const cache = cacheWith({ maxBytes: 1_000 });
    const weigh = { ttlMs: 1000, size: (value: string) => value.length };
    await cache.read('a', async () => 'a'.repeat(300), weigh);
    await cache.read('b', async () => 'b'.repeat(300), weigh);
    await cache.read('c', async () => 'c'.repeat(300), weigh);
    await cache.read('a', async () => 'not read again', weigh);
    await cache.read('d', async () => 'd'.repeat(500), weigh);
    expect(cache.stats()).toEqual({ keys: 2, bytes: 301 + 501 });
    expect(await cache.read('a', async () => 'read again', weigh)).toBe('a'.repeat(300));
    expect(await cache.read('b', async () => 'read again', weigh)).toBe('read again');
  });

  it('returns a value heavier than the whole budget without keeping it or dropping the others', async () => {
    const cache = cacheWith({ maxBytes: 1_000 });
    await cache.read('small', async () => 'x'.repeat(100), kept);
    const huge = Buffer.alloc(2_000, 1);
    expect(await cache.read('huge', async () => huge, kept)).toBe(huge);
    expect(await cache.read('huge', async () => Buffer.alloc(1), kept)).toHaveLength(1);
    expect(cache.stats().keys).toBe(2);
    expect(await cache.read('small', async () => 'read again', kept)).toBe('x'.repeat(100));
  });

  it('weighs strings and buffers by length and rows by their fields, counting the key', async () => {
    const cache = cacheWith();
    await cache.read('s', async () => 'x'.repeat(1000), kept);
    expect(cache.stats().bytes).toBe(1 + estimateBytes('x'.repeat(1000)));
    expect(estimateBytes(Buffer.alloc(4096))).toBeGreaterThanOrEqual(4096);
    const row = { id: 'a'.repeat(36), content: 'c'.repeat(500), likes: ['u'.repeat(36)], count: 3, at: new Date() };
    expect(estimateBytes([row, row])).toBeGreaterThan(2 * (36 + 500 + 36));
  });
});

describe('read cache: expiry and forgetting', () => {
  it('sweeps expired values nobody reads again, on its timer', async () => {
    vi.useFakeTimers();
    const cache = cacheWith({ sweepMs: 10_000 });
    await cache.read('short', async () => 1, { ttlMs: 1_000 });
    await cache.read('long', async () => 2, { ttlMs: 60_000 });
    clock = 1_000;
    expect(cache.stats().keys).toBe(2);
    vi.advanceTimersByTime(10_000);
    expect(cache.stats().keys).toBe(1);
    expect(await cache.read('long', async () => 3, { ttlMs: 60_000 })).toBe(2);
  });

  it('forgets one namespace by prefix and keeps the others', async () => {
    const cache = cacheWith();
    const loads = counter();
    await cache.read('forums:feed', loads.load, kept);
    await cache.read('forums:post|1', loads.load, kept);
    await cache.read('estimates:x', loads.load, kept);
    cache.forget('forums:');
    expect(await cache.read('forums:feed', loads.load, kept)).toBe(4);
    expect(await cache.read('estimates:x', loads.load, kept)).toBe(3);
    cache.clear();
    expect(cache.stats()).toEqual({ keys: 0, bytes: 0 });
  });

  it('never hands a load that was running when forgotten to later readers', async () => {
    const cache = cacheWith();
    const slow = controlled<number>();
    const running = cache.read('forums:k', slow.load, kept);
    cache.forget('forums:');
    const after = cache.read('forums:k', slow.load, kept);
    slow.end(1);
    slow.end(2);
    expect([await running, await after]).toEqual([1, 2]);
    expect(await cache.read('forums:k', slow.load, kept)).toBe(2);
  });

  it('stops its sweep timer when closed', () => {
    vi.useFakeTimers();
    const cache = cacheWith();
    expect(vi.getTimerCount()).toBe(1);
    cache.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
