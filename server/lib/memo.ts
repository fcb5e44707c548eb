/**
 * Remembers one async value for `ttlMs`. Callers that arrive while it loads share the same promise, so a burst of
 * requests costs one query; a failure is not remembered.
 */
export function memo<T>(ttlMs: number, load: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let value: Promise<T> | undefined;
  let expiresAt = 0;
  return () => {
    if (!value || now() >= expiresAt) {
      expiresAt = now() + ttlMs;
      const loading = load();
      loading.catch(() => {
        if (value === loading) value = undefined;
      });
      value = loading;
    }
    return value;
  };
}

/**
 * `memo` per key, for at most `maxKeys` keys (the oldest is dropped first). Each key's value lives `ttlMs`;
 * concurrent callers of one key share a single load.
 */
export function memoByKey<T>(ttlMs: number, maxKeys: number, load: (key: string) => Promise<T>, now: () => number = Date.now) {
  const entries = new Map<string, () => Promise<T>>();
  return (key: string): Promise<T> => {
    let entry = entries.get(key);
    if (!entry) {
      entry = memo(ttlMs, () => load(key), now);
      entries.set(key, entry);
      if (entries.size > maxKeys) entries.delete(entries.keys().next().value as string);
    }
    return entry();
  };
}
