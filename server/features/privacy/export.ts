// "Download my data" (decision 0066): prepared in the background into a ZIP stored in the database in pieces
// (migration 0157, so any node serves it), written as it is read (yazl), downloaded by its owner within 24 hours,
// announced by email.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import yazl from 'yazl';
import { EXPORT_TTL_MS, type DataExport, type LatestExportResponse } from '../../../common/privacy.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { avatarImages, dataExportChunks, dataExports, users } from '../../db/schema.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import { decryptBytes, encryptBytes, isEncryptedBytes } from '../../lib/crypto/cipher.ts';
import { exportChunkContext } from '../../lib/crypto/fields.ts';
import { EXPORT_SECTIONS, sectionRows, type ExportSection } from './export-sections.ts';
import { avatarUrl } from './avatar.ts';
import { toDataExport } from './present.ts';
import { recordAudit, recordAuditedRead } from '../../lib/audit.ts';
import { localText, mailLocale } from '../../lib/i18n.ts';
import { recordEvents, type OutboxEvent, type Recorded } from '../../lib/outbox.ts';
import { exportReadyMail } from './mails.ts';
import { ownFiles } from '../../lib/files/export.ts';
import { SERVER_PRIVACY } from '../../lib/texts/privacy.ts';

/** Exports a member may request in 24 hours: each reads everything they have, so a script must not loop on it. */
const EXPORTS_PER_DAY = 5;
const EXPORT_GONE = 'This download is not available. Please prepare a new one.';

/** The size of the stored pieces: large enough for few rows, small enough that a node holds one at a time. */
export const EXPORT_CHUNK_BYTES = 1024 * 1024;

/** A section as a JSON array, produced row by row. */
async function* jsonArray(db: Db, section: ExportSection, userId: string): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const row of sectionRows(db, section, userId)) {
    yield `${first ? '\n' : ',\n'}  ${JSON.stringify(row)}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

/**
 * A stream that stores what it is given as the export's pieces, in order, each written before more is accepted; each
 * piece encrypted (server/lib/crypto), bound to its export and place. `size` counts the ZIP's own bytes.
 */
function chunkStore(db: Db, exportId: string): Writable & { size: () => number } {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let size = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    const bytes = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    const place = seq++;
    await db.insert(dataExportChunks).values({ exportId, seq: place, bytes: await encryptBytes(bytes, exportChunkContext(exportId, place)) });
    size += bytes.length;
  };
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes < EXPORT_CHUNK_BYTES) return done();
      flush().then(() => done(), done);
    },
    final(done) {
      flush().then(() => done(), done);
    },
  });
  return Object.assign(sink, { size: () => size });
}

/** The file name of the uploaded profile photo in the ZIP (a photo given as an address is in profile.json). */
export const PHOTO_FILE = 'profile-photo.webp';

/** The member's uploaded photo as it is shown on their profile (one 256-pixel WebP, small), or null. */
async function profilePhoto(db: Db, userId: string): Promise<Buffer | null> {
  const [owner] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
  if (!owner?.avatar) return null;
  const stored = await db.select({ hash: avatarImages.hash, image: avatarImages.image }).from(avatarImages).where(eq(avatarImages.userId, userId));
  const shown = stored.find((row) => avatarUrl(userId, row.hash) === owner.avatar);
  return shown ? Buffer.from(shown.image) : null;
}

/** Writes the ZIP into the database as it is produced; the export is marked ready only after its last piece. */
async function writeZip(ctx: AppContext, exportId: string, userId: string, now: Date): Promise<number> {
  const zip = new yazl.ZipFile();
  for (const section of EXPORT_SECTIONS) {
    const rows = Readable.from(jsonArray(ctx.db, section, userId));
    // yazl does not listen for its inputs' errors: a failed read (the database gone) fails the whole file instead.
    rows.on('error', (err) => (zip.outputStream as Readable).destroy(err));
    zip.addReadStream(rows, section.file, { mtime: now });
  }
  const photo = await profilePhoto(ctx.db, userId);
  // WebP is compressed already.
  if (photo) zip.addBuffer(photo, PHOTO_FILE, { mtime: now, compress: false });
  // The documents the member uploaded, decrypted as the ZIP is written, each read only when yazl reaches it.
  for (const file of await ownFiles(ctx, userId)) {
    const body = file.open();
    body.on('error', (err) => (zip.outputStream as Readable).destroy(err));
    zip.addReadStream(body, file.path, { mtime: file.createdAt, compress: file.compress });
  }
  zip.end();
  const store = chunkStore(ctx.db, exportId);
  await pipeline(zip.outputStream, store);
  return store.size();
}

/** Writes the copy; marking it ready and recording its mail are one transaction (decision 0400). */
async function storeReady(ctx: AppContext, exportId: string, userId: string, mail: OutboxEvent): Promise<Recorded> {
  const size = await writeZip(ctx, exportId, userId, new Date());
  return ctx.db.transaction(async (tx) => {
    await tx.update(dataExports).set({ status: 'ready', readyAt: new Date(), sizeBytes: size }).where(eq(dataExports.id, exportId));
    return recordEvents(ctx, tx, [mail]);
  });
}

async function build(ctx: AppContext, exportId: string, user: { id: string; email: string; name: string; locale: string | null }): Promise<void> {
  const ready = exportReadyMail({ userId: user.id, to: user.email, locale: mailLocale(user.locale), values: { name: user.name } });
  const events = await storeReady(ctx, exportId, user.id, ready).catch(async (err: unknown) => {
    await ctx.db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, exportId));
    throw err;
  });
  await events.deliver();
}

/** Starts preparing a copy; the answer comes at once, the email when the file is written. */
export async function prepareExport(ctx: AppContext, user: CurrentUser, input: { log: { error: (o: object, m: string) => void } }): Promise<DataExport> {
  const now = new Date();
  await purgeExpiredExports(ctx, now);
  const recent = await ctx.db.select({ status: dataExports.status }).from(dataExports)
    .where(and(eq(dataExports.userId, user.id), gt(dataExports.createdAt, new Date(now.getTime() - EXPORT_TTL_MS))));
  if (recent.some((row) => row.status === 'preparing')) throw conflict('Your data is already being prepared.');
  if (recent.length >= EXPORTS_PER_DAY) throw tooManyRequests(localText(SERVER_PRIVACY.exportsPerDay, { count: EXPORTS_PER_DAY }));
  const [owner] = await ctx.db.select({ id: users.id, email: users.email, name: users.name, locale: users.locale }).from(users).where(eq(users.id, user.id));
  if (!owner) throw notFound('Account not found.');
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx.insert(dataExports).values({ userId: user.id, expiresAt: new Date(now.getTime() + EXPORT_TTL_MS) }).returning();
    await recordAudit(tx, { actorId: user.id, action: 'export.request', targetType: 'export', targetId: created.id, memberId: user.id });
    return created;
  });
  // Tracked: a node that stops waits for the archive it is writing (server/lib/realtime.ts close).
  void ctx.realtime.track(build(ctx, row.id, owner)).catch((err: unknown) => input.log.error({ err, exportId: row.id }, 'data export failed'));
  return toDataExport(row);
}

/** The member's latest copy that has not expired. */
export async function latestExport(ctx: AppContext, user: CurrentUser): Promise<LatestExportResponse> {
  const [row] = await ctx.db.select().from(dataExports)
    .where(and(eq(dataExports.userId, user.id), gt(dataExports.expiresAt, new Date())))
    .orderBy(desc(dataExports.createdAt)).limit(1);
  return { export: row ? toDataExport(row) : null };
}

/** The pieces of an export, read one at a time in order. */
async function* storedPieces(db: Db, exportId: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const [piece] = await db.select({ bytes: dataExportChunks.bytes }).from(dataExportChunks)
      .where(and(eq(dataExportChunks.exportId, exportId), eq(dataExportChunks.seq, seq)));
    if (!piece) return;
    // A piece written before encryption at rest (an export of the day the upgrade ran) is the ZIP's bytes as they are.
    yield isEncryptedBytes(piece.bytes) ? await decryptBytes(piece.bytes, exportChunkContext(exportId, seq)) : piece.bytes;
  }
}

/** The ready ZIP of the owner's copy, as a stream; anybody else's, or an expired one, is not found. */
export async function openExport(ctx: AppContext, user: CurrentUser, input: { id: string }): Promise<{ stream: Readable; size: number; day: string }> {
  const [row] = await ctx.db.select().from(dataExports)
    .where(and(eq(dataExports.id, input.id), eq(dataExports.userId, user.id), eq(dataExports.status, 'ready'), gt(dataExports.expiresAt, new Date())));
  if (!row?.sizeBytes) throw notFound(EXPORT_GONE);
  const [first] = await ctx.db.select({ seq: dataExportChunks.seq }).from(dataExportChunks)
    .where(eq(dataExportChunks.exportId, row.id)).orderBy(asc(dataExportChunks.seq)).limit(1);
  if (first?.seq !== 0) throw notFound(EXPORT_GONE);
  await recordAuditedRead(ctx.db, { actorId: user.id, action: 'export.download', targetType: 'export', targetId: row.id, memberId: user.id });
  return { stream: Readable.from(storedPieces(ctx.db, row.id)), size: row.sizeBytes, day: row.createdAt.toISOString().slice(0, 10) };
}

/**
 * Removes the files of expired copies; run on each request and by the daily job. The record that a copy was made stays
 * until the retention purge (features/admin/retention-purge.ts); a member under legal hold keeps the file too.
 */
export async function purgeExpiredExports(ctx: Pick<AppContext, 'db'>, now: Date): Promise<number> {
  const gone = await queryRows<SqlRow<typeof dataExportChunks, 'export_id'>>(ctx.db, sql`
    DELETE FROM data_export_chunks c USING data_exports e
    WHERE c.export_id = e.id AND e.expires_at <= ${now.toISOString()}
      AND NOT EXISTS (SELECT 1 FROM users h WHERE h.id = e.user_id AND h.legal_hold_at IS NOT NULL)
    RETURNING c.export_id`);
  return new Set(gone.map((g) => g.export_id)).size;
}

/** Every copy of a member's data (on account deletion). */
export async function eraseExports(db: Db, userId: string): Promise<void> {
  await db.delete(dataExports).where(eq(dataExports.userId, userId));
}
