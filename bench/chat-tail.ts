// What explains a slow chat message: the seconds in which the slow ones arrived, and the servers' collection pauses
// (read from `--trace-gc`) in the same stretch, so a tail can be told apart as a stall, a pause or a steady queue.
import { performance } from 'node:perf_hooks';

export type GcPause = { atMs: number; pauseMs: number; kind: string };

// "[pid:0x...]     1523 ms: Scavenge 30.3 (31.6) -> 6.2 (37.6) MB, pooled: 0 MB, 6.92 / 0.00 ms  (average mu ...".
const GC_LINE = /\]\s+(\d+) ms: ([A-Za-z][\w-]*(?: [A-Z][\w-]*)?)[^,]*MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms/;

/** Collects one server's collection pauses, on the bench's clock (the V8 clock starts when the process does). */
export function gcRecorder(): { spawnedAt: number; pauses: GcPause[]; onStdout: (text: string) => void } {
  const spawnedAt = performance.now();
  const pauses: GcPause[] = [];
  let partial = '';
  const onStdout = (text: string) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const match = GC_LINE.exec(line);
      if (match) pauses.push({ atMs: spawnedAt + Number(match[1]), kind: match[2], pauseMs: Number(match[3]) });
      else if (line.trim()) console.log(line);
    }
  };
  return { spawnedAt, pauses, onStdout };
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
