// Reads a note the way a person would before the detectors look at it: width and compatibility forms folded (NFKC),
// invisible characters dropped, spelled-out digits and look-alike letters read as digits where digits are meant.
// Every character of the result remembers where it came from, so a finding points at the member's own text.

/** The normalised text and, for each of its characters, the offset in the original text (one more entry: the end). */
export type Normalised = { text: string; origin: number[] };

// Zero-width spaces and joiners, word joiners, the BOM, soft hyphens, bidi marks and embeddings/isolates.
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;

const SPELLED: Record<string, string> = {
  zero: '0', oh: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9',
};
/** Spelled digits are read as digits only in a run this long ("four one six ..."), never in "one or two sessions". */
const SPELLED_RUN = 4;

function foldCharacters(input: string): Normalised {
  let text = '';
  const origin: number[] = [];
  let offset = 0;
  for (const char of input) {
    if (!INVISIBLE.test(char)) {
      const folded = char.normalize('NFKC');
      for (let i = 0; i < folded.length; i++) origin.push(offset);
      text += folded;
    }
    offset += char.length;
  }
  origin.push(input.length);
  return { text, origin };
}

/** Replaces text[start, end) by `value`, every new character pointing where the replaced part began. */
type Edit = { start: number; end: number; value: string };
function applyEdits(source: Normalised, edits: Edit[]): Normalised {
  if (!edits.length) return source;
  let text = '';
  const origin: number[] = [];
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    if (edit.start < at) continue;
    text += source.text.slice(at, edit.start);
    origin.push(...source.origin.slice(at, edit.start));
    text += edit.value;
    for (let i = 0; i < edit.value.length; i++) origin.push(source.origin[edit.start + Math.min(i, edit.end - edit.start - 1)]);
    at = edit.end;
  }
  text += source.text.slice(at);
  origin.push(...source.origin.slice(at));
  return { text, origin };
}

/** "four one six five five five ..." → "4 1 6 5 5 5 ...": runs of spelled digits (digits may be mixed in). */
function spelledDigitEdits(text: string): Edit[] {
  const words = [...text.matchAll(/[\p{L}\p{N}]+/gu)];
  const edits: Edit[] = [];
  let run: RegExpMatchArray[] = [];
  const flush = () => {
    if (run.filter((w) => SPELLED[w[0].toLowerCase()]).length >= SPELLED_RUN) {
      run.forEach((w, i) => {
        const digit = SPELLED[w[0].toLowerCase()];
        if (digit) edits.push({ start: w.index!, end: w.index! + w[0].length, value: digit });
        // "six four seven, five five five": the commas inside a run of digits are spaces.
        const prev = run[i - 1];
        const gapStart = prev ? prev.index! + prev[0].length : 0;
        if (prev && text.slice(gapStart, w.index).includes(',')) edits.push({ start: gapStart, end: w.index!, value: ' ' });
      });
    }
    run = [];
  };
  for (const word of words) {
    const prev = run.at(-1);
    const gap = prev ? text.slice(prev.index! + prev[0].length, word.index) : '';
    const isDigitWord = SPELLED[word[0].toLowerCase()] !== undefined || /^\d+$/.test(word[0]);
    if (!isDigitWord || (prev && !/^[\s.,()/-]{0,3}$/.test(gap))) flush();
    if (isDigitWord) run.push(word);
  }
  flush();
  return edits;
}

const POSTAL_CODE_END = /[a-z]\d[a-z][\s-]?\d[a-z]\d$/i;
const LOOK_ALIKE: Record<string, string> = { O: '0', o: '0', l: '1', I: '1', '|': '1' };

/**
 * "416-555-O199", "4l6": a letter O, o, l or I inside a word of digits, or standing alone between two numbers, is a digit.
 * A word must hold a real digit and two characters ("O3", "4l6"), so "Ol", "I 2" and ordinary words keep their letters;
 * a postal code ("M5V 3L9") keeps its own.
 */
function lookAlikeEdits(text: string): Edit[] {
  const edits: Edit[] = [];
  for (const word of text.matchAll(/[0-9OolI|]+/g)) {
    const value = word[0];
    const digits = value.replace(/\D/g, '').length;
    const start = word.index;
    const before = text[start - 1] ?? ' ';
    const after = text[start + value.length] ?? ' ';
    // A part of a longer word ("Ontario", "Iowa", "lol") is not a number.
    if (/[\p{L}]/u.test(before) || /[\p{L}]/u.test(after) || digits === value.length) continue;
    const alone = value.length === 1 && /\d[\s.-]$/.test(text.slice(Math.max(0, start - 2), start))
      && /^[\s.-]\d/.test(text.slice(start + 1, start + 3));
    if ((digits < 1 || value.length < 2) && !alone) continue;
    if (POSTAL_CODE_END.test(text.slice(Math.max(0, start - 4), start + value.length))) continue;
    for (let i = 0; i < value.length; i++) {
      const digit = LOOK_ALIKE[value[i]];
      if (digit) edits.push({ start: start + i, end: start + i + 1, value: digit });
    }
  }
  return edits;
}

export function normalise(input: string): Normalised {
  const folded = foldCharacters(input);
  const spelled = applyEdits(folded, spelledDigitEdits(folded.text));
  return applyEdits(spelled, lookAlikeEdits(spelled.text));
}

/** The original offsets of the normalised span [start, end). */
export function toOriginal(n: Normalised, start: number, end: number): { start: number; end: number } {
  const from = n.origin[start] ?? n.origin.at(-1)!;
  const last = n.origin[Math.max(start, end - 1)] ?? from;
  // The end is just past the last original character the span covers (a surrogate pair counts as two).
  const next = n.origin.find((o, i) => i >= end && o > last) ?? n.origin.at(-1)!;
  return { start: from, end: Math.max(from, Math.min(next, n.origin.at(-1)!)) };
}
