// `npm run audit:verify`: checks the audit trail's hash chain in the database DATABASE_URL (or the embedded one in
// DATA_DIR) names, prints `{ ok, entries, firstBrokenId }` and exits 1 when the chain is broken. The embedded database
// has one process at a time: while the app runs on it, ask the app instead (GET /api/admin/audit/verify).
import { loadConfig } from '../server/config.ts';
import { runningAppPid } from '../server/db/backup.ts';
import { openDatabase } from '../server/db/client.ts';
import { verifyAuditChain } from '../server/lib/audit-chain.ts';

const config = loadConfig();
if (!config.databaseUrl && runningAppPid(config.dataDir) !== undefined) {
  console.error('The app is running on this embedded database: use GET /api/admin/audit/verify as an administrator.');
  process.exit(2);
}
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  const report = await verifyAuditChain(database.db);
  console.log(JSON.stringify(report));
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
}
