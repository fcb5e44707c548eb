import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { queryRows, type Db } from '../db/client.ts';
import type { SqlRow } from '../db/rows.ts';
import type { rateLimitWindows } from '../db/schema.ts';

type WindowHit = { count: number; retryAfterMs: number };

/** Fixed-window counters; shared across nodes when backed by Redis or the database. */
export interface RateLimiter {
  /** Adds one to the key's window and returns the new count. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Adds one and also says how long until the window ends (for Retry-After). */
  hitWindow(key: string, windowMs: number): Promise<WindowHit>;
  /** The key's count in its current window, without adding. */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/** The most windows one node keeps in memory: past it, expired ones go, then the oldest, so junk keys cannot grow it. */
const MEMORY_LIMITER_MAX_KEYS = 100_000;

export function memoryRateLimiter(now: () => number = Date.now, maxKeys = MEMORY_LIMITER_MAX_KEYS): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt > now()) return w;
    windows.delete(key);
    return undefined;
  };
  const hitWindow = async (key: string, windowMs: number): Promise<WindowHit> => {
    const w = current(key) ?? { count: 0, resetAt: now() + windowMs };
    w.count += 1;
    windows.set(key, w);
    if (windows.size > maxKeys) sweep(windows, now(), maxKeys);
    return { count: w.count, retryAfterMs: w.resetAt - now() };
  };
  return {
    hitWindow,
    async hit(key, windowMs) {
      return (await hitWindow(key, windowMs)).count;
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

// One command per hit: the count and the window's remaining time, setting its expiry when the count starts it (or a
// key somehow lost its expiry).
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

type WithHit = Redis & { rateLimitHit(key: string, windowMs: number): Promise<[number, number]> };

export function redisRateLimiter(redis: Redis, prefix = 'rl:'): RateLimiter {
  // Sent as EVALSHA (the script once per connection): a hit is one small command, not a MULTI of four.
  if (!('rateLimitHit' in redis)) redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT });
  const scripted = redis as WithHit;
  const hitWindow = async (key: string, windowMs: number): Promise<WindowHit> => {
    const [count, ttl] = await scripted.rateLimitHit(prefix + key, windowMs);
    return { count: Number(count), retryAfterMs: Number(ttl) };
  };
  return {
    hitWindow,
    async hit(key, windowMs) {
      return (await hitWindow(key, windowMs)).count;
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * Windows in PostgreSQL, for nodes that share a database but no Redis: one upsert per hit, exact across nodes and
 * concurrent requests (the row lock orders them). Expired rows are reused in place and swept now and then.
 */
export function databaseRateLimiter(db: Db, sweepEvery = 1_000): RateLimiter {
  let hits = 0;
  const hitWindow = async (key: string, windowMs: number): Promise<WindowHit> => {
    if (++hits % sweepEvery === 0) await db.execute(sql`DELETE FROM rate_limit_windows WHERE reset_at < now()`);
    // clock_timestamp(), not now(): now() is when this statement's transaction began, and a hit that waited for the row
    // behind a racing one that began later would see that one's window end more than windowMs ahead of it.
    const [row] = await queryRows<SqlRow<typeof rateLimitWindows, 'count'> & { retry_ms: number /* computed */ }>(db, sql`
      INSERT INTO rate_limit_windows AS w (key, count, reset_at)
      VALUES (${key}, 1, clock_timestamp() + ${windowMs} * interval '1 millisecond')
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN w.reset_at <= clock_timestamp() THEN 1 ELSE w.count + 1 END,
        reset_at = CASE WHEN w.reset_at <= clock_timestamp() THEN EXCLUDED.reset_at ELSE w.reset_at END
      RETURNING count, least(${windowMs}::int, greatest(0, ceil(extract(epoch FROM reset_at - clock_timestamp()) * 1000)))::int AS retry_ms`);
    return { count: row.count, retryAfterMs: row.retry_ms };
  };
  return {
    hitWindow,
    async hit(key, windowMs) {
      return (await hitWindow(key, windowMs)).count;
    },
    async count(key) {
      const [row] = await queryRows<SqlRow<typeof rateLimitWindows, 'count'>>(db, sql`
        SELECT count FROM rate_limit_windows WHERE key = ${key} AND reset_at > now()`);
      return row?.count ?? 0;
    },
    async reset(key) {
      await db.execute(sql`DELETE FROM rate_limit_windows WHERE key = ${key}`);
    },
  };
}

/**
 * Shared windows while their store answers, this node's own windows while it does not: Redis away must not take the
 * node's writes and chat down with it (every write and socket event asks the limiter first). While away, each node
 * counts alone (a member could do up to once more per node); when the store is back, the shared windows count again.
 */
export function limiterWithFallback(
  shared: RateLimiter, isUp: () => boolean, onFallback: (error: unknown) => void = () => {}, local: RateLimiter = memoryRateLimiter(),
): RateLimiter {
  const either = <A extends unknown[], R>(call: (limiter: RateLimiter, ...args: A) => Promise<R>) => async (...args: A): Promise<R> => {
    if (!isUp()) return call(local, ...args);
    try {
      return await call(shared, ...args);
    } catch (error) {
      onFallback(error);
      return call(local, ...args);
    }
  };
  return {
    hit: either((l, key: string, windowMs: number) => l.hit(key, windowMs)),
    hitWindow: either((l, key: string, windowMs: number) => l.hitWindow(key, windowMs)),
    count: either((l, key: string) => l.count(key)),
    reset: either((l, key: string) => l.reset(key)),
  };
}
