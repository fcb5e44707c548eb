// Many small writes as one (the receipts, docs/decisions/0380): asks that arrive within a short window, or while the
// previous batch is still being written, go to the database together. One batch is in flight at a time, so a slow
// database makes batches larger rather than statements more numerous.

export type GatherOptions<A, R> = {
  /** How long the first ask of a batch waits for others (when no batch is in flight). */
  windowMs: number;
  /** The most asks in one batch; a full batch goes at once. */
  maxBatch: number;
  /** Asks waiting beyond this are refused at once (`refuse`): the node sheds work rather than queueing it unbounded. */
  maxWaiting: number;
  /** Writes a batch; one result per ask, in the asks' order. */
  run: (asks: A[]) => Promise<R[]>;
  refuse: () => Error;
};

type Waiting<A, R> = { ask: A; resolve: (result: R) => void; reject: (error: unknown) => void };

/** A function that takes one ask and resolves with its result once the batch it went with is written. */
export function gatherer<A, R>(options: GatherOptions<A, R>): (ask: A) => Promise<R> {
  let waiting: Waiting<A, R>[] = [];
  let timer: NodeJS.Timeout | undefined;
  let inFlight = false;

  const flush = async () => {
    timer = undefined;
    const batch = waiting.slice(0, options.maxBatch);
    waiting = waiting.slice(batch.length);
    inFlight = true;
    try {
      const results = await options.run(batch.map((w) => w.ask));
      batch.forEach((w, i) => w.resolve(results[i]));
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      inFlight = false;
      // What arrived meanwhile has waited already: it goes now.
      if (waiting.length) void flush();
    }
  };

  return (ask) => new Promise<R>((resolve, reject) => {
    if (waiting.length >= options.maxWaiting) return reject(options.refuse());
    waiting.push({ ask, resolve, reject });
    if (inFlight) return;
    if (waiting.length >= options.maxBatch) {
      clearTimeout(timer);
      void flush();
    } else if (!timer) {
      timer = setTimeout(() => void flush(), options.windowMs);
      timer.unref();
    }
  });
}
