import { sql, type Placeholder, type SQL } from 'drizzle-orm';

const MAX_WORDS = 10;
const MAX_WORD_LENGTH = 50;

/**
 * A prefix full-text query from the words of free text ("anx cb" finds "Anxiety" and "CBT"), or null when it has no
 * words. Only letters and digits reach to_tsquery, so its operators can never be injected; the words still go as a
 * parameter. Words and their lengths are capped, so a long query cannot make an expensive one.
 */
export function prefixQuery(text: string): SQL | null {
  const words = prefixWords(text);
  return words === null ? null : prefixTsQuery(words);
}

/** prefixQuery's words as to_tsquery reads them (`anx:* & cb:*`), or null: the value of a statement built once (batch.ts). */
export function prefixWords(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_WORDS) ?? [];
  return words.length ? words.map((w) => `${w.slice(0, MAX_WORD_LENGTH)}:*`).join(' & ') : null;
}

/** The query of prefixWords' text (a value, or its placeholder). */
export const prefixTsQuery = (words: string | Placeholder): SQL => sql`to_tsquery('english', ${words})`;
