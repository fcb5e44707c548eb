// `npm run files:migrate -- --to=s3` (or `--to=db`): moves every file's stored objects to that backend, one file at a
// time, while the app runs. The objects are copied as they are (ciphertext, bound to their file, not to a backend), so
// no key is needed; each file's row then names its new backend, and its old objects are queued for removal
// (file_deletions, removed by the files job). Safe to stop and run again: what was moved is skipped.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.ts';
import { openDatabase, queryRows } from '../server/db/client.ts';
import { objectKey } from '../server/lib/files/sealed.ts';
import { openStores, STORAGE_KINDS, type StorageKind } from '../server/lib/files/storage.ts';

const to = process.argv.find((a) => a.startsWith('--to='))?.slice('--to='.length) as StorageKind | undefined;
if (!to || !STORAGE_KINDS.includes(to)) {
  console.error('Usage: npm run files:migrate -- --to=s3 (or --to=db). S3 needs S3_BUCKET and its settings (README, Documents).');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
const stores = openStores(database.db, { storage: to, s3: config.files.s3 });
let moved = 0;
try {
  for (;;) {
    const batch = await queryRows<{ id: string; storage: StorageKind; has_thumbnail: boolean }>(database.db, sql`
      SELECT id, storage, has_thumbnail FROM files WHERE storage <> ${to} ORDER BY created_at LIMIT 100`);
    if (!batch.length) break;
    for (const file of batch) {
      const keys = [objectKey(file.id, 'main'), ...(file.has_thumbnail ? [objectKey(file.id, 'thumb')] : [])];
      // A copy left by a run that stopped midway is replaced.
      await stores.of(to).delete(keys);
      for (const key of keys) await stores.of(to).put(key, await stores.of(file.storage).get(key));
      await database.db.transaction(async (tx) => {
        const updated = await tx.execute(sql`UPDATE files SET storage = ${to} WHERE id = ${file.id} AND storage = ${file.storage} RETURNING id`);
        if ((updated as unknown as { rows: unknown[] }).rows.length) {
          for (const key of keys) await tx.execute(sql`INSERT INTO file_deletions (key, storage) VALUES (${key}, ${file.storage}) ON CONFLICT DO NOTHING`);
        }
      });
      moved++;
    }
    console.log(`${moved} file(s) moved to ${to}...`);
  }
  console.log(`Done: ${moved} file(s) now in ${to}. Set FILE_STORAGE=${to} on every node so new files go there too.`);
} catch (error) {
  console.error(`Migration stopped: ${(error as Error).message}. Run it again to continue.`);
  process.exitCode = 1;
} finally {
  stores.close();
  await database.close();
}
