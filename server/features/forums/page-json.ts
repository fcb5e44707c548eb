/**
 * The JSON of a shared page for one reader. Only the likes lists could differ between readers, and they differ only
 * when a list is wrong about the reader (they like a row but are not among its first likers, see likesFor). So the page
 * is written once per shared read, as UTF-8, and sent as it is to nearly every reader; for the others only their rows
 * are written again.
 * A page of 500 comments then costs one JSON.stringify per shared read, not one per request.
 */
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { estimateBytes } from '../../lib/read-cache.ts';

export type SharedPage<R> = { rows: R[]; nextCursor: string | null; written?: Written };
type Likeable = { id: string; recent_likes: string[] };
type Written = { fragments: string[]; plain: Buffer; gzipped?: Buffer };
/** A page's JSON for one reader; `gzipped` when it is the shared page, compressed once for all its readers. */
export type JsonAnswer = { body: Buffer | string; gzipped?: () => Buffer };

const JSON_TYPE = 'application/json; charset=utf-8';

const envelope = (listKey: string, items: string[], nextCursor: string | null) =>
  `{${JSON.stringify(listKey)}:[${items.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`;

function write<R extends Likeable>(page: SharedPage<R>, listKey: string, shape: Shape<R>): Written {
  // An empty reader id matches no liker: the rows as any reader who liked none of them sees them.
  const fragments = page.rows.map((row) => JSON.stringify(shape(row, '', false, false)));
  return { fragments, plain: Buffer.from(envelope(listKey, fragments, page.nextCursor)) };
}

type Shape<R> = (row: R, viewerId: string, liked: boolean, marked: boolean) => unknown;

/** Writes a page's JSON as soon as it is read, so the read cache can weigh it by its bytes (see pageBytes). */
export function withJson<R extends Likeable, P extends SharedPage<R>>(page: P, listKey: string, shape: Shape<R>): P {
  page.written ??= write(page, listKey, shape);
  return page;
}

// A written page holds its rows, their JSON fragments, the UTF-8 body and later its gzip (a fifth of it or less);
// a comments window also one shorter body (comments.ts). Four times the body's length covers them all.
const COPIES_OF_THE_JSON = 4;

/** A written page's weight in the read cache (read-cache.ts), without serialising anything again. */
export const pageBytes = (page: SharedPage<unknown>): number =>
  (page.written ? COPIES_OF_THE_JSON * page.written.plain.length : estimateBytes(page));

/**
 * The first `size` rows of a written page as a page of their own, continuing at `nextCursor`: its body is put
 * together from the fragments already written, so no row is serialised again.
 */
export function headOf<R>(page: SharedPage<R>, size: number, listKey: string, nextCursor: string | null): SharedPage<R> {
  const head: SharedPage<R> = { rows: page.rows.slice(0, size), nextCursor };
  if (page.written) {
    const fragments = page.written.fragments.slice(0, size);
    head.written = { fragments, plain: Buffer.from(envelope(listKey, fragments, nextCursor)) };
  }
  return head;
}

/** `marked`: rows the reader marked for themselves (their bookmarks), written again for them like their likes. */
export function pageJsonFor<R extends Likeable>(
  page: SharedPage<R>, listKey: string, viewerId: string, liked: Set<string>, shape: Shape<R>, marked = new Set<string>(),
): JsonAnswer {
  const written = (page.written ??= write(page, listKey, shape));
  // A row needs writing again only when its shared likers list is wrong about this reader (see likesFor), or they saved it.
  const own = (row: R) => row.recent_likes.includes(viewerId) !== liked.has(row.id) || marked.has(row.id);
  if (!page.rows.some(own)) {
    return { body: written.plain, gzipped: () => (written.gzipped ??= gzipSync(written.plain, { level: 6 })) };
  }
  const items = page.rows.map((row, i) =>
    (own(row) ? JSON.stringify(shape(row, viewerId, liked.has(row.id), marked.has(row.id))) : written.fragments[i]));
  return { body: envelope(listKey, items, page.nextCursor) };
}

const acceptsGzip = (request: FastifyRequest) => /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

/**
 * Sends a page as it is. A shared page goes out compressed as it was compressed once for all its readers (a thread of
 * 500 comments is 180 KB of JSON); any other answer is left to the app's compression like every response.
 */
export function sendJson(request: FastifyRequest, reply: FastifyReply, answer: JsonAnswer) {
  reply.type(JSON_TYPE).header('vary', 'accept-encoding');
  if (answer.gzipped && acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(answer.gzipped());
  return reply.send(answer.body);
}
