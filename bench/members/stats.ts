// Exact percentiles from every sample, and the pass rule.
import type { Samples } from './fleet.ts';

const PASS = { p99Ms: 2000, deliveryP99Ms: 2000, failurePercent: 0.025 };

const round = (n: number) => Math.round(n * 100) / 100;
function percentiles(values: number[]) {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: at(100) };
}

/** The fleet processes' samples of one step merged into the step's figures and verdict. */
export function summarize(parts: Samples[], seconds: number) {
  const byAction: Record<string, number[]> = {};
  const errors: Record<string, number> = {};
  let timeouts = 0;
  let disconnects = 0;
  const delivery: number[] = [];
  const chat = { sent: 0, errors: 0, timeouts: 0 };
  for (const s of parts) {
    for (const [action, times] of Object.entries(s.requests)) (byAction[action] ??= []).push(...times);
    for (const [key, n] of Object.entries(s.errors)) errors[key] = (errors[key] ?? 0) + n;
    timeouts += s.timeouts;
    disconnects += s.disconnects;
    delivery.push(...s.chat.delivery);
    chat.sent += s.chat.sent;
    chat.errors += s.chat.errors;
    chat.timeouts += s.chat.timeouts;
  }
  const all = Object.values(byAction).flat();
  const poolWaitMs = percentiles(parts.flatMap((s) => s.poolWaitMs));
  const requests = percentiles(all);
  const deliveryMs = percentiles(delivery);
  const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
  const attempts = all.length + timeouts + chat.sent;
  const failures = errorCount + timeouts + chat.errors + chat.timeouts + disconnects;
  const failurePercent = Math.round((failures / Math.max(1, attempts)) * 1e5) / 1e3;
  const mix = Object.fromEntries(Object.entries(byAction).sort((a, b) => b[1].length - a[1].length)
    .map(([action, times]) => [action, percentiles(times)]));
  const passed = requests.p99 < PASS.p99Ms && deliveryMs.p99 < PASS.deliveryP99Ms && failurePercent < PASS.failurePercent && attempts > 0;
  return {
    passed, requestsPerSecond: Math.round(all.length / seconds), messagesPerSecond: Math.round((chat.sent / seconds) * 10) / 10,
    requestsMs: requests, chatDeliveryMs: deliveryMs, chat,
    errors: errorCount, errorsByKind: errors, timeouts, socketDisconnects: disconnects, failurePercent,
    fleetPoolWaitMs: poolWaitMs, fleetEventLoopDelayMs: parts.map((s) => s.eventLoopDelayMs), mix,
  };
}
