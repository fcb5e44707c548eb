// `npm run restore FILE`: brings back a backup made by `npm run backup` into an empty data directory (DATA_DIR) or,
// when DATABASE_URL is set, into an empty PostgreSQL database. Refuses anything that is not empty: a restore never
// mixes with data that is already there.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { BACKUP_FILES } from '../server/db/backup.ts';
import { decryptArchive, type ArchiveEncryption } from '../server/lib/crypto/archive.ts';
import { keyFilePath, readKeyFile } from '../server/lib/crypto/keyring.ts';

const config = loadConfig();
const file = process.argv[2];
const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-restore-'));

class Refusal extends Error {}

try {
  if (!file || !fs.existsSync(file)) throw new Refusal('Usage: npm run restore FILE (a thera-backup-*.tar.gz made by npm run backup)');
  execFileSync('tar', ['-xzf', path.resolve(file), '-C', staging]);
  const manifest = JSON.parse(fs.readFileSync(path.join(staging, 'manifest.json'), 'utf8')) as { kind: string; encryption?: ArchiveEncryption };
  if (manifest.encryption) await unseal(manifest.encryption);
  if (manifest.kind === 'postgres') await restorePostgres();
  else await restoreEmbedded();
  for (const name of BACKUP_FILES) {
    const saved = path.join(staging, 'files', name);
    // Never over a file already there (a PostgreSQL node's DATA_DIR may hold its own key): the restore says so instead.
    const into = path.join(config.dataDir, name);
    if (fs.existsSync(saved) && fs.existsSync(into)) console.warn(`${into} exists and was kept; the backup's copy is not restored.`);
    else if (fs.existsSync(saved)) fs.copyFileSync(saved, into);
  }
  console.log(`Restored ${file} (${manifest.kind}).`);
} catch (error) {
  console.error(error instanceof Refusal ? error.message : `Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
}

/** The database and files, encrypted under the key file the manifest names (docs/decisions/0185). */
async function unseal(encryption: ArchiveEncryption): Promise<void> {
  const file = keyFilePath(config);
  if (!fs.existsSync(file)) {
    throw new Refusal(`This backup is encrypted under the key file ${encryption.keyFile}: set ENCRYPTION_KEY_FILE to it (or copy it to ${file}).`);
  }
  try {
    await decryptArchive(readKeyFile(file, { create: false }), encryption, path.join(staging, 'data.tar.gz.enc'), path.join(staging, 'data.tar.gz'));
  } catch (error) {
    throw new Refusal((error as Error).message);
  }
  execFileSync('tar', ['-xzf', path.join(staging, 'data.tar.gz'), '-C', staging]);
}

/** DATA_DIR may hold only backups (the file being restored may be there) and the encryption key file. */
function assertEmptyDataDir(): void {
  const present = fs.existsSync(config.dataDir) ? fs.readdirSync(config.dataDir).filter((name) => name !== 'backups' && name !== 'encryption.key') : [];
  if (present.length) {
    throw new Refusal(`${config.dataDir} is not empty (${present.slice(0, 5).join(', ')}): restore only into an empty data directory. Move it away or set DATA_DIR to a new one.`);
  }
}

async function restoreEmbedded(): Promise<void> {
  if (config.databaseUrl) throw new Refusal('This backup is of the embedded database: unset DATABASE_URL to restore it.');
  assertEmptyDataDir();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const tarball = new Blob([fs.readFileSync(path.join(staging, 'pglite.tar.gz'))]);
  // Opening from the tarball writes the files, and closing runs the recovery a crash would (see server/db/backup.ts).
  const database = await openDatabase({ dataDir: config.dataDir, loadDataDir: tarball });
  await database.close();
}

async function restorePostgres(): Promise<void> {
  if (!config.databaseUrl) throw new Refusal('This backup is of PostgreSQL: set DATABASE_URL to the empty database to restore into.');
  const client = new pg.Client(config.databaseUrl);
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
    if (rows[0].n > 0) throw new Refusal('The database DATABASE_URL names is not empty: restore only into an empty database.');
  } finally {
    await client.end();
  }
  execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${config.databaseUrl}`, path.join(staging, 'database.pgdump')], { stdio: 'inherit' });
  fs.mkdirSync(config.dataDir, { recursive: true });
}
