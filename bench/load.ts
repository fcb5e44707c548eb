// How busy the machine was during a measured run: the load average before and after, and the share of CPU time the
// hypervisor took (steal) and the share that was busy at all, from /proc/stat. Figures from a shared machine are only
// honest next to these.
import fs from 'node:fs';
import os from 'node:os';

type CpuTimes = { total: number; idle: number; steal: number };

function cpuTimes(): CpuTimes | null {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest columns are already counted in user and nice)
    const [, , , idle = 0, iowait = 0, , , steal = 0] = fields;
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), idle: idle + iowait, steal };
  } catch {
    return null;
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

export type MachineLoad = { loadAverage: { before: number[]; after: number[] }; stealPercent: number | null; busyPercent: number | null };

/** Starts watching; the returned function gives what the machine did since. */
export function watchLoad(): () => MachineLoad {
  const before = os.loadavg().map(round);
  const start = cpuTimes();
  return () => {
    const end = cpuTimes();
    const span = start && end ? end.total - start.total : 0;
    return {
      loadAverage: { before, after: os.loadavg().map(round) },
      stealPercent: start && end && span > 0 ? round((100 * (end.steal - start.steal)) / span) : null,
      busyPercent: start && end && span > 0 ? round((100 * (span - (end.idle - start.idle))) / span) : null,
    };
  };
}
