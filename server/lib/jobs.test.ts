import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { openTestDatabase } from '../test/harness.ts';
import { createJobQueue, dailyAtUtc, hourlyAt } from './jobs.ts';

const log = { error() {} };
const T0 = new Date('2026-03-02T09:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => ({ db, close } = await openTestDatabase()));
afterAll(() => close());
beforeEach(async () => {
  await db.execute(sql`DELETE FROM jobs`);
});

describe('job queue', () => {
  it('runs a job once when it is due, not before', async () => {
    const jobs = createJobQueue(db, log, () => T0);
    const seen: unknown[] = [];
    jobs.register('hello', async (payload) => void seen.push(payload));
    await jobs.schedule('hello', { n: 1 }, { runAt: at(10) });
    expect(await jobs.runDue(at(9))).toBe(0);
    expect(await jobs.runDue(at(10))).toBe(1);
    expect(await jobs.runDue(at(20))).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('keeps one waiting job per key', async () => {
    const jobs = createJobQueue(db, log, () => T0);
    let runs = 0;
    jobs.register('once', async () => void runs++);
    expect(await jobs.schedule('once', {}, { key: 'k1', runAt: at(1) })).toBe(true);
    expect(await jobs.schedule('once', {}, { key: 'k1', runAt: at(2) })).toBe(false);
    await jobs.runDue(at(5));
    expect(runs).toBe(1);
    // Done, so the key is free again.
    expect(await jobs.schedule('once', {}, { key: 'k1', runAt: at(6) })).toBe(true);
  });

  it('survives a restart: a job scheduled by one queue is run by a new one on the same database', async () => {
    const before = createJobQueue(db, log, () => T0);
    await before.schedule('later', { x: 'y' }, { runAt: at(10) });
    await before.stop();
    const after = createJobQueue(db, log, () => T0);
    const seen: unknown[] = [];
    after.register('later', async (payload) => void seen.push(payload));
    await after.runDue(at(11));
    expect(seen).toEqual([{ x: 'y' }]);
  });

  it('runs each job once when two nodes drain together', async () => {
    const ran: string[] = [];
    const nodes = [createJobQueue(db, log, () => T0), createJobQueue(db, log, () => T0)];
    for (const [i, node] of nodes.entries()) node.register('work', async (p) => void ran.push(`${String(p.n)}@${i}`));
    for (let n = 0; n < 60; n++) await nodes[0].schedule('work', { n }, { runAt: at(1) });
    const counts = await Promise.all(nodes.map((node) => node.runDue(at(2))));
    expect(counts[0] + counts[1]).toBe(60);
    expect(new Set(ran.map((r) => r.split('@')[0])).size).toBe(60);
    expect(ran).toHaveLength(60);
  });

  it('retries a failing job later, then gives up and keeps it with its error', async () => {
    const jobs = createJobQueue(db, log, () => T0);
    let tries = 0;
    jobs.register('flaky', async () => {
      tries++;
      throw new Error('smtp down');
    });
    await jobs.schedule('flaky', {}, { runAt: at(0) });
    await jobs.runDue(at(0));
    expect(tries).toBe(1);
    await jobs.runDue(at(0));
    expect(tries).toBe(1); // backing off
    for (let minute = 1; minute < 400; minute += 30) await jobs.runDue(at(minute));
    expect(tries).toBe(5);
    const [row] = await queryRows<{ failed_at: string | null; last_error: string }>(db, sql`SELECT failed_at, last_error FROM jobs`);
    expect(row.failed_at).not.toBeNull();
    expect(row.last_error).toBe('Error: smtp down');
  });

  it('runs a recurring job at each turn, once per turn, and once after a long pause', async () => {
    const jobs = createJobQueue(db, log, () => T0);
    const runs: string[] = [];
    jobs.recurring('tick', hourlyAt(0), async (_p, { now }) => void runs.push(now.toISOString()));
    expect(await jobs.runDue(at(30))).toBe(0);
    expect(await jobs.runDue(at(60))).toBe(1);
    expect(await jobs.runDue(at(61))).toBe(0);
    expect(await jobs.runDue(at(60 * 30))).toBe(1);
    expect(await jobs.runDue(at(60 * 30 + 59))).toBe(0);
    expect(runs).toHaveLength(2);
    const [{ count }] = await queryRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM jobs`);
    expect(count).toBe(1);
  });

  it('computes daily and hourly turns in UTC', () => {
    expect(dailyAtUtc(3)(new Date('2026-03-02T02:59:00Z')).toISOString()).toBe('2026-03-02T03:00:00.000Z');
    expect(dailyAtUtc(3)(new Date('2026-03-02T03:00:00Z')).toISOString()).toBe('2026-03-03T03:00:00.000Z');
    expect(hourlyAt(5)(new Date('2026-03-02T23:10:00Z')).toISOString()).toBe('2026-03-03T00:05:00.000Z');
  });
});
