// `npm run backup [DIR]`: a consistent, timestamped backup (docs/decisions/0086-backups.md) into DIR, by default
// DATA_DIR/backups: thera-backup-<UTC time>.tar.gz holding manifest.json and data.tar.gz.enc, the database (the
// embedded database's files, or pg_dump's custom format when DATABASE_URL is set) and the files of DATA_DIR it needs,
// encrypted under the encryption key file (docs/decisions/0185), which the manifest names and the backup never holds.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { BACKUP_FILES, requestFile, runningAppPid } from '../server/db/backup.ts';
import { encryptArchive } from '../server/lib/crypto/archive.ts';
import { keyFilePath, readKeyFile } from '../server/lib/crypto/keyring.ts';

const config = loadConfig();
const outDir = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups'));
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
const target = path.join(outDir, `thera-backup-${stamp}.tar.gz`);
const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-backup-'));
const outer = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-backup-sealed-'));

try {
  const keyFile = readKeyFile(keyFilePath(config), { create: false });
  fs.mkdirSync(outDir, { recursive: true });
  const kind = config.databaseUrl ? 'postgres' : 'embedded';
  if (config.databaseUrl) {
    execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${path.join(staging, 'database.pgdump')}`, config.databaseUrl], { stdio: 'inherit' });
  } else {
    fs.writeFileSync(path.join(staging, 'pglite.tar.gz'), await embeddedSnapshot());
  }
  fs.mkdirSync(path.join(staging, 'files'));
  for (const name of BACKUP_FILES) {
    const file = path.join(config.dataDir, name);
    if (fs.existsSync(file)) fs.copyFileSync(file, path.join(staging, 'files', name));
  }
  execFileSync('tar', ['-czf', path.join(outer, 'data.tar.gz'), '-C', staging, '.']);
  const encryption = await encryptArchive(keyFile, path.join(outer, 'data.tar.gz'), path.join(outer, 'data.tar.gz.enc'));
  fs.rmSync(path.join(outer, 'data.tar.gz'));
  fs.writeFileSync(path.join(outer, 'manifest.json'), JSON.stringify({ kind, createdAt: new Date().toISOString(), format: 2, encryption }, null, 2));
  execFileSync('tar', ['-czf', `${target}.partial`, '-C', outer, '.']);
  fs.renameSync(`${target}.partial`, target);
  console.log(target);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
  fs.rmSync(outer, { recursive: true, force: true });
}

/** From the running app (SIGUSR2, see server/db/backup.ts), else by opening the data directory here. */
async function embeddedSnapshot(): Promise<Buffer> {
  const pid = runningAppPid(config.dataDir);
  if (pid === undefined) {
    if (!fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) throw new Error(`no embedded database in ${config.dataDir}`);
    const database = await openDatabase({ dataDir: config.dataDir });
    try {
      return Buffer.from(await (await database.snapshot!()).arrayBuffer());
    } finally {
      await database.close();
    }
  }
  const file = path.join(staging, 'from-app.tar.gz');
  fs.mkdirSync(path.dirname(requestFile(config.dataDir)), { recursive: true });
  fs.writeFileSync(requestFile(config.dataDir), file);
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 300_000; waited += 100) {
    if (fs.existsSync(file)) return fs.readFileSync(file);
    if (fs.existsSync(`${file}.error`)) throw new Error(`the app could not take the snapshot: ${fs.readFileSync(`${file}.error`, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the app did not answer within 5 minutes');
}
