// App nodes as real processes, started the way the README's "several nodes" section starts them (npm run start:node's
// flags, production logging), each with its own port and data directory. Every node started here is killed by
// stopAllNodes (afterAll) and, failing that, when the test process exits.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ServerProcess, type Exit } from '../../scripts/server-process.ts';
import { ensureKeyFile } from './key-file.ts';

// The same key on every node (README): two-factor secrets would otherwise be sealed per node.
const TWO_FACTOR_KEY = Buffer.alloc(32, 7).toString('base64');
const ADMIN = { email: 'admin@faults.test', password: 'faults-admin-password' };

export type AppNode = {
  url: string;
  port: number;
  child: ServerProcess['child'];
  /** Resolves when the process has ended, with when it ended (Date.now()). */
  exited: Promise<Exit>;
  /** Everything the node wrote to stdout and stderr so far. */
  output: () => string;
  rssKb: () => number;
  /** With `probeHeap`: the heap and off-heap buffers left after a full collection, in MB. */
  retainedMb: () => Promise<number>;
};

// Every node started here, for stopAllNodes (scripts/server-process.ts kills any left when the test process exits).
const started = new Set<AppNode>();

export type NodeOptions = {
  port: number; databaseUrl: string; redisUrl?: string; env?: Record<string, string>;
  /** Load faults/harness/heap-probe.ts into the node, for `retainedMb`. */
  probeHeap?: boolean;
};
const HEAP_PROBE = ['--expose-gc', '--import', path.join(import.meta.dirname, 'heap-probe.ts')];

export async function startNode({ port, databaseUrl, redisUrl, env = {}, probeHeap = false }: NodeOptions): Promise<AppNode> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `thera-faults-node-${port}-`));
  const server = new ServerProcess({
    port, flags: 'start:node', nodeArgs: probeHeap ? HEAP_PROBE : [], ipc: probeHeap, keepChars: 200_000,
    env: {
      PATH: process.env.PATH, NODE_ENV: 'production', LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl, ...(redisUrl ? { REDIS_URL: redisUrl } : {}), DATA_DIR: dataDir, SEED_DEMO: '0',
      ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TWO_FACTOR_KEY, ENCRYPTION_KEY_FILE: ensureKeyFile(), TRUST_PROXY: '1', JOBS_POLL_MS: '1000',
      // Hundreds of test clients come from one address, as they would through one load balancer without TRUST_PROXY.
      SOCKETS_PER_ADDRESS: '100000', LOGIN_MAX_FAILS_PER_IP: '100000',
      ...env,
    },
  });
  const node: AppNode = {
    url: server.url, port, child: server.child,
    exited: server.exited.then((exit) => {
      started.delete(node);
      fs.rmSync(dataDir, { recursive: true, force: true });
      return exit;
    }),
    output: () => server.output(),
    rssKb: () => rssKb(server.child.pid),
    retainedMb: () => retainedMb(server.child),
  };
  started.add(node);
  await server.ready(60_000);
  return node;
}

/** SIGKILL every node still running and wait for them to go. */
export async function stopAllNodes(): Promise<void> {
  const nodes = [...started];
  for (const node of nodes) node.child.kill('SIGKILL');
  await Promise.all(nodes.map((n) => n.exited));
}

function retainedMb(child: ServerProcess['child']): Promise<number> {
  if (!child.send) return Promise.reject(new Error('retainedMb needs a node started with probeHeap'));
  return new Promise((resolve) => {
    child.once('message', (answer) => {
      const { heapUsed, external } = answer as { heapUsed: number; external: number };
      resolve(Math.round((heapUsed + external) / 1024 / 1024));
    });
    child.send('heap');
  });
}

function rssKb(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Lines the node logged as unexpected failures (each is a 500 a client saw, or a crash: Node's last line names its version). */
export const unhandledErrors = (node: AppNode) => node.output().split('\n').filter((l) => /unhandled error|uncaught|^Node\.js v\d/i.test(l));
