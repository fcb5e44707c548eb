// How busy the machine was during a run: the load average, and the share of CPU time the host gave to other guests
// ("steal", from /proc/stat). Figures taken on a shared or stolen-from machine are reported with both.
import fs from 'node:fs';
import os from 'node:os';

export const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

export const cpuTicks = (): number[] => fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);

/** Percent of all CPU time since `before` (from cpuTicks) that was stolen. */
export function stealSince(before: number[]): number {
  const delta = cpuTicks().map((v, i) => v - (before[i] ?? 0));
  const total = delta.reduce((a, b) => a + b, 0);
  return Math.round(((delta[7] ?? 0) / Math.max(1, total)) * 1000) / 10;
}

/** `--name=value` from the command line, or the fallback. */
export const arg = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
