import { badRequest } from '../../lib/errors.ts';

// Cursors are opaque to clients: base64url of the sort key of the last row they saw. Timestamps keep
// PostgreSQL's microseconds (a JavaScript Date would round them and make rows repeat or vanish between pages).
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RANK = /^-?\d+(\.\d+)?(e-?\d+)?$/i;

export type TimeCursor = { at: string; id: string };
export type RankCursor = TimeCursor & { rank: string };

const encode = (parts: string[]) => Buffer.from(parts.join('|')).toString('base64url');

function decode(cursor: string, field: string, size: number): string[] {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (parts.length !== size) throw badRequest(`Invalid ${field}: not a valid cursor`);
  return parts;
}

export const encodeTimeCursor = (c: TimeCursor) => encode([c.at, c.id]);

export function decodeTimeCursor(cursor: string | undefined, field = 'before'): TimeCursor | null {
  if (!cursor) return null;
  const [at, id] = decode(cursor, field, 2);
  if (!TIMESTAMP.test(at) || !UUID.test(id)) throw badRequest(`Invalid ${field}: not a valid cursor`);
  return { at, id };
}

export const encodeRankCursor = (c: RankCursor) => encode([c.rank, c.at, c.id]);

export function decodeRankCursor(cursor: string | undefined): RankCursor | null {
  if (!cursor) return null;
  const [rank, at, id] = decode(cursor, 'before', 3);
  if (!RANK.test(rank) || !TIMESTAMP.test(at) || !UUID.test(id)) throw badRequest('Invalid before: not a valid cursor');
  return { rank, at, id };
}
