// One phase of the members benchmark: server node(s) started, the fleet forked, members added step by step, each step
// warmed up then measured (latencies, mix, CPU of every process, memory), until a step fails the pass rule.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../server/db/client.ts';
import { PG_BASE, startServer } from '../lib.ts';
import type { FleetMember, Samples, ToFleet } from './fleet.ts';
import { load1, machineSince, machineTicks } from '../machine.ts';
import { cpuByCommand, cpuByCommandSince, cpuSeconds, rssMb } from '../proc.ts';
import { summarizeProfile } from './profile.ts';
import type { Member } from './seed.ts';
import type { ReplicaPair } from './replica.ts';
import { summarize } from './stats.ts';

export type Options = { holdSeconds: number; warmupSeconds: number; k: number; workers: number; pool: number; redisUrl: string; database: string };
type PhaseArgs = Options & {
  nodes: 1 | 2; steps: number[]; url: string; members: Member[]; profile: boolean;
  /** The replica phase: nodes on this primary with DATABASE_REPLICA_URLS (bench/members/replica.ts). */
  replica?: ReplicaPair;
};

const PORTS = [3410, 3411];
const children = new Set<ChildProcess>();
// Whatever ends this process, nothing it started outlives it.
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function reply<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (msg: { type: string }) => {
      if (msg.type !== type) return;
      child.off('message', on);
      resolve(msg as T);
    };
    child.on('message', on);
  });
}

async function startNodes(args: PhaseArgs, nodeArgs?: string): Promise<ChildProcess[]> {
  // Every member connects from 127.0.0.1: the per-address socket cap (50 by default) is raised through its own setting.
  const extra = {
    REDIS_URL: args.nodes === 2 ? args.redisUrl : '', SOCKETS_PER_ADDRESS: String(Math.max(...args.steps) * 2),
    ...(args.replica ? { DATABASE_REPLICA_URLS: args.replica.replicaUrl } : {}),
  };
  const saved = process.env.BENCH_NODE_ARGS;
  if (nodeArgs) process.env.BENCH_NODE_ARGS = [saved, nodeArgs].filter(Boolean).join(' ');
  try {
    const servers: ChildProcess[] = [];
    for (const port of PORTS.slice(0, args.nodes)) {
      const s = await startServer(args.url, port, extra);
      children.add(s);
      servers.push(s);
    }
    return servers;
  } finally {
    if (saved === undefined) delete process.env.BENCH_NODE_ARGS;
    else process.env.BENCH_NODE_ARGS = saved;
  }
}

async function startFleet(args: PhaseArgs): Promise<ChildProcess[]> {
  const urls = PORTS.slice(0, args.nodes).map((p) => `http://127.0.0.1:${p}`);
  const fleet: ChildProcess[] = [];
  for (let worker = 0; worker < args.workers; worker++) {
    const child = fork(path.join(import.meta.dirname, 'fleet.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.add(child);
    const ready = reply(child, 'ready');
    child.send({ type: 'init', k: args.k, urls, pool: args.pool, worker } satisfies ToFleet);
    await ready;
    fleet.push(child);
  }
  return fleet;
}

/** Pairs of chat partners stay in one fleet process (delivery is timed on one clock); with two nodes they sit on different nodes. */
function assign(members: Member[], nodes: number, workers: number): FleetMember[][] {
  const out: FleetMember[][] = Array.from({ length: workers }, () => []);
  for (const m of members) {
    const pair = Math.floor((m.n - 1) / 2);
    out[pair % workers].push({ ...m, node: nodes === 2 ? (m.n % 2 === 1 ? 0 : 1) : 0 });
  }
  return out;
}

/** Backend pids connected to the bench database, and how many of them are running a statement (sampled each second). */
async function pgWatcher(database: string, server = PG_BASE) {
  const admin = await openDatabase({ url: `${server}/postgres`, poolSize: 1 });
  let samples = 0;
  let active = 0;
  let connected = 0;
  const pids = new Set<number>();
  let on = true;
  const loop = (async () => {
    while (on) {
      const rows = await queryRows<{ pid: number; state: string | null }>(admin.db,
        sql`SELECT pid, state FROM pg_stat_activity WHERE datname = ${database}`).catch(() => []);
      for (const r of rows) pids.add(r.pid);
      samples++;
      connected += rows.length;
      active += rows.filter((r) => r.state === 'active').length;
      await sleep(1000);
    }
  })();
  return {
    pids: () => [...pids],
    stop: async () => {
      on = false;
      await loop;
      await admin.close();
      return { meanConnections: Math.round((connected / Math.max(1, samples)) * 10) / 10, meanActive: Math.round((active / Math.max(1, samples)) * 10) / 10 };
    },
  };
}

/** How long the server takes to answer /healthz (no database): a stand-in for its event-loop delay. */
function healthProbe(port: number) {
  const times: number[] = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      const t = performance.now();
      await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.arrayBuffer()).catch(() => undefined);
      times.push(performance.now() - t);
      await sleep(200);
    }
  })();
  return async () => {
    on = false;
    await loop;
    times.sort((a, b) => a - b);
    const at = (p: number) => Math.round((times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0) * 10) / 10;
    return { p50: at(50), p99: at(99) };
  };
}

const pct = (seconds: number, over: number) => Math.round((seconds / over) * 100);

async function measureStep(args: PhaseArgs, servers: ChildProcess[], fleet: ChildProcess[]) {
  const watcher = await pgWatcher(args.database, args.replica?.primaryBase);
  const replicaWatcher = args.replica ? await pgWatcher(args.database, args.replica.replicaBase) : undefined;
  const probe = healthProbe(PORTS[0]);
  await sleep(300);
  const before = {
    servers: servers.map((s) => cpuSeconds(s.pid)), fleet: fleet.map((f) => cpuSeconds(f.pid)), self: cpuSeconds(process.pid),
    pg: cpuByCommand('postgres'), redis: cpuByCommand('redis-server'), machine: machineTicks(), at: performance.now(),
  };
  for (const f of fleet) f.send({ type: 'measure' } satisfies ToFleet);
  await sleep(args.holdSeconds * 1000);
  const collected = fleet.map((f) => reply<{ samples: Samples }>(f, 'samples'));
  for (const f of fleet) f.send({ type: 'collect' } satisfies ToFleet);
  // CPU over the measured window (the collect that follows only waits for late chat deliveries).
  const seconds = (performance.now() - before.at) / 1000;
  const ourPids = new Set(watcher.pids());
  const cpuOf = (pids: Set<number>) => [...cpuByCommand('postgres')].filter(([pid]) => pids.has(pid)).reduce((t, [pid, s]) => t + s - (before.pg.get(pid) ?? 0), 0);
  const pgOurs = cpuOf(ourPids);
  const pgReplica = replicaWatcher ? cpuOf(new Set(replicaWatcher.pids())) : 0;
  const cpu = {
    serversPercentOfOneCore: servers.map((s, i) => pct(cpuSeconds(s.pid) - before.servers[i], seconds)),
    postgresBenchDbPercentOfOneCore: pct(pgOurs, seconds),
    // The replica phase: the standby's backends serving the bench database (its WAL replay is not among them).
    ...(replicaWatcher ? { postgresReplicaBenchDbPercentOfOneCore: pct(pgReplica, seconds) } : {}),
    postgresAllPercentOfOneCore: pct(cpuByCommandSince('postgres', before.pg), seconds),
    redisPercentOfOneCore: pct(cpuByCommandSince('redis-server', before.redis), seconds),
    fleetPercentOfOneCore: fleet.map((f, i) => pct(cpuSeconds(f.pid) - before.fleet[i], seconds)),
    orchestratorPercentOfOneCore: pct(cpuSeconds(process.pid) - before.self, seconds),
    machine: machineSince(before.machine), load1: load1(),
  };
  const memory = { serversRssMb: servers.map((s) => rssMb(s.pid)), fleetRssMb: fleet.map((f) => rssMb(f.pid)) };
  const parts = (await Promise.all(collected)).map((c) => c.samples);
  const pgPool = await watcher.stop();
  const replicaPool = await replicaWatcher?.stop();
  const healthzMs = await probe();
  const window = { fromMs: before.at, toMs: before.at + seconds * 1000 };
  return { ...summarize(parts, seconds), members: parts.reduce((t, p) => t + p.members, 0), cpu, memory, postgresBackends: pgPool, ...(replicaPool ? { replicaBackends: replicaPool } : {}), serverHealthzMs: healthzMs, window };
}

/** The ramp: members added in steps; every step warmed up, then measured; it stops at the first failing step. */
async function ramp(args: PhaseArgs, servers: ChildProcess[], fleet: ChildProcess[]) {
  const steps = [];
  let have = 0;
  for (const target of args.steps) {
    const t = performance.now();
    const groups = assign(args.members.slice(have, target), args.nodes, fleet.length);
    const added = await Promise.all(fleet.map((f, i) => {
      const done = reply<{ failed: number }>(f, 'added');
      f.send({ type: 'add', members: groups[i] } satisfies ToFleet);
      return done;
    }));
    const failedToConnect = added.reduce((n, a) => n + a.failed, 0);
    have = target;
    const connectSeconds = Math.round((performance.now() - t) / 100) / 10;
    await sleep(args.warmupSeconds * 1000);
    const step = { target, connectSeconds, failedToConnect, ...(await measureStep(args, servers, fleet)) };
    if (failedToConnect) step.passed = false;
    steps.push(step);
    console.log(`  ${target} members: ${step.requestsPerSecond} req/s, p99 ${step.requestsMs.p99} ms, chat p99 ${step.chatDeliveryMs.p99} ms, `
      + `failures ${step.failurePercent} %, CPU server ${step.cpu.serversPercentOfOneCore.join('/')} pg ${step.cpu.postgresBenchDbPercentOfOneCore} `
      + `fleet ${step.cpu.fleetPercentOfOneCore.join('/')} steal ${step.cpu.machine.stealPercent} % -> ${step.passed ? 'pass' : 'FAIL'}`);
    if (!step.passed) break;
  }
  return steps;
}

async function stop(servers: ChildProcess[], fleet: ChildProcess[]) {
  await Promise.all(fleet.map((f) => new Promise<void>((resolve) => {
    f.once('exit', () => resolve());
    f.send({ type: 'stop' } satisfies ToFleet);
  })));
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => {
    if (s.exitCode !== null) return resolve();
    s.once('exit', () => resolve());
    s.kill('SIGTERM');
  })));
  for (const c of [...fleet, ...servers]) children.delete(c);
}

export async function runPhase(args: PhaseArgs) {
  console.log(`members bench: ${args.nodes === 1 ? 'one node' : 'two nodes over Redis'}${args.replica ? ', a primary and one streaming replica' : ''}, steps ${args.steps.join(', ')}`);
  let servers = await startNodes(args);
  let fleet = await startFleet(args);
  const steps = await ramp(args, servers, fleet);
  await stop(servers, fleet);
  const best = [...steps].reverse().find((s) => s.passed);
  const firstFail = steps.find((s) => !s.passed);
  let profile: unknown = 'not taken';
  if (args.profile && (best || firstFail)) {
    // The server again, under the CPU profiler, at the highest passing count (or the first step if none passed).
    const at = (best ?? firstFail)!.target;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'members-prof-'));
    console.log(`  profiling one node at ${at} members`);
    const spawnedAt = performance.now();
    servers = await startNodes(args, `--cpu-prof --cpu-prof-dir=${dir}`);
    fleet = await startFleet(args);
    const [profiled] = await ramp({ ...args, steps: [at] }, servers, fleet);
    await stop(servers, fleet);
    // Only the measured window counts (the profile's clock starts about when the process was spawned).
    const { window, ...step } = profiled;
    profile = { members: at, step, ...summarizeProfile(dir, (window.fromMs - spawnedAt) / 1000, (window.toMs - spawnedAt) / 1000) };
  }
  return {
    nodes: args.nodes, highestPassingMembers: best?.target ?? 0, firstFailingMembers: firstFail?.target ?? null,
    // The window's clock readings served the profile only.
    saturation: saturation(firstFail ?? steps.at(-1)), steps: steps.map((s) => ({ ...s, window: undefined })), profile,
  };
}

type Step = Awaited<ReturnType<typeof ramp>>[number];

/** What ran out first at a step: one server's core, the database pool, or the machine's two cores (and who used them). */
function saturation(step: Step | undefined) {
  if (!step) return 'no step ran';
  const { cpu } = step;
  const pool = Number(process.env.DATABASE_POOL_SIZE ?? 10);
  const users: [string, number][] = [
    ['server(s)', cpu.serversPercentOfOneCore.reduce((a, b) => a + b, 0)], ['PostgreSQL (bench database)', cpu.postgresBenchDbPercentOfOneCore],
    ['PostgreSQL replica (bench database)', cpu.postgresReplicaBenchDbPercentOfOneCore ?? 0],
    ['PostgreSQL (other databases)', cpu.postgresAllPercentOfOneCore - cpu.postgresBenchDbPercentOfOneCore - (cpu.postgresReplicaBenchDbPercentOfOneCore ?? 0)],
    ['fleet', cpu.fleetPercentOfOneCore.reduce((a, b) => a + b, 0)], ['Redis', cpu.redisPercentOfOneCore],
  ];
  users.sort((a, b) => b[1] - a[1]);
  const findings = [];
  if (Math.max(...cpu.serversPercentOfOneCore) >= 85) findings.push('a server process is near one full core (its event loop)');
  if (step.postgresBackends.meanActive >= pool * 0.8) findings.push(`the database pool: ${step.postgresBackends.meanActive} of ${pool} connections busy on average`);
  if (cpu.machine.busyPercent + cpu.machine.stealPercent >= 90) findings.push(`the machine's cores: ${cpu.machine.busyPercent}% busy, ${cpu.machine.stealPercent}% stolen`);
  return { at: step.target, findings, cpuByUser: Object.fromEntries(users), serverHealthzMs: step.serverHealthzMs };
}
