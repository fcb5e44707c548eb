import { describe, expect, it } from 'vitest';
import { limiterWithFallback, memoryRateLimiter, type RateLimiter } from './rate-limit.ts';

describe('memory rate limiter', () => {
  it('keeps at most its key budget, dropping expired windows first, then the oldest', async () => {
    let now = 0;
    const limiter = memoryRateLimiter(() => now, 3);
    await limiter.hit('old', 10);
    now = 5;
    await limiter.hit('a', 1_000);
    await limiter.hit('b', 1_000);
    now = 20; // 'old' has expired
    await limiter.hit('c', 1_000);
    await limiter.hit('d', 1_000); // over budget: 'old' swept, then 'a' (oldest) evicted
    expect(await limiter.count('old')).toBe(0);
    expect(await limiter.count('a')).toBe(0);
    expect([await limiter.count('b'), await limiter.count('c'), await limiter.count('d')]).toEqual([1, 1, 1]);
  });
});

describe('limiter with a fallback', () => {
  it('counts in the shared store while it is up, in this node alone while it is down or failing, and shared again after', async () => {
    const shared = memoryRateLimiter();
    let up = true;
    let failing = false;
    const flaky: RateLimiter = {
      ...shared,
      hit: (key, ms) => (failing ? Promise.reject(new Error('Connection is closed.')) : shared.hit(key, ms)),
    };
    const failures: unknown[] = [];
    const limiter = limiterWithFallback(flaky, () => up, (e) => failures.push(e));
    expect(await limiter.hit('k', 60_000)).toBe(1);
    up = false;
    expect(await limiter.hit('k', 60_000)).toBe(1);
    up = true;
    failing = true;
    expect(await limiter.hit('k', 60_000)).toBe(2);
    expect(failures).toHaveLength(1);
    failing = false;
    expect(await limiter.hit('k', 60_000)).toBe(2);
    expect(await shared.count('k')).toBe(2);
  });
});
