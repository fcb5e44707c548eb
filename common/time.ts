import { z } from 'zod';

/**
 * Whether an ISO-8601 instant names a real moment PostgreSQL can store: a calendar date that exists (no month 13,
 * no 30 February), a year from 0001 to 9999. A regular expression alone lets "0000-13-45" reach the database.
 */
export function isRealInstant(iso: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(iso);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  if (year < 1 || hour > 23 || minute > 59 || second > 59) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year); // Date.UTC maps years 0-99 to 1900-1999
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An ISO date and time with an offset, that is a real instant. */
export const IsoInstant = z.iso.datetime({ offset: true, message: 'must be an ISO date and time' })
  .refine(isRealInstant, { message: 'must be an ISO date and time' });
