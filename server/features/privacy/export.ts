// "Download my data" (decision 0066): prepared in the background into a ZIP file under DATA_DIR/exports, written as
// it is read (yazl), downloaded by its owner within 24 hours, announced by email.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import yazl from 'yazl';
import { EXPORT_TTL_MS, type DataExport, type LatestExportResponse } from '../../../common/privacy.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { dataExports, users } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import { EXPORT_SECTIONS, sectionRows, type ExportSection } from './export-sections.ts';
import { toDataExport } from './present.ts';

/** Exports a member may request in 24 hours: each reads everything they have, so a script must not loop on it. */
export const EXPORTS_PER_DAY = 5;
export const EXPORT_GONE = 'This download is not available. Please prepare a new one.';

const exportsDir = (ctx: Pick<AppContext, 'config'>) => path.join(ctx.config.dataDir, 'exports');
export const exportFile = (ctx: Pick<AppContext, 'config'>, id: string) => path.join(exportsDir(ctx), `${id}.zip`);

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

/** Writes the ZIP to a temporary name, then renames it, so a download never sees half a file. */
async function writeZip(ctx: AppContext, exportId: string, userId: string, now: Date): Promise<number> {
  await fsp.mkdir(exportsDir(ctx), { recursive: true });
  const target = exportFile(ctx, exportId);
  const partial = `${target}.part`;
  const zip = new yazl.ZipFile();
  for (const section of EXPORT_SECTIONS) {
    const rows = Readable.from(jsonArray(ctx.db, section, userId));
    // yazl does not listen for its inputs' errors: a failed read (the database gone) fails the whole file instead.
    rows.on('error', (err) => (zip.outputStream as Readable).destroy(err));
    zip.addReadStream(rows, section.file, { mtime: now });
  }
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(partial));
  await fsp.rename(partial, target);
  return (await fsp.stat(target)).size;
}

async function build(ctx: AppContext, exportId: string, user: { id: string; email: string; name: string }): Promise<void> {
  const now = new Date();
  try {
    const size = await writeZip(ctx, exportId, user.id, now);
    await ctx.db.update(dataExports).set({ status: 'ready', readyAt: new Date(), sizeBytes: size }).where(eq(dataExports.id, exportId));
  } catch (err) {
    await ctx.db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, exportId));
    throw err;
  }
  const link = `${ctx.config.publicUrl}/settings/privacy`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Your Thera Root data is ready to download',
    text: `Hello ${user.name},\n\nThe copy of your Thera Root data that you asked for is ready. Sign in and download it from the Privacy tab of your settings within 24 hours:\n\n${link}\n\nIf you did not ask for it, please change your password.\n\nThera Root`,
    link,
  });
}

/** Starts preparing a copy; the answer comes at once, the email when the file is written. */
export async function prepareExport(ctx: AppContext, user: CurrentUser, input: { log: { error: (o: object, m: string) => void } }): Promise<DataExport> {
  const now = new Date();
  await purgeExpiredExports(ctx, now);
  const recent = await ctx.db.select({ status: dataExports.status }).from(dataExports)
    .where(and(eq(dataExports.userId, user.id), gt(dataExports.createdAt, new Date(now.getTime() - EXPORT_TTL_MS))));
  if (recent.some((row) => row.status === 'preparing')) throw conflict('Your data is already being prepared.');
  if (recent.length >= EXPORTS_PER_DAY) throw tooManyRequests(`You can prepare your data ${EXPORTS_PER_DAY} times a day. Please try again tomorrow.`);
  const [owner] = await ctx.db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, user.id));
  if (!owner) throw notFound('Account not found.');
  const [row] = await ctx.db.insert(dataExports).values({ userId: user.id, expiresAt: new Date(now.getTime() + EXPORT_TTL_MS) }).returning();
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

/** The ready file of the owner's copy, as a stream; anybody else's, or an expired one, is not found. */
export async function openExport(ctx: AppContext, user: CurrentUser, input: { id: string }): Promise<{ stream: fs.ReadStream; size: number; day: string }> {
  const [row] = await ctx.db.select().from(dataExports)
    .where(and(eq(dataExports.id, input.id), eq(dataExports.userId, user.id), eq(dataExports.status, 'ready'), gt(dataExports.expiresAt, new Date())));
  if (!row) throw notFound(EXPORT_GONE);
  const file = exportFile(ctx, row.id);
  const stat = await fsp.stat(file).catch(() => null);
  if (!stat) throw notFound(EXPORT_GONE);
  return { stream: fs.createReadStream(file), size: stat.size, day: row.createdAt.toISOString().slice(0, 10) };
}

/** Removes expired copies (rows and files); run on each request and by the daily job. */
export async function purgeExpiredExports(ctx: Pick<AppContext, 'db' | 'config'>, now: Date): Promise<number> {
  const gone = await ctx.db.delete(dataExports).where(lte(dataExports.expiresAt, now)).returning({ id: dataExports.id });
  await Promise.all(gone.map(({ id }) => fsp.rm(exportFile(ctx, id), { force: true })));
  return gone.length;
}

/** Every copy of a member's data (on account deletion). */
export async function eraseExports(ctx: Pick<AppContext, 'config'>, db: Db, userId: string): Promise<void> {
  const gone = await db.delete(dataExports).where(eq(dataExports.userId, userId)).returning({ id: dataExports.id });
  await Promise.all(gone.map(({ id }) => fsp.rm(exportFile(ctx, id), { force: true })));
}

