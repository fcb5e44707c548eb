// What explains a slow chat message: the seconds in which the slow ones arrived, and the servers' collection pauses
// (read from `--trace-gc`) in the same stretch, so a tail can be told apart as a stall, a pause or a steady queue.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../server/db/client.ts';

export type GcPause = { atMs: number; pauseMs: number; kind: string; heap?: string; detail?: string };

// "[pid:0x...]     1523 ms: Scavenge 30.3 (31.6) -> 6.2 (37.6) MB, pooled: 0 MB, 6.92 / 0.00 ms  (average mu ...".
const GC_LINE = /\]\s+(\d+) ms: ([A-Za-z][\w-]*(?: [A-Z][\w-]*)?)[^,]*MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms/;

/** Collects one server's collection pauses, on the bench's clock (the V8 clock starts when the process does). */
// The prefixes of bench/loop-trace.ts's lines (kept apart: importing that file would start it in the bench itself).
const LOOP_LINE = 'loop-trace ';
const SLOW_LINE = 'loop-slow ';
// Also reads the lines of bench/loop-trace.ts (the server's event-loop delay each second, slow timer callbacks).
export type LoopSecond = { atMs: number; maxMs: number; p99Ms: number; cpuMs: number; oldBytes: number };
export type SlowCallback = { atMs: number; kind: string; ms: number; fn: string };
export type ServerRecorder = { spawnedAt: number; pauses: GcPause[]; loop: LoopSecond[]; slow: SlowCallback[]; onStdout: (text: string) => void };

/** Wall-clock milliseconds (another process's Date.now()) on the bench's clock. */
const fromEpoch = (epochMs: number) => epochMs - performance.timeOrigin;

export function gcRecorder(): ServerRecorder {
  const spawnedAt = performance.now();
  const pauses: GcPause[] = [];
  const loop: LoopSecond[] = [];
  const slow: SlowCallback[] = [];
  let partial = '';
  const onLine = (line: string) => {
    const match = GC_LINE.exec(line);
    if (match) pauses.push({ atMs: spawnedAt + Number(match[1]), kind: match[2], pauseMs: Number(match[3]), ...majorDetail(match[2], line) });
    else if (line.startsWith(LOOP_LINE)) {
      const { at, ...second } = JSON.parse(line.slice(LOOP_LINE.length)) as Omit<LoopSecond, 'atMs'> & { at: number };
      loop.push({ atMs: fromEpoch(at), ...second });
    } else if (line.startsWith(SLOW_LINE)) {
      const { at, ...rest } = JSON.parse(line.slice(SLOW_LINE.length)) as { at: number; kind: string; ms: number; fn: string };
      slow.push({ atMs: fromEpoch(at), ...rest });
    } else if (line.trim()) console.log(line);
  };
  const onStdout = (text: string) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    lines.forEach(onLine);
  };
  return { spawnedAt, pauses, loop, slow, onStdout };
}

/**
 * Each server's event-loop delay (the worst of each second, ms) and CPU time (ms, all its threads) over a measured
 * stretch, indexed like slowSeconds, and the timer callbacks that held its loop for over 10 ms by themselves.
 */
export function loopBetween(recorders: ServerRecorder[], from: number, to: number) {
  const seconds = Math.ceil((to - from) / 1000);
  return recorders.map(({ loop, slow }) => {
    const maxMsBySecond: number[] = Array.from({ length: seconds }, () => 0);
    const cpuMsBySecond: number[] = Array.from({ length: seconds }, () => 0);
    // A line at instant t covers the second before it.
    for (const s of loop) {
      const second = Math.floor((s.atMs - 1 - from) / 1000);
      if (second < 0 || second >= seconds) continue;
      maxMsBySecond[second] = Math.max(maxMsBySecond[second], Math.round(s.maxMs));
      cpuMsBySecond[second] += s.cpuMs;
    }
    const slowCallbacks = slow.filter((c) => c.atMs >= from && c.atMs <= to)
      .map((c) => ({ second: Math.floor((c.atMs - from) / 1000), kind: c.kind, ms: c.ms, fn: c.fn }));
    return { maxMsBySecond, cpuMsBySecond, slowCallbacks };
  });
}

/**
 * PostgreSQL's backends sampled every `everyMs` (pg_stat_activity, this database, not idle): per second, the most
 * that were active at once and what they waited on (wait_event_type:wait_event, summed over the samples), so a
 * stall in the database (a lock, a WAL flush, a read) shows next to the second it slowed.
 */
export function postgresWaits(db: Db, everyMs = 100) {
  const samples: { atMs: number; active: number; waits: Record<string, number> }[] = [];
  let busy = false;
  const sample = async () => {
    if (busy) return;
    busy = true;
    try {
      const atMs = performance.now();
      // 'idle in transaction' is kept: a transaction left open while its node is busy shows as Client:ClientRead.
      const rows = await queryRows<{ wait: string | null; active: number; n: number }>(db, sql`
        SELECT wait_event_type || ':' || wait_event AS wait, count(*) FILTER (WHERE state = 'active')::int AS active, count(*)::int AS n
        FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle' GROUP BY 1`);
      const waits: Record<string, number> = {};
      for (const r of rows) if (r.wait) waits[r.wait] = r.n;
      samples.push({ atMs, active: rows.reduce((sum, r) => sum + r.active, 0), waits });
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void sample().catch(() => {}), everyMs);
  return {
    stop: () => clearInterval(timer),
    /** Per second of the stretch: the most backends active at once and the waits seen (only seconds with any). */
    between(from: number, to: number) {
      const bySecond = new Map<number, { second: number; maxActive: number; waits: Record<string, number> }>();
      for (const s of samples) {
        if (s.atMs < from || s.atMs > to) continue;
        const second = Math.floor((s.atMs - from) / 1000);
        const entry = bySecond.get(second) ?? { second, maxActive: 0, waits: {} };
        entry.maxActive = Math.max(entry.maxActive, s.active);
        for (const [wait, n] of Object.entries(s.waits)) entry.waits[wait] = (entry.waits[wait] ?? 0) + n;
        bySecond.set(second, entry);
      }
      return [...bySecond.values()].sort((a, b) => a.second - b.second);
    },
  };
}

// "Mark-Compact 77.8 (125.8) -> 58.7 (123.7) MB, ... (+ 1.1 ms in 32 steps since start of marking, ...) ... ; GC in old space requested".
const HEAP = /: [A-Za-z][\w-]*(?: [A-Z][\w-]*)? ([\d.]+) \([\d.]+\) -> ([\d.]+) \(([\d.]+)\) MB/;
const MARKING = /\(\+ ([\d.]+) ms in (\d+) steps since start of marking[^)]*walltime since start of marking (\d+) ms\)/;

/** A full collection (Mark-Compact) says more: the heap before and after, the marking done in steps before it, why. */
function majorDetail(kind: string, line: string): { heap?: string; detail?: string } {
  if (!kind.startsWith('Mark')) return {};
  const heap = HEAP.exec(line);
  const marking = MARKING.exec(line);
  return {
    heap: heap ? `${heap[1]} -> ${heap[2]} MB (of ${heap[3]})` : undefined,
    detail: [marking ? `+${marking[1]} ms in ${marking[2]} marking steps over ${marking[3]} ms` : '', line.split(';').at(-1)?.trim() ?? ''].filter(Boolean).join('; '),
  };
}

/** The pauses of each server between two instants of the bench's clock. */
export function gcBetween(recorders: { pauses: GcPause[] }[], from: number, to: number) {
  return recorders.map(({ pauses }) => {
    const within = pauses.filter((p) => p.atMs >= from && p.atMs <= to);
    const round = (n: number) => Math.round(n * 100) / 100;
    return {
      count: within.length,
      totalMs: round(within.reduce((sum, p) => sum + p.pauseMs, 0)),
      maxMs: round(Math.max(0, ...within.map((p) => p.pauseMs))),
      over10Ms: within.filter((p) => p.pauseMs > 10).map((p) => ({ atSecond: round((p.atMs - from) / 1000), kind: p.kind, pauseMs: p.pauseMs })),
      // Every full collection, whatever its pause: its marking runs beside the program (a core taken) before the pause.
      fullCollections: within.filter((p) => p.kind.startsWith('Mark')).map((p) => ({
        atSecond: round((p.atMs - from) / 1000), pauseMs: p.pauseMs, heap: p.heap, detail: p.detail,
      })),
    };
  });
}

/** Seconds of the run whose slowest delivery went over the budget: when the tail happened, and how much of it. */
export function slowSeconds(arrivals: { atMs: number; ms: number }[], from: number, budgetMs: number) {
  const bySecond = new Map<number, number[]>();
  for (const a of arrivals) {
    const second = Math.floor((a.atMs - from) / 1000);
    bySecond.set(second, [...(bySecond.get(second) ?? []), a.ms]);
  }
  return [...bySecond.entries()]
    .map(([second, times]) => ({ second, messages: times.length, overBudget: times.filter((t) => t > budgetMs).length, maxMs: Math.round(Math.max(...times)) }))
    .filter((s) => s.overBudget > 0)
    .sort((a, b) => a.second - b.second);
}

/**
 * What each slow second held, so a run says why its tail is what it is: messages over the budget, split by the first
 * cause found in their second: a server's full collection that started in it or the second before (its marking takes a
 * core as the pause comes), else a commit queue in PostgreSQL (WAL-flush waits in that second at least twice the run's
 * median second: every second has some, at 500 commits a second), else something else (the cores full, a scavenge).
 * A heuristic on one-second buckets, not a proof; the per-second fields beside it are the evidence.
 */
export function tailCauses(
  slow: ReturnType<typeof slowSeconds>, gc: ReturnType<typeof gcBetween>, waits: { second: number; waits: Record<string, number> }[],
) {
  const fullSeconds = new Set(gc.flatMap((g) => g.fullCollections.flatMap((f) => [Math.floor(f.atSecond), Math.floor(f.atSecond) + 1])));
  const walWaits = (w: Record<string, number>) => Object.entries(w).filter(([k]) => k.includes('WAL')).reduce((sum, [, n]) => sum + n, 0);
  const perSecond = waits.map((w) => walWaits(w.waits)).sort((a, b) => a - b);
  const median = perSecond[Math.floor(perSecond.length / 2)] ?? 0;
  const queued = new Set(waits.filter((w) => walWaits(w.waits) >= 2 * Math.max(1, median)).map((w) => w.second));
  const over = { fullCollection: 0, commitQueue: 0, other: 0, walWaitsMedianPerSecond: median };
  for (const s of slow) {
    if (fullSeconds.has(s.second)) over.fullCollection += s.overBudget;
    else if (queued.has(s.second)) over.commitQueue += s.overBudget;
    else over.other += s.overBudget;
  }
  return over;
}

/**
 * How much each server's old generation grew over a measured stretch (the line nearest after `to` less the one nearest
 * before `from`), in bytes: a collection in between makes it smaller, so it is read with the collections beside it.
 */
export function oldGenerationGrowth(recorders: ServerRecorder[], from: number, to: number): number[] {
  return recorders.map(({ loop }) => {
    const before = [...loop].reverse().find((s) => s.atMs <= from) ?? loop.find((s) => s.atMs > from);
    const after = loop.find((s) => s.atMs >= to) ?? loop.at(-1);
    return before && after ? after.oldBytes - before.oldBytes : 0;
  });
}
