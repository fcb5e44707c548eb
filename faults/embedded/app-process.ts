// The app as `npm start` runs it, in a child process the fault tests can stop, kill and start again.
// It runs server/main.ts with npm start's own Node flags (read from package.json): scripts/start.ts would first build
// the web app, which these tests do not need (WEB_DIR points at an empty folder).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const ADMIN = { email: 'faults-admin@example.org', password: 'Faults-admin-password-1' };

/** Node 24 from the project (npm scripts put it first on PATH; `npx vitest` may run under an older system Node). */
export function nodeBinary(): string {
  const local = path.join(ROOT, 'node_modules', 'node', 'bin', 'node');
  return fs.existsSync(local) ? local : process.execPath;
}

function startFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return pkg.scripts.start.split(/\s+/).filter((part) => part.startsWith('--'));
}

export type AppOptions = { port: number; dataDir: string; env?: Record<string, string> };
export type Stopped = { ms: number; code: number | null; signal: NodeJS.Signals | null; ended: boolean };

// Every app a test started is killed when the test process ends, whatever ended it (a timeout, a failed hook).
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

export class AppProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly options: AppOptions;
  private tail: string[] = [];

  constructor(options: AppOptions) {
    this.options = options;
    const webDir = path.join(options.dataDir, '..', 'no-web');
    fs.mkdirSync(webDir, { recursive: true });
    this.url = `http://127.0.0.1:${options.port}`;
    this.child = spawn(nodeBinary(), [...startFlags(), 'server/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(options.port), HOST: '127.0.0.1',
        DATA_DIR: options.dataDir, WEB_DIR: webDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: '0', LOG_LEVEL: 'warn', ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Always drained: a child blocked on a full pipe would look like the very hang these tests look for.
    for (const stream of [this.child.stdout, this.child.stderr]) {
      stream?.setEncoding('utf8').on('data', (chunk: string) => this.keep(chunk));
    }
    started.add(this.child);
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => {
      started.delete(this.child);
      resolve({ code, signal });
    }));
  }

  private keep(chunk: string): void {
    this.tail.push(chunk);
    if (this.tail.length > 50) this.tail.shift();
  }

  /** The last lines the process wrote (for a failing test's message). */
  output(): string {
    return this.tail.join('').slice(-4000);
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves once /readyz answers 200; rejects if the process exits first or the time runs out. */
  async ready(timeoutMs = 90_000): Promise<number> {
    // Called right after the start, before this app can listen: another process answering would pass for this one.
    if (await fetch(`${this.url}/healthz`).then(() => true, () => false)) {
      this.child.kill('SIGKILL');
      throw new Error(`port ${this.options.port} is already taken by another process`);
    }
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (!this.running) throw new Error(`the app exited before it was ready:\n${this.output()}`);
      const ok = await fetch(`${this.url}/readyz`).then((r) => r.ok, () => false);
      if (ok) return Date.now() - started;
      await sleep(100);
    }
    throw new Error(`the app was not ready within ${timeoutMs} ms:\n${this.output()}`);
  }

  /** Sends the signal and waits up to `withinMs` for the process to end (it is killed after, so no test leaks it). */
  async stop(signal: NodeJS.Signals = 'SIGTERM', withinMs = 20_000): Promise<Stopped> {
    const started = Date.now();
    if (!this.running) return { ms: 0, code: this.child.exitCode, signal: this.child.signalCode, ended: true };
    this.child.kill(signal);
    const result = await Promise.race([this.exited, sleep(withinMs).then(() => undefined)]);
    if (result) return { ms: Date.now() - started, ...result, ended: true };
    this.child.kill('SIGKILL');
    await this.exited;
    return { ms: Date.now() - started, code: null, signal: null, ended: false };
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Signs in the administrator the app was started with; answers the token. */
export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/users/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN),
  });
  const body = (await res.json()) as { token?: string; msg?: string };
  if (!res.ok || !body.token) throw new Error(`sign-in failed: ${res.status} ${body.msg ?? ''}`);
  return body.token;
}

export type Answer = { status: number; body: Record<string, unknown> | null };

/** One JSON call; a refused connection or a reset answers status 0 (the caller counts it, never throws). */
export async function call(url: string, method: string, route: string, token?: string, body?: unknown, timeoutMs = 15_000): Promise<Answer> {
  try {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { 'x-auth-token': token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  } catch {
    return { status: 0, body: null };
  }
}
