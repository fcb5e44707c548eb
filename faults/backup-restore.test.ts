// Backups: `npm run backup` while the app runs, more writes, `npm run restore` into an empty place, and the
// app started on the restored data finds exactly what was there at the backup: on the embedded database and on
// PostgreSQL (a private server the test starts). A restore into something that is not empty is refused.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recordScenario } from './results.ts';
import { ensureKeyFile } from './harness/key-file.ts';
import { AppProcess, ROOT, nodeBinary, signIn } from './embedded/app-process.ts';
import { startPrivatePostgres, type PrivatePostgres } from './embedded/private-postgres.ts';
import { migratedDataDir } from './embedded/template.ts';
import { checkCommunity, createCommunity, newWriteLog, writeUntil } from './embedded/writes.ts';

const PORT = 3365;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-faults-backup-'));
const env = { WRITE_LIMITS: 'posts=1000000/60,communities=1000/60' };
let app: AppProcess | undefined;
let postgres: PrivatePostgres | undefined;

afterAll(async () => {
  await app?.stop('SIGKILL');
  postgres?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

function npmScript(script: 'backup' | 'restore', args: string[], vars: Record<string, string>) {
  const result = spawnSync(nodeBinary(), [`scripts/${script}.ts`, ...args], {
    cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...vars }, encoding: 'utf8', timeout: 120_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

/** Writes, backs up with the app running, writes more, restores into `restoreVars`, and compares. */
async function drill(name: string, vars: Record<string, string>, restoreVars: Record<string, string>) {
  app = new AppProcess({ port: PORT, dataDir: vars.DATA_DIR, env: { ...env, ...vars } });
  await app.ready();
  const token = await signIn(app.url);
  const communityId = await createCommunity(app.url, token, `Backup drill ${name}`);
  const before = newWriteLog();
  await writeUntil(app.url, token, communityId, before, () => before.acknowledged.size >= 15, 3);
  const started = Date.now();
  const backup = npmScript('backup', [path.join(root, `${name}-backups`)], vars);
  const backupMs = Date.now() - started;
  expect(backup.status, backup.out).toBe(0);
  const file = backup.out.trim().split('\n').at(-1)!;
  expect(path.basename(file)).toMatch(/^thera-backup-\d{8}T\d{6}Z\.tar\.gz$/);
  const after = newWriteLog();
  await writeUntil(app.url, token, communityId, after, () => after.acknowledged.size >= 10, 2);
  expect((await app.stop()).code).toBe(0);

  const refused = npmScript('restore', [file], vars);
  expect(refused.status).toBe(1);
  expect(refused.out).toMatch(/not empty/);

  const restoreStarted = Date.now();
  const restore = npmScript('restore', [file], restoreVars);
  expect(restore.status, restore.out).toBe(0);
  app = new AppProcess({ port: PORT, dataDir: restoreVars.DATA_DIR, env: { ...env, ...restoreVars } });
  await app.ready();
  const restoredMs = Date.now() - restoreStarted;
  const check = await checkCommunity(app.url, await signIn(app.url), communityId, before.acknowledged);
  expect(check.lost).toEqual([]);
  expect(check.listed, 'the restore holds writes made after the backup').toBe(before.acknowledged.size);
  expect(check.counter).toBe(check.listed);
  await app.stop();
  recordScenario(`backup-restore-${name}`, {
    recoveryMs: restoredMs, failedRequests: {}, acknowledgedWritesLost: check.lost.length, messagesDoubled: 0,
    backupMs, backupBytes: fs.statSync(file).size, writesAfterBackupInRestore: check.listed - before.acknowledged.size,
  });
}

describe('backup and restore', () => {
  it('embedded database: backed up while running, restored into an empty data directory', async () => {
    const dataDir = path.join(root, 'embedded');
    await migratedDataDir(dataDir, PORT);
    // The backup is encrypted under the key file, which it does not hold: the restore is given it.
    await drill('embedded', { DATA_DIR: dataDir }, { DATA_DIR: path.join(root, 'embedded-restored'), ENCRYPTION_KEY_FILE: path.join(dataDir, 'encryption.key') });
    expect(fs.existsSync(path.join(root, 'embedded-restored', 'two-factor.key'))).toBe(fs.existsSync(path.join(dataDir, 'two-factor.key')));
  });

  it('PostgreSQL: pg_dump while running, restored into an empty database', async () => {
    postgres = startPrivatePostgres(5445);
    postgres.createDatabase('thera');
    postgres.createDatabase('thera_restored');
    await drill('postgres',
      { DATA_DIR: path.join(root, 'pg-data'), DATABASE_URL: postgres.url('thera'), ENCRYPTION_KEY_FILE: ensureKeyFile() },
      { DATA_DIR: path.join(root, 'pg-data-restored'), DATABASE_URL: postgres.url('thera_restored'), ENCRYPTION_KEY_FILE: ensureKeyFile() });
  });
});
