// What the benchmarks read of each process from /proc: its CPU and memory, PostgreSQL's processes, its write calls (the
// whole machine's busy and steal time are in machine.ts). Linux only, like the benches' loopback servers.
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

/** Write system calls a process has made so far (each socket write costs one; on a VM they are dear). */
export function writeCalls(pid: number | undefined): number {
  try {
    return Number(/syscw:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}
