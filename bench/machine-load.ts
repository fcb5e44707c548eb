// How busy the machine was during a run: the load average, and the share of CPU time the host gave to other guests
// ("steal"). Figures taken on a shared or stolen-from machine are reported with both.
import os from 'node:os';
import { machineTicks } from './proc.ts';

export { stealSince } from './proc.ts';
export const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);
/** The machine's CPU counters now, for stealSince. */
export const cpuTicks = machineTicks;

/** `--name=value` from the command line, or the fallback. */
export const arg = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
