// Backups (docs/decisions/0086-backups.md). The embedded database is one process's memory and files: a consistent copy
// of a live one can only be taken inside that process, holding its query lock (PGlite's dumpDataDir), which gives the
// files exactly as a SIGKILL at that instant would leave them (recovery on restore makes them whole, as after a crash;
// faults/embedded-crash.test.ts). `npm run backup` asks the running app for one with SIGUSR2 (the app's pid is in
// DATA_DIR/app.pid); with no app running it opens the data directory itself.
import fs from 'node:fs';
import path from 'node:path';

// The old two-factor key, when the app has not started since it was adopted into the keyring (server/lib/crypto): it is
// inside the encrypted part. The encryption key file itself never is.
export const BACKUP_FILES = ['two-factor.key'];
const pidFile = (dataDir: string) => path.join(dataDir, 'app.pid');
export const requestFile = (dataDir: string) => path.join(dataDir, 'backups', '.request');

type Snapshot = () => Promise<Blob>;

/** Written while `npm start` runs on the embedded database, so the backup command can find the app. */
export function announceApp(dataDir: string): () => void {
  const file = pidFile(dataDir);
  fs.writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file);
    } catch {
      // Already gone.
    }
  };
}

/** SIGUSR2: write a snapshot of the embedded database where the backup command asked (`.request` holds the path). */
export function serveSnapshots(dataDir: string, snapshot: Snapshot, log: { error: (obj: object, msg: string) => void }): void {
  let busy = false;
  process.on('SIGUSR2', () => {
    if (busy) return;
    busy = true;
    void writeRequested(dataDir, snapshot)
      .catch((error: unknown) => log.error({ reason: (error as Error)?.message }, 'backup snapshot failed'))
      .finally(() => (busy = false));
  });
}

async function writeRequested(dataDir: string, snapshot: Snapshot): Promise<void> {
  const target = fs.readFileSync(requestFile(dataDir), 'utf8').trim();
  // Only a file in a folder named by the person who could write DATA_DIR; written beside it, then renamed at once.
  const partial = `${target}.partial`;
  try {
    fs.writeFileSync(partial, Buffer.from(await (await snapshot()).arrayBuffer()));
    fs.renameSync(partial, target);
  } catch (error) {
    fs.writeFileSync(`${target}.error`, (error as Error).message);
    throw error;
  }
}

/**
 * The recorded pid when that process is alive and is the app: a pid file left by a killed app may name another
 * process by now, and SIGUSR2 would end most programs.
 */
export function runningAppPid(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(pidFile(dataDir), 'utf8'));
    process.kill(pid, 0);
    const cmdline = `/proc/${pid}/cmdline`;
    if (fs.existsSync('/proc/self') && !/main\.ts|start\.ts/.test(fs.readFileSync(cmdline, 'utf8'))) return undefined;
    return pid;
  } catch {
    return undefined;
  }
}
