// A job queue kept in the database (docs/decisions/0057-job-queue.md): delayed work (the 10-minute email checks),
// recurring work (the digest sweep, a daily licence-expiry check) that survives a restart and runs once when several
// nodes share PostgreSQL. A node claims due rows with FOR UPDATE SKIP LOCKED and a lease; tests call runDue(now).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import type { SqlRow } from '../db/rows.ts';
import type { jobs } from '../db/schema.ts';
import { driverCode } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job queue: tests run due jobs with `app.jobs.runDue(at)`. */
    jobs: JobQueue;
  }
}

/** `jobId` names this job across its attempts: a handler that may run twice keys what it writes by it. */
type JobContext = { now: Date; jobs: JobQueue; jobId: string };
type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;
/** When a recurring job runs next, given the moment it was due. */
export type NextRun = (after: Date) => Date;
type ScheduleOptions = {
  /** Default: now (the queue's clock). */
  runAt?: Date;
  /** At most one waiting job per key: a second schedule with the same key is ignored (returns false). */
  key?: string;
  /** The transaction to write the job in, so it exists exactly when the work that asked for it was committed. */
  db?: Db;
};
export type JobQueue = {
  schedule(name: string, payload: Record<string, unknown>, options?: ScheduleOptions): Promise<boolean>;
  /** Many at once, in one statement (a fan-out's emails). Answers how many were new. */
  scheduleMany(name: string, jobs: { payload: Record<string, unknown>; runAt?: Date; key?: string }[], options?: Pick<ScheduleOptions, 'db'>): Promise<number>;
  /** One job, answering its id (no dedupe key: the id is what its handler keys its writes by). */
  enqueue(name: string, payload: Record<string, unknown>, options?: Pick<ScheduleOptions, 'db' | 'runAt'>): Promise<string>;
  /** Many at once, in one statement, answering their ids (to run them now with runNow). */
  enqueueMany(name: string, payloads: Record<string, unknown>[], options?: Pick<ScheduleOptions, 'db'>): Promise<string[]>;
  register(name: string, handler: JobHandler): void;
  /**
   * Claims and runs these jobs now on this node, if due and not claimed elsewhere (work a request just committed).
   * Never rejects: what fails is retried by the poller.
   */
  runNow(ids: string[]): Promise<number>;
  /**
   * Enqueues jobs already claimed by this node and runs them now: one INSERT instead of an INSERT and a claim (work that
   * must start at once, a push). Not in a caller's transaction. A node that dies leaves them to the poller once the
   * lease ends. Never rejects: what fails is retried by the poller.
   */
  startNow(name: string, payloads: Record<string, unknown>[]): Promise<number>;
  /** Runs what is due now on this node soon, without waiting for the poller (work queued by a request). */
  kick(): void;
  /** Resolves when the kicks and drains under way have finished (tests). */
  settled(): Promise<void>;
  /** A job that runs at each `next(...)` for ever: its one row (key `recurring:<name>`) is created on first start. */
  recurring(name: string, next: NextRun, handler: JobHandler): void;
  /** Claims and runs every job due at `now`, in batches, until none is left; answers how many ran. */
  runDue(now?: Date): Promise<number>;
  /** Polls every `pollMs` (0: never); tests leave it off and call runDue. */
  start(pollMs: number): void;
  /** Stops polling and waits for the batch in hand. */
  stop(): Promise<void>;
  now(): Date;
};

// The payload is jsonb, which the schema types as unknown: an object, as schedule() writes it.
type JobRow = SqlRow<typeof jobs, 'id' | 'name' | 'run_at' | 'key' | 'attempts'> & { payload: Record<string, unknown> };

const BATCH = 20;
/** A claimed job not finished within this is taken for lost (its node died) and may be claimed again. */
const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** (attempts - 1));

/** Recurring: every day at hh:mm UTC. */
export const dailyAtUtc = (hour: number, minute = 0): NextRun => (after) => {
  const next = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), hour, minute));
  if (next <= after) next.setUTCDate(next.getUTCDate() + 1);
  return next;
};
/** Recurring: at the start of every hour (plus `minute`). */
export const hourlyAt = (minute = 0): NextRun => (after) => {
  const next = new Date(after);
  next.setUTCMinutes(minute, 0, 0);
  if (next <= after) next.setUTCHours(next.getUTCHours() + 1);
  return next;
};

/**
 * What is kept and logged of a failure: the error's name and message, except for a query's error, whose message holds
 * its SQL and parameters (a member's text, in a notification's title): of that, its SQLSTATE only.
 */
function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return 'failed';
  if (error.cause !== undefined || driverCode(error)) return `${error.name}: query failed (${driverCode(error) ?? 'no code'})`;
  return `${error.name}: ${error.message}`.slice(0, 500);
}

export function createJobQueue(db: Db, log: { error: (obj: object, msg: string) => void }, clock: () => Date = () => new Date()): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const schedules = new Map<string, NextRun>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const schedule: JobQueue['schedule'] = async (name, payload, options = {}) => {
    const runAt = options.runAt ?? clock();
    const rows = await queryRows<SqlRow<typeof jobs, 'id'>>(options.db ?? db, sql`
      INSERT INTO jobs (name, payload, run_at, key) VALUES (${name}, ${JSON.stringify(payload)}::jsonb, ${runAt.toISOString()}, ${options.key ?? null})
      ON CONFLICT (key) DO NOTHING RETURNING id`);
    return rows.length === 1;
  };

  const scheduleMany: JobQueue['scheduleMany'] = async (name, list, options = {}) => {
    if (list.length === 0) return 0;
    const runAts = list.map((j) => (j.runAt ?? clock()).toISOString());
    const rows = await queryRows<SqlRow<typeof jobs, 'id'>>(options.db ?? db, sql`
      INSERT INTO jobs (name, payload, run_at, key)
      SELECT ${name}, p::jsonb, r::timestamptz, k FROM unnest(${sql.param(list.map((j) => JSON.stringify(j.payload)))}::text[],
        ${sql.param(runAts)}::text[], ${sql.param(list.map((j) => j.key ?? null))}::text[]) AS x(p, r, k)
      ON CONFLICT (key) DO NOTHING RETURNING id`);
    return rows.length;
  };

  const enqueue: JobQueue['enqueue'] = async (name, payload, options = {}) => {
    const [row] = await queryRows<SqlRow<typeof jobs, 'id'>>(options.db ?? db, sql`
      INSERT INTO jobs (name, payload, run_at) VALUES (${name}, ${JSON.stringify(payload)}::jsonb, ${(options.runAt ?? clock()).toISOString()})
      RETURNING id`);
    return row.id;
  };

  const enqueueMany: JobQueue['enqueueMany'] = async (name, payloads, options = {}) => {
    if (payloads.length === 0) return [];
    const rows = await queryRows<SqlRow<typeof jobs, 'id'>>(options.db ?? db, sql`
      INSERT INTO jobs (name, payload, run_at)
      SELECT ${name}, p::jsonb, ${clock().toISOString()} FROM unnest(${sql.param(payloads.map((p) => JSON.stringify(p)))}::text[]) AS x(p)
      RETURNING id`);
    return rows.map((r) => r.id);
  };

  const ensureRecurring = async () => {
    for (const [name, next] of schedules) {
      await schedule(name, {}, { key: `recurring:${name}`, runAt: next(clock()) });
    }
  };

  const claim = (now: Date) => queryRows<JobRow>(db, sql`
    UPDATE jobs SET attempts = attempts + 1, locked_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}
    WHERE id IN (
      SELECT id FROM jobs
      WHERE failed_at IS NULL AND run_at <= ${now.toISOString()} AND (locked_until IS NULL OR locked_until < ${now.toISOString()})
      ORDER BY run_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
    RETURNING id, name, payload, run_at, key, attempts`);

  const claimIds = (ids: string[], now: Date) => queryRows<JobRow>(db, sql`
    UPDATE jobs SET attempts = attempts + 1, locked_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}
    WHERE id = ANY(${sql.param(ids)}::uuid[]) AND failed_at IS NULL AND run_at <= ${now.toISOString()}
      AND (locked_until IS NULL OR locked_until < ${now.toISOString()})
    RETURNING id, name, payload, run_at, key, attempts`);

  // Jobs finished in the same turn of the event loop are deleted by one statement (many pushes finish together).
  let finished: { ids: string[]; done: Promise<void> } | undefined;
  const deleteFinished = (id: string): Promise<void> => {
    if (!finished) {
      const batch: { ids: string[]; done?: Promise<void> } = { ids: [] };
      batch.done = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        if (finished === batch) finished = undefined;
        await db.execute(sql`DELETE FROM jobs WHERE id = ANY(${sql.param(batch.ids)}::uuid[])`);
      });
      finished = batch as { ids: string[]; done: Promise<void> };
    }
    finished.ids.push(id);
    return finished.done;
  };

  const finish = async (job: JobRow, now: Date) => {
    const next = schedules.get(job.name);
    if (next && job.key === `recurring:${job.name}`) {
      // From the later of when it was due and now: a node that was down for days runs it once, not once per missed turn.
      const due = new Date(job.run_at);
      await db.execute(sql`UPDATE jobs SET run_at = ${next(due > now ? due : now).toISOString()}, attempts = 0, locked_until = NULL, last_error = NULL WHERE id = ${job.id}`);
    } else {
      await deleteFinished(job.id);
    }
  };

  const fail = async (job: JobRow, error: unknown, now: Date) => {
    const reason = failureReason(error);
    log.error({ job: job.name, attempts: job.attempts, reason }, 'job failed');
    const giveUp = job.attempts >= MAX_ATTEMPTS && !schedules.has(job.name);
    const retryAt = new Date(now.getTime() + backoffMs(job.attempts));
    await db.execute(sql`UPDATE jobs SET locked_until = NULL, last_error = ${reason},
      run_at = ${retryAt.toISOString()}, failed_at = ${giveUp ? now.toISOString() : null} WHERE id = ${job.id}`);
  };

  const runOne = async (job: JobRow, now: Date) => {
    const handler = handlers.get(job.name);
    if (!handler) return fail(job, new Error(`no handler for ${job.name}`), now);
    try {
      await handler(job.payload ?? {}, { now, jobs: queue, jobId: job.id });
      await finish(job, now);
    } catch (error) {
      await fail(job, error, now);
    }
  };

  const drain = async (now: Date) => {
    // Every drain: one INSERT ... ON CONFLICT DO NOTHING per recurring job, so a lost row comes back.
    await ensureRecurring();
    let ran = 0;
    for (;;) {
      const batch = await claim(now);
      if (batch.length === 0) return ran;
      for (const job of batch) await runOne(job, now);
      ran += batch.length;
    }
  };

  const kicks = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    // stop() waits for it, as for a kick.
    kicks.add(work);
    void work.finally(() => kicks.delete(work));
    return work;
  };
  let stopped = false;
  const queue: JobQueue = {
    schedule,
    scheduleMany,
    enqueue,
    enqueueMany,
    runNow(ids) {
      if (stopped || ids.length === 0) return Promise.resolve(0);
      const now = clock();
      // A handler's failure is retried like any job's; a failed claim leaves the jobs to the poller.
      const work = claimIds(ids, now).then(async (batch) => {
        for (const job of batch) await runOne(job, now);
        return batch.length;
      }).catch((error: unknown) => {
        log.error({ reason: (error as Error)?.name }, 'job run failed');
        return 0;
      });
      return track(work);
    },
    startNow(name, payloads) {
      if (stopped || payloads.length === 0) return Promise.resolve(0);
      const now = clock();
      const work = queryRows<JobRow>(db, sql`
        INSERT INTO jobs (name, payload, run_at, attempts, locked_until)
        SELECT ${name}, p::jsonb, ${now.toISOString()}, 1, ${new Date(now.getTime() + LEASE_MS).toISOString()}
        FROM unnest(${sql.param(payloads.map((p) => JSON.stringify(p)))}::text[]) AS x(p)
        RETURNING id, name, payload, run_at, key, attempts`).then(async (batch) => {
        await Promise.all(batch.map((job) => runOne(job, now)));
        return batch.length;
      }).catch((error: unknown) => {
        log.error({ reason: (error as Error)?.name }, 'job run failed');
        return 0;
      });
      return track(work);
    },
    kick() {
      if (stopped) return;
      const work = new Promise((resolve) => setImmediate(resolve)).then(() => queue.runDue())
        .catch((error: unknown) => log.error({ reason: (error as Error)?.name }, 'job kick failed'));
      kicks.add(work);
      void work.finally(() => kicks.delete(work));
    },
    async settled() {
      while (kicks.size || running) await Promise.allSettled([...kicks, running]);
    },
    register: (name, handler) => void handlers.set(name, handler),
    recurring(name, next, handler) {
      handlers.set(name, handler);
      schedules.set(name, next);
    },
    async runDue(now = clock()) {
      // One drain at a time per node; other nodes are kept apart by the row locks.
      while (running) await running.catch(() => 0);
      running = drain(now);
      try {
        return await running;
      } finally {
        running = undefined;
      }
    },
    start(pollMs) {
      if (pollMs <= 0 || timer) return;
      timer = setInterval(() => {
        if (!running) void queue.runDue().catch((error: unknown) => log.error({ reason: (error as Error)?.name }, 'job poll failed'));
      }, pollMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      stopped = true;
      await queue.settled();
    },
    now: clock,
  };
  return queue;
}
