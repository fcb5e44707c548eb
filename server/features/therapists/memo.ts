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
