// `npm run keys:rotate [NEW_KEY_FILE]`: a new data key for encryption at rest, and every data key re-wrapped
// (server/lib/crypto/keyring.ts). With NEW_KEY_FILE (created when absent) they are re-wrapped under that file's key:
// then point ENCRYPTION_KEY_FILE at it on every node and restart them; the old file is no longer needed. Data already
// written keeps the key it names and stays readable; running nodes start writing with the new key within minutes.
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { keyFilePath, newKeyFile, readKeyFile, rotateKeys } from '../server/lib/crypto/keyring.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
try {
  const current = readKeyFile(keyFilePath(config), { create: false });
  const next = process.argv[2] ? newKeyFile(process.argv[2]) : current;
  const { newKeyId, rewrapped } = await rotateKeys(database.db, current, next);
  console.log(`New data key ${newKeyId}; ${rewrapped} key(s) re-wrapped under ${next.file} (${next.kekId}).`);
  if (next !== current) console.log(`Set ENCRYPTION_KEY_FILE=${next.file} on every node and restart them.`);
} catch (error) {
  console.error(`Rotation failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
