import { describe, expect, it } from 'vitest';
import { memoryRateLimiter } from './rate-limit.ts';

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
