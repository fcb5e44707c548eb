// The last resort of a stop (docs/decisions/0085-stop-that-never-ends.md): a tiny separate process that kills this one
// if it is still alive after `ms`. A timer inside the process cannot do this job: it never fires while the main thread
// is blocked (a synchronous loop in the embedded database) or its microtask queue never empties (embedded queries
// resolve without ever returning to the event loop), and process.exit() itself can wait for ever on a worker thread.
import { spawn } from 'node:child_process';

// Runs in the watchdog: kill the app when the time is up; leave as soon as the app is gone (checked every 200 ms, so
// its process id cannot have been given to another process in between).
const WATCHDOG = `
const [pid, ms] = process.argv.slice(1).map(Number);
const alive = () => { try { process.kill(pid, 0); return true; } catch { return false; } };
setTimeout(() => { if (alive()) process.kill(pid, 'SIGKILL'); process.exit(0); }, ms);
setInterval(() => { if (!alive()) process.exit(0); }, 200);
`;

/** Arms the watchdog once; the app goes on stopping normally and the watchdog leaves when it has. */
export function armExitWatchdog(ms: number): void {
  try {
    const child = spawn(process.execPath, ['-e', WATCHDOG, String(process.pid), String(ms)], { stdio: 'ignore' });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No process could be started (out of memory or process slots): the in-process timer remains.
  }
}
