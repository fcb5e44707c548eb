// App nodes as real processes, started the way the README's "several nodes" section starts them (npm run start:node's
// flags, production logging), each with its own port and data directory. Every node started here is killed by
// stopAllNodes (afterAll) and, failing that, when the test process exits.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitUntil } from './wait.ts';

const ROOT = path.join(import.meta.dirname, '..', '..');
const NODE_FLAGS = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts['start:node'] as string)
  .split(/\s+/).filter((arg) => arg.startsWith('--'));
// The same key on every node (README): two-factor secrets would otherwise be sealed per node.
const TWO_FACTOR_KEY = Buffer.alloc(32, 7).toString('base64');
export const ADMIN = { email: 'admin@faults.test', password: 'faults-admin-password' };

export type AppNode = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves when the process has ended, with when it ended (Date.now()). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** Everything the node wrote to stdout and stderr so far. */
  output: () => string;
  rssKb: () => number;
  /** With `probeHeap`: the heap and off-heap buffers left after a full collection, in MB. */
  retainedMb: () => Promise<number>;
};

const started = new Set<AppNode>();
process.on('exit', () => {
  for (const node of started) node.child.kill('SIGKILL');
});

export type NodeOptions = {
  port: number; databaseUrl: string; redisUrl?: string; env?: Record<string, string>;
  /** Load faults/harness/heap-probe.ts into the node, for `retainedMb`. */
  probeHeap?: boolean;
};
const HEAP_PROBE = ['--expose-gc', '--import', path.join(import.meta.dirname, 'heap-probe.ts')];

export async function startNode({ port, databaseUrl, redisUrl, env = {}, probeHeap = false }: NodeOptions): Promise<AppNode> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `thera-faults-node-${port}-`));
  const child = spawn(process.execPath, [...NODE_FLAGS, ...(probeHeap ? HEAP_PROBE : []), 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port),
      DATABASE_URL: databaseUrl, ...(redisUrl ? { REDIS_URL: redisUrl } : {}), DATA_DIR: dataDir, SEED_DEMO: '0',
      ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TWO_FACTOR_KEY, TRUST_PROXY: '1', JOBS_POLL_MS: '1000',
      // Hundreds of test clients come from one address, as they would through one load balancer without TRUST_PROXY.
      SOCKETS_PER_ADDRESS: '100000', LOGIN_MAX_FAILS_PER_IP: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', ...(probeHeap ? ['ipc' as const] : [])],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => {
    child.once('exit', (code, signal) => {
      started.delete(node);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, signal, at: Date.now() });
    });
  });
  const node: AppNode = {
    url: `http://127.0.0.1:${port}`, port, child, exited, output: () => output,
    rssKb: () => rssKb(child.pid),
    retainedMb: () => retainedMb(child),
  };
  started.add(node);
  try {
    await waitUntil(async () => {
      if (child.exitCode !== null) throw new Error(`node ${port} exited at start:\n${output}`);
      return fetch(`${node.url}/readyz`).then((r) => r.ok, () => false);
    }, 60_000, `node ${port} ready`, 100);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return node;
}

/** SIGKILL every node still running and wait for them to go. */
export async function stopAllNodes(): Promise<void> {
  const nodes = [...started];
  for (const node of nodes) node.child.kill('SIGKILL');
  await Promise.all(nodes.map((n) => n.exited));
}

function retainedMb(child: ChildProcess): Promise<number> {
  if (!child.send) return Promise.reject(new Error('retainedMb needs a node started with probeHeap'));
  return new Promise((resolve) => {
    child.once('message', (answer) => {
      const { heapUsed, external } = answer as { heapUsed: number; external: number };
      resolve(Math.round((heapUsed + external) / 1024 / 1024));
    });
    child.send('heap');
  });
}

export function rssKb(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Lines the node logged as unexpected failures (each is a 500 a client saw, or a crash: Node's last line names its version). */
export const unhandledErrors = (node: AppNode) => node.output().split('\n').filter((l) => /unhandled error|uncaught|^Node\.js v\d/i.test(l));
