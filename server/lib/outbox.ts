// Side effects of a write (notifications, emails, expiry jobs, what other nodes must forget) go through an outbox: the
// write records its events in its own transaction, as rows of the job queue's table, so they exist exactly when the
// write committed and never without it; the queue delivers each at least once (docs/decisions/0146-outbox.md).
// Right after the commit the request delivers them on this node (a member hears at once); one that fails there is the
// poller's to retry. A handler may therefore run twice for one event: it keys what it writes by the event's id.
import type { Db } from '../db/client.ts';
import type { JobQueue } from './jobs.ts';

type OutboxContext = { jobs: JobQueue };
export type OutboxEvent = { type: string; payload: Record<string, unknown> };
/** `id` is the event's, the same at every delivery. */
export type EventHandler<P> = (payload: P, event: { id: string; now: Date }) => Promise<void>;

const jobName = (type: string) => `event:${type}`;

/** An event type: `of` makes one to record, `handle` registers its one handler (where the feature's jobs are). */
export function outboxEvent<P extends Record<string, unknown>>(type: string) {
  return {
    type,
    of: (payload: P): OutboxEvent => ({ type, payload }),
    handle(ctx: OutboxContext, handler: EventHandler<P>): void {
      ctx.jobs.register(jobName(type), (payload, { now, jobId }) => handler(payload as P, { id: jobId, now }));
    },
  };
}

/** Recorded events: `deliver()` after the transaction committed. */
export type Recorded = { ids: string[]; deliver: () => Promise<void> };

/** Records the events in the write's transaction `tx`. */
export async function recordEvents(ctx: OutboxContext, tx: Db, events: OutboxEvent[]): Promise<Recorded> {
  const ids: string[] = [];
  for (const event of events) ids.push(await ctx.jobs.enqueue(jobName(event.type), event.payload, { db: tx }));
  return { ids, deliver: () => deliverNow(ctx, ids) };
}

/** Delivers committed events on this node now; never fails the caller (a failed delivery waits for its retry). */
async function deliverNow(ctx: OutboxContext, ids: string[]): Promise<void> {
  await ctx.jobs.runNow(ids);
}
