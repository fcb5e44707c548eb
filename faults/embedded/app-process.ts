// The app as `npm start` runs it, in a child process the fault tests can stop, kill and start again.
// It runs server/main.ts with npm start's own Node flags (read from package.json): scripts/start.ts would first build
// the web app, which these tests do not need (WEB_DIR points at an empty folder).
// The process itself is scripts/server-process.ts's, as the benches' servers are.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, ServerProcess, nodeBinary } from '../../scripts/server-process.ts';

export { ROOT, nodeBinary };
export type { Stopped } from '../../scripts/server-process.ts';
const ADMIN = { email: 'faults-admin@example.org', password: 'Faults-admin-password-1' };

export type AppOptions = { port: number; dataDir: string; env?: Record<string, string> };

export class AppProcess extends ServerProcess {
  readonly options: AppOptions;

  constructor(options: AppOptions) {
    const webDir = path.join(options.dataDir, '..', 'no-web');
    fs.mkdirSync(webDir, { recursive: true });
    super({
      port: options.port, flags: 'start',
      env: {
        PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: options.dataDir, WEB_DIR: webDir, ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: '0', LOG_LEVEL: 'warn', ...options.env,
      },
    });
    this.options = options;
  }
}

export { sleep } from '../../scripts/server-process.ts';

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
