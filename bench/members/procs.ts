// CPU, memory and machine figures read from /proc, so each process's share of the two cores can be told apart.
import fs from 'node:fs';

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export function rssMb(pid: number | undefined): number {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** CPU seconds so far of every process named `comm` (postgres: the postmaster and every backend), by pid. */
export function cpuByName(comm: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === comm) byPid.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // Ended meanwhile.
    }
  }
  return byPid;
}

/** CPU used since `before` by processes of that name (new ones count from zero: a backend started in the window). */
export function cpuByNameSince(comm: string, before: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of cpuByName(comm)) total += seconds - (before.get(pid) ?? 0);
  return total;
}

export type Ticks = { busy: number; total: number; steal: number };
export function machineTicks(): Ticks {
  const ticks = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = ticks[3] + ticks[4];
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: total - idle - (ticks[7] ?? 0), total, steal: ticks[7] ?? 0 };
}

/** Busy and steal as % of all cores' time since `before`. */
export function machineSince(before: Ticks): { busyPercent: number; stealPercent: number } {
  const now = machineTicks();
  const total = Math.max(1, now.total - before.total);
  return { busyPercent: Math.round(((now.busy - before.busy) / total) * 1000) / 10, stealPercent: Math.round(((now.steal - before.steal) / total) * 1000) / 10 };
}
