/**
 * Callers asking for the same key while a load for it is running share that load's result instead of starting their own.
 * Public first pages (the feed, the resource list) are identical for every reader, so under load one read serves every
 * request that arrived meanwhile. Nothing is kept once the read ends: no answer is older than the read in flight when
 * its request came in, and a failure is never reused.
 */
export function coalesce<A, T>(load: (arg: A) => Promise<T>, keyOf: (arg: A) => string = () => ''): (arg: A) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (arg: A) => {
    const key = keyOf(arg);
    let pending = running.get(key);
    if (!pending) {
      pending = load(arg).finally(() => running.delete(key));
      running.set(key, pending);
    }
    return pending;
  };
}
