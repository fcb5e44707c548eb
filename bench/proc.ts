// What the benchmarks read of this machine from /proc: each process's CPU and memory, PostgreSQL's processes, the whole
// machine's busy and steal time. Linux only, like the benches' loopback servers.
import fs from 'node:fs';

/** Resident memory of a process in MB (0 once it has ended). */
export function rssMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) a process has used; for its share of the cores during a phase. */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds so far of every process with this command name (e.g. 'postgres', 'redis-server'), by pid. */
export function cpuByCommand(command: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === command) byPid.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // The process ended meanwhile.
    }
  }
  return byPid;
}

/** CPU seconds those processes used since `before`; a process started meanwhile (a new backend) counts from zero. */
export function cpuByCommandSince(command: string, before: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of cpuByCommand(command)) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** Busy, steal and total CPU ticks of the whole machine (all cores). */
export function machineTicks(): { busy: number; total: number; steal: number } {
  const ticks = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = ticks[3] + ticks[4];
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total, steal: ticks[7] ?? 0 };
}

/** The share of the machine's time the host gave to other guests ("steal") since `before`, in %. */
export function stealSince(before: { steal: number; total: number }): number {
  const now = machineTicks();
  return Math.round(((now.steal - before.steal) / Math.max(1, now.total - before.total)) * 1000) / 10;
}

/** How busy all cores were since `before`, in % of the machine. */
export function machineBusySince(before: { busy: number; total: number }): number {
  const now = machineTicks();
  return Math.round(((now.busy - before.busy) / Math.max(1, now.total - before.total)) * 100);
}

/** Write system calls a process has made so far (each socket write costs one; on a VM they are dear). */
export function writeCalls(pid: number | undefined): number {
  try {
    return Number(/syscw:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}
