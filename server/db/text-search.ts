import { sql, type SQL } from 'drizzle-orm';

const MAX_WORDS = 10;
const MAX_WORD_LENGTH = 50;

/**
 * A prefix full-text query from the words of free text ("anx cb" finds "Anxiety" and "CBT"), or null when it has no
 * words. Only letters and digits reach to_tsquery, so its operators can never be injected; the words still go as a
 * parameter. Words and their lengths are capped, so a long query cannot make an expensive one.
 */
export function prefixQuery(text: string): SQL | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_WORDS) ?? [];
  if (!words.length) return null;
  return sql`to_tsquery('english', ${words.map((w) => `${w.slice(0, MAX_WORD_LENGTH)}:*`).join(' & ')})`;
}
