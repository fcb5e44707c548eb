// The machine a bench ran on and how busy it was: its cores, memory and Node; the load average; the share of CPU time
// the host gave to other guests ("steal") and the share that was busy at all, read from /proc/stat. Figures taken on a
// shared or stolen-from machine are only honest next to these. Linux only, like the benches' loopback servers.
// The one place the benches read the machine's load and steal (a process's own CPU and memory are in proc.ts).
import fs from 'node:fs';
import os from 'node:os';

export type Ticks = { busy: number; total: number; steal: number };

/** Busy, steal and total CPU ticks of the whole machine (all cores) so far. */
export function machineTicks(): Ticks {
  // user nice system idle iowait irq softirq steal (guest time is counted in user already).
  const ticks = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = ticks[3] + ticks[4];
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total, steal: ticks[7] ?? 0 };
}

/** The share of the machine's time the host gave to other guests since `before`, in %. */
export function stealSince(before: Ticks): number {
  const now = machineTicks();
  return Math.round(((now.steal - before.steal) / Math.max(1, now.total - before.total)) * 1000) / 10;
}

/** How busy all cores were since `before`, in % of the machine. */
export function machineBusySince(before: Ticks): number {
  const now = machineTicks();
  return Math.round(((now.busy - before.busy) / Math.max(1, now.total - before.total)) * 100);
}

/** Busy and steal as % of all cores' time since `before`. */
export function machineSince(before: Ticks): { busyPercent: number; stealPercent: number } {
  return { busyPercent: machineBusySince(before), stealPercent: stealSince(before) };
}

const round = (n: number) => Math.round(n * 100) / 100;
/** The 1, 5 and 15 minute load averages. */
export const loadAverage = () => os.loadavg().map(round);
/** The 1 minute load average. */
export const load1 = () => loadAverage()[0];

export type MachineLoad = { loadAverage: { before: number[]; after: number[] }; stealPercent: number; busyPercent: number };

/** Starts watching; the returned function gives what the machine did since. */
export function watchLoad(): () => MachineLoad {
  const before = loadAverage();
  const start = machineTicks();
  return () => ({ loadAverage: { before, after: loadAverage() }, stealPercent: stealSince(start), busyPercent: machineBusySince(start) });
}

/** The machine itself, as every result file names it. */
export function describeMachine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length, cpu: cpus[0]?.model ?? 'cpu', memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version,
    summary: `${cpus.length} cores (${cpus[0]?.model ?? 'cpu'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  };
}
