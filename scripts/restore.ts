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

const config = loadConfig();
const file = process.argv[2];
const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-restore-'));

class Refusal extends Error {}

try {
  if (!file || !fs.existsSync(file)) throw new Refusal('Usage: npm run restore FILE (a thera-backup-*.tar.gz made by npm run backup)');
  execFileSync('tar', ['-xzf', path.resolve(file), '-C', staging]);
  const manifest = JSON.parse(fs.readFileSync(path.join(staging, 'manifest.json'), 'utf8')) as { kind: string };
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

/** DATA_DIR may hold only backups (the file being restored may be there). */
function assertEmptyDataDir(): void {
  const present = fs.existsSync(config.dataDir) ? fs.readdirSync(config.dataDir).filter((name) => name !== 'backups') : [];
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
