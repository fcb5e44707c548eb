// Loaded into a bench's server with `node --import ./bench/loop-trace.ts` (nothing in server/ changes): once a second
// it prints how long the event loop was held up in that second, on the wall clock, so a bench can put a server's stalls
// next to its own slow seconds (bench/chat-tail.ts reads these lines as it reads `--trace-gc`).
// It also names any timer callback that held the loop for over SLOW_CALLBACK_MS by itself: periodic work (sweeps,
// polls, pings) is the usual suspect for a stall that comes at a fixed offset after the start.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import v8 from 'node:v8';

const SLOW_CALLBACK_MS = 10;
// The line prefixes bench/chat-tail.ts reads (this file runs inside the server: it imports nothing of the bench's).
const LOOP_LINE = 'loop-trace ';
const SLOW_LINE = 'loop-slow ';

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const ms = (ns: number) => Math.round(ns / 1e4) / 100;
// CPU time too (every thread of the process: a collection's concurrent marking shows here, not in the delay), and the
// old generation's size, for its growth per message over a measured stretch.
let cpuBefore = process.cpuUsage();
const report = setInterval(() => {
  const cpu = process.cpuUsage(cpuBefore);
  cpuBefore = process.cpuUsage();
  const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
  const oldBytes = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ?? 0;
  process.stdout.write(`${LOOP_LINE}${JSON.stringify({ at: Date.now(), maxMs: ms(delay.max), p99Ms: ms(delay.percentile(99)), cpuMs, oldBytes })}\n`);
  delay.reset();
}, 1000);
report.unref();

type TimerFn = (...args: unknown[]) => unknown;
// The callback's own name, else the start of its source: enough to find it with grep.
const nameOf = (fn: TimerFn) => fn.name || fn.toString().replace(/\s+/g, ' ').slice(0, 120);
function timed(fn: unknown, kind: string): unknown {
  if (typeof fn !== 'function') return fn;
  return function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    try {
      return (fn as TimerFn).apply(this, args);
    } finally {
      const took = performance.now() - started;
      if (took > SLOW_CALLBACK_MS) {
        process.stdout.write(`${SLOW_LINE}${JSON.stringify({ at: Date.now(), kind, ms: Math.round(took * 10) / 10, fn: nameOf(fn as TimerFn) })}\n`);
      }
    }
  };
}
const { setInterval: originalInterval, setTimeout: originalTimeout } = globalThis;
const wrappedTimeout = (fn: unknown, ...rest: unknown[]) => (originalTimeout as TimerFn)(timed(fn, 'timeout'), ...rest);
// util.promisify(setTimeout) still gives the promise version.
Object.defineProperty(wrappedTimeout, promisify.custom, { value: (originalTimeout as unknown as Record<symbol, unknown>)[promisify.custom] });
globalThis.setTimeout = wrappedTimeout as typeof setTimeout;
globalThis.setInterval = ((fn: unknown, ...rest: unknown[]) => (originalInterval as TimerFn)(timed(fn, 'interval'), ...rest)) as typeof setInterval;
