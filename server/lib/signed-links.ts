// Links that prove themselves without a session: an HMAC-SHA256 over what the link does, with a key from the config
// (APP_SECRET) or, when unset, one made once and kept in the database (every node and every restart share it).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import type { SqlRow } from '../db/rows.ts';
import type { appSecrets } from '../db/schema.ts';

const SECRET_NAME = 'signed-links';
const keys = new WeakMap<Db, Promise<string>>();

async function storedSecret(db: Db): Promise<string> {
  await db.execute(sql`INSERT INTO app_secrets (name, value) VALUES (${SECRET_NAME}, ${randomBytes(32).toString('base64url')})
    ON CONFLICT (name) DO NOTHING`);
  const [row] = await queryRows<SqlRow<typeof appSecrets, 'value'>>(db, sql`SELECT value FROM app_secrets WHERE name = ${SECRET_NAME}`);
  return row.value;
}

function secretFor(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return Promise.resolve(configured);
  let key = keys.get(db);
  if (!key) {
    key = storedSecret(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

const mac = (secret: string, purpose: string, parts: string[]) =>
  createHmac('sha256', secret).update([purpose, ...parts].join('\n')).digest('base64url');

/** A token carrying `parts` (no dots in them) for one purpose: `part.part.signature`. */
export async function signLink(db: Db, configured: string | undefined, purpose: string, parts: string[]): Promise<string> {
  return [...parts, mac(await secretFor(db, configured), purpose, parts)].join('.');
}

/** The parts of a token signed for this purpose, or null when it was not (forged, altered, or for another purpose). */
export async function verifyLink(db: Db, configured: string | undefined, purpose: string, token: string, count: number): Promise<string[] | null> {
  const pieces = token.split('.');
  if (pieces.length !== count + 1) return null;
  const parts = pieces.slice(0, count);
  const expected = Buffer.from(mac(await secretFor(db, configured), purpose, parts));
  const given = Buffer.from(pieces[count]);
  return given.length === expected.length && timingSafeEqual(given, expected) ? parts : null;
}
