// CPU, memory and machine figures read from /proc (bench/proc.ts), so each process's share of the two cores can be told apart.
import { machineBusySince, machineTicks, stealSince } from '../proc.ts';

export { cpuByCommand as cpuByName, cpuByCommandSince as cpuByNameSince, cpuSeconds, machineTicks, rssMb } from '../proc.ts';

export type Ticks = ReturnType<typeof machineTicks>;

/** Busy and steal as % of all cores' time since `before`. */
export function machineSince(before: Ticks): { busyPercent: number; stealPercent: number } {
  return { busyPercent: machineBusySince(before), stealPercent: stealSince(before) };
}
