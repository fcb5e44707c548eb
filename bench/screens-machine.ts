// How busy the machine was during a run: figures measured on shared cores mean little without it.
import fs from 'node:fs';

type Cpu = { total: number; steal: number };

/** The aggregate cpu line of /proc/stat (user nice system idle iowait irq softirq steal ...), in clock ticks. */
export function cpuSnapshot(): Cpu {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  return { total: fields.reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
}

/** The share of CPU time the hypervisor took from this machine since `before`, in percent. */
export function stealSince(before: Cpu): number {
  const now = cpuSnapshot();
  const total = now.total - before.total;
  return total > 0 ? Math.round(((now.steal - before.steal) / total) * 1000) / 10 : 0;
}
