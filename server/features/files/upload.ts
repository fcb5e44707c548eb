// POST /api/files: one file, streamed from the request through its checks and the cipher into the store. Images and
// PDFs are read whole (at most FILE_MAX_MB) because sharp and pdf-lib need all of them; everything else streams.
import { createHash, randomUUID, type Hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { FILE_ERRORS, type FileInfo } from '../../../common/files.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { localText } from '../../lib/i18n.ts';
import { keepAnswerWithin } from '../../lib/idempotency.ts';
import { cleanName, decide, pdfPages, processImage, renamed, SNIFF_BYTES, textCheck, toReadable, type Decision } from '../../lib/files/inspect.ts';
import { FILE_COLUMNS, storesOf, toAttachment, type FileRow } from '../../lib/files/records.ts';
import { objectKey, putSealed } from '../../lib/files/sealed.ts';
import { SERVER_FILES } from '../../lib/texts/files.ts';

export type IncomingFile = { filename: string; file: Readable & { truncated?: boolean } };

// FILE_ERRORS.tooLarge and .quota, with their sizes, in the reader's language.
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
const tooLarge = (ctx: AppContext) => new AppError(413, 'TOO_LARGE', localText(SERVER_FILES.tooLarge, { megabytes: megabytes(ctx.config.files.maxBytes) }));
const overQuota = (ctx: AppContext) => new AppError(413, 'TOO_LARGE', localText(SERVER_FILES.quota, { megabytes: megabytes(ctx.config.files.quotaBytes) }));
const isSizeLimit = (error: unknown) => (error as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';

/** Bytes the member's files take (attached or waiting). */
export async function usedBytes(ctx: Pick<AppContext, 'db'>, userId: string): Promise<number> {
  const [row] = await queryRows<{ used: string | number }>(ctx.db, sql`SELECT coalesce(sum(size), 0) AS used FROM files WHERE owner_id = ${userId}`);
  return Number(row.used);
}

export async function uploadFile(ctx: AppContext, user: CurrentUser, incoming: IncomingFile | undefined): Promise<FileInfo> {
  if (!incoming) throw new AppError(400, 'BAD_REQUEST', FILE_ERRORS.noFile);
  const { quotaBytes } = ctx.config.files;
  if (await usedBytes(ctx, user.id) >= quotaBytes) {
    incoming.file.resume();
    throw overQuota(ctx);
  }
  try {
    return await store(ctx, user, incoming);
  } catch (error) {
    // Whatever is left of the request is read and dropped, so the answer reaches the client.
    incoming.file.resume();
    throw isSizeLimit(error) ? tooLarge(ctx) : error;
  }
}

/**
 * What an Idempotency-Key's retry must match: the file's name and a digest of its bytes as received (a retry's bytes are
 * read and digested, never stored: `digestOnly`).
 */
const contentOf = (filename: string, hash: Hash) => `${cleanName(filename, '')}\n${hash.digest('base64url')}`;

/** Reads a retried upload to its end for its digest only. */
export async function digestOnly(incoming: IncomingFile): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of incoming.file) hash.update(chunk as Buffer);
  return contentOf(incoming.filename, hash);
}

async function store(ctx: AppContext, user: CurrentUser, incoming: IncomingFile): Promise<FileInfo> {
  const hash = createHash('sha256');
  const { head, rest } = await readHead(hashing(incoming.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>, hash));
  if (!head.length) throw new AppError(400, 'BAD_REQUEST', FILE_ERRORS.noFile);
  const given = cleanName(incoming.filename, '');
  const decision = await decide(head, given);
  const id = randomUUID();
  const { writer } = storesOf(ctx.db, ctx.config);
  const row: Omit<FileRow, 'created_at' | 'attached_at' | 'message_id' | 'referral_id' | 'case_id' | 'case_comment_id'> = {
    id, owner_id: user.id, name: renamed(given, decision), size: 0, content_type: decision.contentType, kind: decision.kind,
    width: null, height: null, pages: null, has_thumbnail: false, storage: writer.kind,
  };
  const written: string[] = [];
  try {
    if (decision.kind === 'image' || decision.kind === 'pdf') {
      const whole = await readRest(head, rest);
      if (decision.kind === 'image') {
        const image = await processImage(whole, decision, ctx.config.files.maxPixels);
        Object.assign(row, { width: image.width, height: image.height, has_thumbnail: true });
        written.push(objectKey(id, 'main'));
        row.size = await putSealed(writer, id, 'main', image.bytes);
        written.push(objectKey(id, 'thumb'));
        await putSealed(writer, id, 'thumb', image.thumbnail);
      } else {
        row.pages = await pdfPages(whole);
        written.push(objectKey(id, 'main'));
        row.size = await putSealed(writer, id, 'main', whole);
      }
    } else {
      written.push(objectKey(id, 'main'));
      row.size = await putSealed(writer, id, 'main', streamed(head, rest, decision));
    }
    if (incoming.file.truncated) throw tooLarge(ctx);
    return await record(ctx, row, contentOf(incoming.filename, hash));
  } catch (error) {
    await writer.delete(written).catch(() => {});
    throw error;
  }
}

/** The row, written only if the member is still within their quota with this file (two uploads racing included). */
async function record(ctx: AppContext, row: Omit<FileRow, 'created_at' | 'attached_at' | 'message_id' | 'referral_id' | 'case_id' | 'case_comment_id'>, content: string): Promise<FileInfo> {
  // With its Idempotency-Key's answer, so a retry after the commit replays it instead of storing the file again.
  return ctx.db.transaction(async (tx) => {
    const [saved] = await queryRows<FileRow>(tx, sql`
      WITH used AS (SELECT coalesce(sum(size), 0) AS bytes FROM files WHERE owner_id = ${row.owner_id})
      INSERT INTO files AS f (id, owner_id, name, size, content_type, kind, width, height, pages, has_thumbnail, storage)
      SELECT ${row.id}, ${row.owner_id}, ${row.name}, ${row.size}, ${row.content_type}, ${row.kind}, ${row.width}, ${row.height},
        ${row.pages}, ${row.has_thumbnail}, ${row.storage} FROM used WHERE used.bytes + ${row.size} <= ${ctx.config.files.quotaBytes}
      RETURNING ${FILE_COLUMNS}`);
    if (!saved) throw overQuota(ctx);
    const answer = toAttachment(saved);
    await keepAnswerWithin(tx, answer, { content });
    return answer;
  });
}

function streamed(head: Buffer, rest: AsyncIterator<Buffer>, decision: Decision): Readable {
  const body = toReadable(head, iterate(rest));
  return decision.kind === 'text' ? body.pipe(textCheck()) : body;
}

async function* iterate(rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/** The bytes as they arrive, each also given to `hash`. */
function hashing(iterator: AsyncIterator<Buffer>, hash: Hash): AsyncIterator<Buffer> {
  return {
    async next() {
      const next = await iterator.next();
      if (!next.done) hash.update(next.value);
      return next;
    },
  };
}

/** The first SNIFF_BYTES (or all, when shorter), and the iterator over what follows. */
async function readHead(iterator: AsyncIterator<Buffer>): Promise<{ head: Buffer; rest: AsyncIterator<Buffer> }> {
  const parts: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    parts.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(parts, length), rest: iterator };
}

async function readRest(head: Buffer, rest: AsyncIterator<Buffer>): Promise<Buffer> {
  const parts = [head];
  for await (const chunk of iterate(rest)) parts.push(chunk);
  return Buffer.concat(parts);
}
