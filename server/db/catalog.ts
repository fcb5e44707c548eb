import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client.ts';

/**
 * What PostgreSQL itself says the public schema holds, each part as one line of text keyed by its name, written by
 * PostgreSQL's own deparsers (format_type, pg_get_expr, pg_get_indexdef, pg_get_constraintdef), so two databases built
 * from different texts of the same design give the same lines. The migrations' own bookkeeping table is left out.
 */
export type Catalog = { tables: Map<string, string>; columns: Map<string, string>; indexes: Map<string, string>; constraints: Map<string, string> };

const BOOKKEEPING = 'schema_migrations';

export async function readCatalog(db: Db): Promise<Catalog> {
  const tables = await queryRows<{ name: string }>(db, sql`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> ${BOOKKEEPING}`);
  const columns = await queryRows<{ key: string; description: string }>(db, sql`
    SELECT c.relname || '.' || a.attname AS key,
      format_type(a.atttypid, a.atttypmod)
        || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE ' NULL' END
        || CASE WHEN a.attgenerated = 's' THEN ' GENERATED ALWAYS AS (' || pg_get_expr(d.adbin, d.adrelid) || ') STORED'
                WHEN d.adbin IS NOT NULL THEN ' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid) ELSE '' END
        || CASE a.attidentity WHEN 'a' THEN ' IDENTITY ALWAYS' WHEN 'd' THEN ' IDENTITY BY DEFAULT' ELSE '' END AS description
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> ${BOOKKEEPING} AND a.attnum > 0 AND NOT a.attisdropped`);
  const indexes = await queryRows<{ key: string; description: string }>(db, sql`
    SELECT indexname AS key, indexdef AS description FROM pg_indexes
    WHERE schemaname = 'public' AND tablename <> ${BOOKKEEPING}`);
  const constraints = await queryRows<{ key: string; description: string }>(db, sql`
    SELECT c.relname || '.' || k.conname AS key, pg_get_constraintdef(k.oid) AS description
    FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relname <> ${BOOKKEEPING} AND k.contype IN ('p', 'u', 'f', 'c', 'x')`);
  const byKey = (rows: { key: string; description: string }[]) => new Map(rows.map((r) => [r.key, r.description]));
  return {
    tables: new Map(tables.map((t) => [t.name, 'table'])),
    columns: byKey(columns), indexes: byKey(indexes), constraints: byKey(constraints),
  };
}

/** Each way two catalogs differ, one line each, naming the part and what each side has (empty when they agree). */
export function catalogDifferences(migrations: Catalog, schema: Catalog): string[] {
  const lines: string[] = [];
  for (const part of ['tables', 'columns', 'indexes', 'constraints'] as const) {
    const keys = new Set([...migrations[part].keys(), ...schema[part].keys()]);
    for (const key of [...keys].sort()) {
      const want = migrations[part].get(key);
      const have = schema[part].get(key);
      if (want === have) continue;
      if (have === undefined) lines.push(`${part} ${key}: only in the migrations: ${want}`);
      else if (want === undefined) lines.push(`${part} ${key}: only in schema.ts: ${have}`);
      else lines.push(`${part} ${key}: migrations say ${want}; schema.ts says ${have}`);
    }
  }
  return lines;
}
