/**
 * The app's one read cache (docs/decisions/0040): answers that are the same for every reader, kept by key.
 * - Readers of a key arriving while its load runs share that load's promise.
 * - A loaded value is kept for its read's `ttlMs`, counted from the moment the load ends (0: shared only while it runs).
 * - A failed load is never kept; a load that was running when its key was forgotten is not handed to later readers.
 * - Least recently used keys go first when there are more than `maxKeys` keys or their values weigh more than
 *   `maxBytes` (see `estimateBytes`); a value heavier than the whole budget is returned but not kept.
 * - Expired values are dropped when their key is read, and by a sweep every `sweepMs` (an unref'd timer, stopped by
 *   `close`), so the memory of keys nobody reads again comes back without waiting for the bounds.
 */
export type ReadCacheOptions = { maxKeys: number; maxBytes: number; sweepMs?: number; now?: () => number };
export type ReadOptions<T> = {
  /** How long the loaded value keeps answering after its load ends. */
  ttlMs: number;
  /** The value's weight in bytes when `estimateBytes` would be wrong or slow (pages weigh their pre-built JSON). */
  size?: (value: T) => number;
};
export type ReadCache = ReturnType<typeof createReadCache>;

type Entry = { value: Promise<unknown>; expires: number; bytes: number };

const LOADING = Number.POSITIVE_INFINITY;
const DEFAULT_SWEEP_MS = 10_000;

export function createReadCache({ maxKeys, maxBytes, sweepMs = DEFAULT_SWEEP_MS, now = () => performance.now() }: ReadCacheOptions) {
  // A Map iterates in insertion order: re-inserting a key on each use keeps the least recently used first.
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const drop = (key: string, entry: Entry) => {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const dropOldestWhile = (tooMuch: () => boolean) => {
    for (const [key, entry] of entries) {
      if (!tooMuch()) return;
      drop(key, entry);
    }
  };
  const sweep = () => {
    const at = now();
    for (const [key, entry] of entries) if (entry.expires <= at) drop(key, entry);
  };
  const timer = setInterval(sweep, sweepMs).unref();

  function keep<T>(key: string, entry: Entry, value: T, opts: ReadOptions<T>): void {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    const weight = key.length + (opts.size ?? estimateBytes)(value);
    if (opts.ttlMs <= 0 || weight > maxBytes) return;
    entry.expires = now() + opts.ttlMs;
    entry.bytes = weight;
    bytes += weight;
    entries.set(key, entry);
    dropOldestWhile(() => bytes > maxBytes);
  }

  function load<T>(key: string, loader: () => Promise<T>, opts: ReadOptions<T>): Promise<T> {
    const entry: Entry = { value: Promise.resolve(), expires: LOADING, bytes: 0 };
    let started: Promise<T>;
    try {
      started = loader();
    } catch (error) {
      started = Promise.reject(error);
    }
    const value = started.then((result) => {
      keep(key, entry, result, opts);
      return result;
    }, (error: unknown) => {
      drop(key, entry);
      throw error;
    });
    entry.value = value;
    entries.set(key, entry);
    dropOldestWhile(() => entries.size > maxKeys);
    return value;
  }

  return {
    /** The kept or running value of `key`, or `load()`'s, shared with every reader of the key meanwhile. */
    read<T>(key: string, loader: () => Promise<T>, opts: ReadOptions<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit) {
        if (hit.expires === LOADING || now() < hit.expires) {
          entries.delete(key);
          entries.set(key, hit);
          return hit.value as Promise<T>;
        }
        drop(key, hit);
      }
      return load(key, loader, opts);
    },
    /** Drops every key starting with `prefix` (a namespace such as 'forums:', or one whole key), running loads included. */
    forget(prefix: string): void {
      for (const [key, entry] of entries) if (key.startsWith(prefix)) drop(key, entry);
    },
    /** Whether a loaded value of `key` is kept and fresh (a load still running is not). */
    has(key: string): boolean {
      const entry = entries.get(key);
      return Boolean(entry && entry.expires !== LOADING && now() < entry.expires);
    },
    clear(): void {
      entries.clear();
      bytes = 0;
    },
    sweep,
    stats: () => ({ keys: entries.size, bytes }),
    /** Stops the sweep and drops everything (the app is closing). */
    close(): void {
      clearInterval(timer);
      entries.clear();
      bytes = 0;
    },
  };
}

const SLOT = 8;
const OBJECT_HEADER = 24;
const MAX_DEPTH = 12;

/**
 * A value's weight without serialising it, walked once when its load ends (never on a hit): strings by their length
 * (one byte a character, as V8 stores ASCII text), Buffers and typed arrays by their byte length, numbers and other
 * scalars at 8 bytes, plus 8 bytes a slot and 24 a header for arrays and objects. Anything nested deeper than 12
 * levels counts as 1 KB. Rows read from the database are what it is for; pass `size` for anything else.
 */
export function estimateBytes(value: unknown, depth = 0): number {
  if (typeof value === 'string') return OBJECT_HEADER + value.length;
  if (typeof value !== 'object' || value === null) return SLOT;
  if (depth >= MAX_DEPTH) return 1024;
  if (ArrayBuffer.isView(value)) return OBJECT_HEADER + value.byteLength;
  if (value instanceof Date) return OBJECT_HEADER + SLOT;
  let total = OBJECT_HEADER;
  if (Array.isArray(value)) {
    for (const item of value) total += SLOT + estimateBytes(item, depth + 1);
    return total;
  }
  for (const key in value) {
    total += SLOT + key.length + estimateBytes((value as Record<string, unknown>)[key], depth + 1);
  }
  return total;
}
