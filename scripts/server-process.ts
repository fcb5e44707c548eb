// A server as a child process, for the benchmarks (bench/), the fault suite (faults/) and the scale-out tests
// (server/test/nodes.ts): the one launcher of the app as a process of its own. The app's server/main.ts with
// the Node flags of one of package.json's start scripts (what is measured or broken is what runs), or any other script
// that listens on a port (the benches' baselines). Its output is kept (the last lines, for a failure's message) or passed
// on; ready() waits for a path to answer 200; stop() ends it within a bound. Every process started here is killed when
// the process that started it exits, whatever ended that one (a timeout, a failed hook, a hard stop).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Node 24 from the project (npm scripts put it first on PATH; `npx vitest` may run under an older system Node). */
export function nodeBinary(): string {
  const local = path.join(ROOT, 'node_modules', 'node', 'bin', 'node');
  return fs.existsSync(local) ? local : process.execPath;
}

/** The Node flags (`--...`) of a package.json script, e.g. `start` or `start:node` (decision 0031). */
export function scriptNodeFlags(script: 'start' | 'start:node'): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return pkg.scripts[script].split(/\s+/).filter((part) => part.startsWith('--'));
}

export type ServerProcessOptions = {
  port: number;
  /** The whole environment of the child besides PORT and HOST (callers choose whether to pass on their own). */
  env: Record<string, string | undefined>;
  /** The file to run, relative to `cwd` (server/main.ts). */
  script?: string;
  /** Whose Node flags to run with (start:node, a production node). */
  flags?: 'start' | 'start:node';
  /** More Node flags, after the script's (e.g. `--import` a probe, `--trace-gc`). */
  nodeArgs?: string[];
  /** Where to run (this checkout; a bench may run another checkout's server). */
  cwd?: string;
  /** `keep`: the output is drained and its tail kept for output(); `inherit`: written to this process's own output. */
  output?: 'keep' | 'inherit';
  /** Every chunk of standard output, as it comes (implies `keep`). */
  onStdout?: (text: string) => void;
  /** An IPC channel to the child (for a probe loaded into it). */
  ipc?: boolean;
  /** Characters of output kept (the default is enough for a failure's message). */
  keepChars?: number;
};

export type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };
export type Stopped = { ms: number; code: number | null; signal: NodeJS.Signals | null; ended: boolean };

const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ServerProcess {
  readonly child: ChildProcess;
  readonly port: number;
  readonly url: string;
  /** Resolves when the process has ended, with when it ended (Date.now()). */
  readonly exited: Promise<Exit>;
  private kept = '';
  private readonly keepChars: number;

  constructor(options: ServerProcessOptions) {
    this.port = options.port;
    this.url = `http://127.0.0.1:${options.port}`;
    this.keepChars = options.keepChars ?? 20_000;
    const inherit = options.output === 'inherit' && !options.onStdout;
    const flags = scriptNodeFlags(options.flags ?? 'start:node');
    this.child = spawn(nodeBinary(), [...flags, ...(options.nodeArgs ?? []), options.script ?? 'server/main.ts'], {
      cwd: options.cwd ?? ROOT,
      env: { ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
      stdio: ['ignore', inherit ? 'inherit' : 'pipe', options.output === 'inherit' ? 'inherit' : 'pipe', ...(options.ipc ? ['ipc' as const] : [])],
    });
    // Always drained: a child blocked on a full pipe would look like a hang.
    this.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      if (options.onStdout) options.onStdout(chunk);
      else this.keep(chunk);
    });
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => this.keep(chunk));
    started.add(this.child);
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => {
      started.delete(this.child);
      resolve({ code, signal, at: Date.now() });
    }));
  }

  private keep(chunk: string): void {
    this.kept = (this.kept + chunk).slice(-this.keepChars);
  }

  /** What the process wrote so far (the last `keepChars` characters). */
  output(): string {
    return this.kept;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves once `readyPath` answers 200, with how long that took; rejects (and kills it) if it exits first or the time runs out. */
  async ready(timeoutMs = 90_000, readyPath = '/readyz'): Promise<number> {
    // Asked right after the start, before this process can listen: another process answering would pass for this one.
    if (await fetch(`${this.url}/`).then(() => true, () => false)) {
      this.child.kill('SIGKILL');
      throw new Error(`port ${this.port} is already taken by another process`);
    }
    const since = Date.now();
    while (Date.now() - since < timeoutMs) {
      if (!this.running) throw new Error(`the server on port ${this.port} exited before it was ready:\n${this.output().slice(-4000)}`);
      if (await fetch(`${this.url}${readyPath}`).then((r) => r.ok, () => false)) return Date.now() - since;
      await sleep(100);
    }
    this.child.kill('SIGKILL');
    throw new Error(`the server on port ${this.port} was not ready within ${timeoutMs} ms:\n${this.output().slice(-4000)}`);
  }

  /** Sends the signal and waits up to `withinMs` for the process to end (it is killed after, so none is left behind). */
  async stop(signal: NodeJS.Signals = 'SIGTERM', withinMs = 20_000): Promise<Stopped> {
    const since = Date.now();
    if (!this.running) return { ms: 0, code: this.child.exitCode, signal: this.child.signalCode, ended: true };
    this.child.kill(signal);
    const result = await Promise.race([this.exited, sleep(withinMs).then(() => undefined)]);
    if (result) return { ms: Date.now() - since, code: result.code, signal: result.signal, ended: true };
    this.child.kill('SIGKILL');
    await this.exited;
    return { ms: Date.now() - since, code: null, signal: null, ended: false };
  }
}

/** Starts a server process and waits until it is ready. */
export async function startServerProcess(options: ServerProcessOptions, readyTimeoutMs = 90_000, readyPath = '/readyz'): Promise<ServerProcess> {
  const server = new ServerProcess(options);
  await server.ready(readyTimeoutMs, readyPath);
  return server;
}
