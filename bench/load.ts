// How busy the machine was during a measured run: the load average before and after, and the share of CPU time the
// hypervisor took (steal) and the share that was busy at all. Figures from a shared machine are only honest next to these.
import os from 'node:os';
import { machineBusySince, machineTicks, stealSince } from './proc.ts';

const round = (n: number) => Math.round(n * 100) / 100;

export type MachineLoad = { loadAverage: { before: number[]; after: number[] }; stealPercent: number; busyPercent: number };

/** Starts watching; the returned function gives what the machine did since. */
export function watchLoad(): () => MachineLoad {
  const before = os.loadavg().map(round);
  const start = machineTicks();
  return () => ({ loadAverage: { before, after: os.loadavg().map(round) }, stealPercent: stealSince(start), busyPercent: machineBusySince(start) });
}
