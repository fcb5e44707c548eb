// `npm run db:snapshot`: makes drizzle-kit's snapshot (server/db/migrations/meta) the schema as server/db/schema.ts
// describes it now, as one snapshot and one journal entry, so `npm run db:generate` writes only what changed since.
// Run it after schema.ts changed with a migration written by hand, after merges, and after each db:generate (it also
// folds the snapshot drizzle-kit added back into one). server/db/schema.test.ts fails while the snapshot is behind.
import fs from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson } from 'drizzle-kit/api';
import * as schema from '../server/db/schema.ts';

const META = path.join(import.meta.dirname, '../server/db/migrations/meta');
const SNAPSHOT = path.join(META, '0000_snapshot.json');
const FIRST = '00000000-0000-0000-0000-000000000000';

const previous = JSON.parse(fs.readFileSync(SNAPSHOT, 'utf8')) as { id: string };
// The snapshot keeps its id: drizzle-kit chains a later snapshot to it by that id.
const current = { ...generateDrizzleJson(schema, FIRST), id: previous.id, prevId: FIRST };
for (const file of fs.readdirSync(META)) {
  if (file.endsWith('_snapshot.json')) fs.rmSync(path.join(META, file));
}
fs.writeFileSync(SNAPSHOT, `${JSON.stringify(current, null, 2)}\n`);
const journal = JSON.parse(fs.readFileSync(path.join(META, '_journal.json'), 'utf8')) as { entries: unknown[] };
fs.writeFileSync(path.join(META, '_journal.json'), `${JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }, null, 2)}\n`);
console.log(`drizzle-kit's snapshot is now schema.ts (${Object.keys(current.tables).length} tables): ${path.relative(process.cwd(), SNAPSHOT)}`);
