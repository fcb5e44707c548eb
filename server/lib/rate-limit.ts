import type { Redis } from 'ioredis';

/** Fixed-window counters; shared across nodes when backed by Redis. */
export interface RateLimiter {
  /** Adds one to the key's window and returns the new count. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The key's count in its current window, without adding. */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/** The most windows one node keeps in memory: past it, expired ones go, then the oldest, so junk keys cannot grow it. */
export const MEMORY_LIMITER_MAX_KEYS = 100_000;

export function memoryRateLimiter(now: () => number = Date.now, maxKeys = MEMORY_LIMITER_MAX_KEYS): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt > now()) return w;
    windows.delete(key);
    return undefined;
  };
  return {
    async hit(key, windowMs) {
      const w = current(key) ?? { count: 0, resetAt: now() + windowMs };
      w.count += 1;
      windows.set(key, w);
      if (windows.size > maxKeys) sweep(windows, now(), maxKeys);
      return w.count;
    },
    async count(key) {
      return current(key)?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

function sweep(windows: Map<string, { resetAt: number }>, at: number, maxKeys: number) {
  for (const [key, w] of windows) if (w.resetAt <= at) windows.delete(key);
  // Map order is insertion order: the first keys are the oldest windows.
  for (const key of windows.keys()) {
    if (windows.size <= maxKeys) break;
    windows.delete(key);
  }
}

// One command per hit: the count, and the window's expiry when the count starts it (or a key somehow lost its expiry).
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

type WithHit = Redis & { rateLimitHit(key: string, windowMs: number): Promise<number> };

export function redisRateLimiter(redis: Redis, prefix = 'rl:'): RateLimiter {
  // Sent as EVALSHA (the script once per connection): a hit is one small command, not a MULTI of four.
  if (!('rateLimitHit' in redis)) redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT });
  const scripted = redis as WithHit;
  return {
    async hit(key, windowMs) {
      return Number(await scripted.rateLimitHit(prefix + key, windowMs));
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
