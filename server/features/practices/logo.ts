// A practice's logo: uploaded by its owner or an admin, checked and re-encoded as members' photos are (the bytes' type
// against the name and declared type, nothing riding along, a pixel limit before decoding, then a fresh WebP with no
// metadata), stored in the database. The whole logo is kept: padded to a square on a transparent ground, never cut.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LOGO_SIZE_PX, MANAGING_ROLES, PRACTICE_TEXTS, type Practice } from '../../../common/practices.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { practiceLogos } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { checkPhotoBytes, reencode } from '../../lib/image-checks.ts';
import { requireRole } from './access.ts';
import { readPractice } from './practices.ts';

type UploadedFile = { bytes: Buffer; mimetype: string; filename: string };

const logoUrl = (practiceId: string, hash: string) => `/api/practices/${practiceId}/logo/${hash}.webp`;

/** POST /api/practices/{id}/logo: replaces the logo; the practice's `logo` becomes its address. */
export async function uploadLogo(ctx: AppContext, user: CurrentUser, practiceId: string, file: UploadedFile | null): Promise<Practice> {
  await requireRole(ctx.db, practiceId, user.id, MANAGING_ROLES, PRACTICE_TEXTS.notManager);
  if (!file || file.bytes.length === 0) throw badRequest(PRACTICE_TEXTS.noLogo);
  checkPhotoBytes(file.bytes, file, { unsupported: PRACTICE_TEXTS.logoUnsupported, mismatched: PRACTICE_TEXTS.logoMismatched });
  const webp = await reencode(file.bytes,
    { width: LOGO_SIZE_PX, height: LOGO_SIZE_PX, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } },
    { tooManyPixels: PRACTICE_TEXTS.logoTooManyPixels, unreadable: PRACTICE_TEXTS.logoUnreadable });
  const hash = createHash('sha256').update(webp).digest('hex').slice(0, 32);
  await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    await t.execute(sql`INSERT INTO practice_logos (practice_id, hash, image) VALUES (${practiceId}, ${hash}, ${webp}) ON CONFLICT DO NOTHING`);
    await t.execute(sql`DELETE FROM practice_logos WHERE practice_id = ${practiceId} AND hash <> ${hash}`);
    await t.execute(sql`UPDATE practices SET logo = ${logoUrl(practiceId, hash)}, updated_at = now() WHERE id = ${practiceId}`);
  });
  return readPractice(ctx, user, practiceId);
}

/** DELETE /api/practices/{id}/logo: the practice shows its initial again. */
export async function removeLogo(ctx: AppContext, user: CurrentUser, practiceId: string): Promise<Practice> {
  await requireRole(ctx.db, practiceId, user.id, MANAGING_ROLES, PRACTICE_TEXTS.notManager);
  await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    await t.execute(sql`DELETE FROM practice_logos WHERE practice_id = ${practiceId}`);
    await t.execute(sql`UPDATE practices SET logo = NULL, updated_at = now() WHERE id = ${practiceId}`);
  });
  return readPractice(ctx, user, practiceId);
}

/** The stored WebP; public as the practice's page is (an <img> sends no token), its address changes with it. */
export async function logoImage(ctx: AppContext, input: { id: string; file: string }): Promise<Buffer> {
  const hash = input.file.slice(0, -'.webp'.length);
  const [row] = await queryRows<SqlRow<typeof practiceLogos, 'image'>>(ctx.db, sql`
    SELECT image FROM practice_logos WHERE practice_id = ${input.id} AND hash = ${hash}`);
  if (!row) throw notFound(PRACTICE_TEXTS.logoNotFound);
  return Buffer.from(row.image);
}
