import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; it only has to be the same on every node so that two starting nodes take turns.
const MIGRATION_LOCK = 727_001;

/** Applies every not yet applied `migrations/*.sql` in file-name order, inside one transaction. */
export async function migrate(db: Db): Promise<string[]> {
  const files = fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
  return db.transaction(async (tx) => {
    // A migration may take longer than a request may: the app's statement timeout does not apply to it.
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = await queryRows<{ name: string }>(tx as unknown as Db, sql`SELECT name FROM schema_migrations`);
    const applied = new Set(done.map((r) => r.name));
    const pending = files.filter((f) => !applied.has(f));
    for (const file of pending) {
      const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`INSERT INTO schema_migrations (name) VALUES (${file})`);
    }
    return pending;
  });
}
