/**
 * Reads whose answer is the same for every reader, shared per database: callers asking for a key while its read runs
 * share that read, and a finished read keeps answering for `ttlMs` (0: only while it runs). `forget` drops every kept
 * answer at once, for the writes of this node; a read that was running when it was called is not handed to later callers.
 * A failure is never kept.
 */
type Entry = { value: Promise<unknown>; expires: number };
type Store = { ttlMs: number; entries: Map<string, Entry> };

export type SharedReads = ReturnType<typeof createSharedReads>;

export function createSharedReads(maxKeys = 2_000) {
  const stores = new WeakMap<object, Store>();
  const storeOf = (db: object) => {
    let store = stores.get(db);
    if (!store) stores.set(db, (store = { ttlMs: 0, entries: new Map() }));
    return store;
  };
  const drop = (store: Store, key: string, entry: Entry) => {
    if (store.entries.get(key) === entry) store.entries.delete(key);
  };
  return {
    /** How long a finished read of this database keeps answering. */
    configure(db: object, ttlMs: number): void {
      storeOf(db).ttlMs = ttlMs;
    },
    read<T>(db: object, key: string, load: () => Promise<T>, ttlMs?: number): Promise<T> {
      const store = storeOf(db);
      const hit = store.entries.get(key);
      if (hit && Date.now() < hit.expires) return hit.value as Promise<T>;
      const keep = ttlMs ?? store.ttlMs;
      const entry: Entry = { value: Promise.resolve(), expires: Number.POSITIVE_INFINITY };
      const value = load().then((result) => {
        entry.expires = Date.now() + keep;
        if (keep === 0) drop(store, key, entry);
        return result;
      }, (error: unknown) => {
        drop(store, key, entry);
        throw error;
      });
      entry.value = value;
      store.entries.delete(key);
      store.entries.set(key, entry);
      if (store.entries.size > maxKeys) store.entries.delete(store.entries.keys().next().value as string);
      return value;
    },
    forget(db: object): void {
      stores.get(db)?.entries.clear();
    },
  };
}
