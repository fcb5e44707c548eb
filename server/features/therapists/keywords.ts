// The words of a therapist search ("perinatal", "EMDR", "French", "Toronto", a name) as what each column holds: the
// option lists are small and fixed, so the words are matched against them here and the query asks the GIN indexes for
// the options found, instead of searching the arrays' text row by row.
import { LANGUAGES, MODALITIES, SPECIALTIES } from '../../../common/options.ts';

export type Keywords = {
  /** A LIKE pattern for the name and the location: the whole text, its own % and _ taken literally. */
  pattern: string;
  specialties: string[];
  modalities: string[];
  languages: string[];
};

// A single letter would name half of every list.
const MIN_OPTION_WORD = 2;

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const wordsOf = (text: string) => fold(text).split(/[^\p{L}\p{N}+]+/u).filter(Boolean);

/** The user's text goes into LIKE as a literal: its own % and _ must not act as wildcards. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The options every searched word starts a word of ("post" finds "Perinatal and Postpartum", "cbt" both CBT options).
 * A word written "-word" excludes in the other searches; here it neither matches nor excludes.
 */
function optionsMatching(options: readonly string[], q: string): string[] {
  const words = q.split(/\s+/).filter((w) => w && !w.startsWith('-')).flatMap(wordsOf);
  if (!words.length || words.join('').length < MIN_OPTION_WORD) return [];
  return options.filter((option) => {
    const optionWords = wordsOf(option);
    return words.every((w) => optionWords.some((o) => o.startsWith(w)));
  });
}

export function keywordsOf(q: string): Keywords {
  return {
    pattern: containsPattern(q.toLowerCase()),
    specialties: optionsMatching(SPECIALTIES, q),
    modalities: optionsMatching(MODALITIES, q),
    languages: optionsMatching(LANGUAGES, q),
  };
}
