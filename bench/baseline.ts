// Every figure beside a baseline measured in the same run on the same machine: machines of one kind differ by several
// times, so an absolute figure says more about the machine than about the code, and a ratio to the baseline does not.
// HTTP reads are set against a hello-world Fastify server at the same connection count (bench/baselines/hello-world.ts);
// chat against a bare socket.io relay at the same sockets and rate (bench/baselines/relay.ts, started by bench/chat.ts).
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../scripts/server-process.ts';
import { measure, type Figures } from './lib.ts';

/** The budgets held as ratios to the same run's baseline. */
export const RATIO_BUDGETS = {
  /** Throughput of a read served from a cache, at 50 connections, over hello-world's: at least this. */
  cached: 0.25,
  /** Throughput of a read that must do its work (a distinct search, a deep page), over hello-world's: at least this. */
  uncached: 0.1,
  /** The members ceiling (members held) over hello-world's requests a second: at least this. */
  membersPerHelloWorldRps: 0.15,
  /** Chat delivery p99 over the relay's p99 in the same run: at most this. */
  chatP99: 2,
} as const;

export type ReadKind = 'cached' | 'uncached';
export type Baseline = Figures & { server: string; connections: number; seconds: number };

const baselineEnv = () => ({ PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' });

/** Starts a baseline server (a file of bench/baselines) as its own process, with the app's start:node flags. */
export function startBaseline(file: 'hello-world.ts' | 'relay.ts', port: number, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServerProcess({ port, script: path.join('bench', 'baselines', file), output: 'inherit', env: { ...baselineEnv(), ...env } }, 30_000,
    file === 'relay.ts' ? '/readyz' : '/');
}

/** Hello-world's figures at this connection count, for this long, measured now (a warm-up second first). */
export async function helloWorld(port: number, connections: number, seconds: number): Promise<Baseline> {
  const server = await startBaseline('hello-world.ts', port);
  try {
    await measure(server.url, { connections, seconds: 1 });
    const figures = await measure(server.url, { connections, seconds });
    console.log(`hello-world baseline (${connections} connections, ${seconds} s): ${figures.rps} req/s, p99 ${figures.p99} ms`);
    return { server: 'Fastify hello-world', connections, seconds, ...figures };
  } finally {
    await server.stop('SIGTERM', 10_000);
  }
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : null);

/** A read's figures over the baseline's: throughput (higher is better) and p99 (lower is better), and its budget when it has one. */
export function versusHelloWorld(figures: Figures, baseline: Baseline, kind?: ReadKind) {
  const throughput = ratio(figures.rps, baseline.rps);
  return {
    throughputRatio: throughput,
    p99Ratio: ratio(figures.p99, baseline.p99),
    ...(kind ? { kind, minThroughputRatio: RATIO_BUDGETS[kind], withinRatioBudget: throughput !== null && throughput >= RATIO_BUDGETS[kind] } : {}),
  };
}

/** Each named result with its ratio to the baseline beside it (`vsHelloWorld`); kinds name the budget each one holds. */
export function withRatios<T extends Figures>(results: Record<string, T>, baseline: Baseline, kinds: Record<string, ReadKind> = {}) {
  return Object.fromEntries(Object.entries(results).map(([name, figures]) => [name, { ...figures, vsHelloWorld: versusHelloWorld(figures, baseline, kinds[name]) }]));
}
