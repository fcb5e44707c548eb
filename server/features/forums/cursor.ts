import { isRealInstant } from '../../../common/time.ts';
import { badRequest } from '../../lib/errors.ts';
import { SERVER_GENERAL } from '../../lib/texts/general.ts';
import { localText } from '../../lib/i18n.ts';

// Cursors are opaque to clients: base64url of the sort key of the last row they saw. Timestamps keep
// PostgreSQL's microseconds (a JavaScript Date would round them and make rows repeat or vanish between pages).
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RANK = /^-?\d+(\.\d+)?(e-?\d+)?$/i;
// The shape alone lets month 13, year 0000 or a rank of 1e999 reach PostgreSQL.
const isTimestamp = (at: string) => TIMESTAMP.test(at) && isRealInstant(at);
// Ranks are PostgreSQL reals (ts_rank): zero, or a magnitude within real's range.
const isRank = (rank: string) => {
  const value = Math.abs(Number(rank));
  return RANK.test(rank) && (value === 0 || (value >= 1.2e-38 && value <= 3.4e38));
};

export type TimeCursor = { at: string; id: string };

const encode = (parts: string[]) => Buffer.from(parts.join('|')).toString('base64url');

function decode(cursor: string, field: string, size: number): string[] {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (parts.length !== size) throw badRequest(localText(SERVER_GENERAL.fieldNotACursor, { field }));
  return parts;
}

export const encodeTimeCursor = (c: TimeCursor) => encode([c.at, c.id]);

export function decodeTimeCursor(cursor: string | undefined, field = 'before'): TimeCursor | null {
  if (!cursor) return null;
  const [at, id] = decode(cursor, field, 2);
  if (!isTimestamp(at) || !UUID.test(id)) throw badRequest(localText(SERVER_GENERAL.fieldNotACursor, { field }));
  return { at, id };
}

/** A post's place in newest-first order. */
export type PostKey = TimeCursor;

/**
 * Search pages walk "windows": the newest matches below `top` (null: no upper bound), ranked together.
 * - `next`: start the next window, with the matches strictly older than `top`.
 * - `in`: continue inside a window whose oldest candidate is `bottom` (null: the window runs to the oldest match),
 *   after the row at (`rank`, `at`, `id`) in relevance order.
 */
export type SearchCursor =
  | { kind: 'next'; top: PostKey }
  | { kind: 'in'; top: PostKey | null; bottom: PostKey | null; rank: string; at: string; id: string };

const keyParts = (k: PostKey | null) => (k ? [k.at, k.id] : ['', '']);

export function encodeSearchCursor(c: SearchCursor): string {
  if (c.kind === 'next') return encode(['n', c.top.at, c.top.id]);
  return encode(['w', ...keyParts(c.top), ...keyParts(c.bottom), c.rank, c.at, c.id]);
}

function postKey(at: string, id: string, optional: boolean): PostKey | null {
  if (optional && at === '' && id === '') return null;
  if (!isTimestamp(at) || !UUID.test(id)) throw badRequest(localText(SERVER_GENERAL.fieldNotACursor, { field: 'before' }));
  return { at, id };
}

export function decodeSearchCursor(cursor: string | undefined): SearchCursor | null {
  if (!cursor) return null;
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (parts[0] === 'n' && parts.length === 3) return { kind: 'next', top: postKey(parts[1], parts[2], false)! };
  if (parts[0] === 'w' && parts.length === 8) {
    const [, topAt, topId, bottomAt, bottomId, rank, at, id] = parts;
    const top = postKey(topAt, topId, true);
    const bottom = postKey(bottomAt, bottomId, true);
    const position = postKey(at, id, false)!;
    if (!isRank(rank)) throw badRequest(localText(SERVER_GENERAL.fieldNotACursor, { field: 'before' }));
    return { kind: 'in', top, bottom, rank, ...position };
  }
  throw badRequest(localText(SERVER_GENERAL.fieldNotACursor, { field: 'before' }));
}

/** A post's place in most-liked-first order (the Top sort): its likes, then its id. */
export type TopCursor = { likes: number; id: string };
const LIKES = /^\d{1,10}$/;
const MAX_LIKES = 2_147_483_647; // PostgreSQL integer

export const encodeTopCursor = (c: TopCursor) => encode(['t', String(c.likes), c.id]);

export function decodeTopCursor(cursor: string | undefined): TopCursor | null {
  if (!cursor) return null;
  const [kind, likes, id] = decode(cursor, 'before', 3);
  if (kind !== 't' || !LIKES.test(likes) || Number(likes) > MAX_LIKES || !UUID.test(id)) {
    throw badRequest(localText(SERVER_GENERAL.fieldNotACursor, { field: 'before' }));
  }
  return { likes: Number(likes), id };
}
