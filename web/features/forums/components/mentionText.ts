// What the mention editor shows and what it stores (docs/decisions/0168): the member reads "@Amara Okafor", the post
// keeps `@[Amara Okafor](user:<id>)` (common/mentions.ts). The shown text maps back to the markup on every change,
// from the mentions the text had and those picked since, so the editor never shows an id.
import { mentionMarkup, replaceMentions, splitMentions, type Mention } from '../../../../common/mentions.ts';

/** The text as the editor shows it: each mention as "@Name". */
export const mentionDisplay = (markup: string): string => replaceMentions(markup, (m) => `@${m.name}`);

/** The members a text mentions, in order, once each per appearance (for mapping the shown text back). */
export const mentionsIn = (markup: string): Mention[] =>
  splitMentions(markup).flatMap((s) => (s.kind === 'mention' ? [{ name: s.name, userId: s.userId }] : []));

/**
 * The shown text with each "@Name" of a known mention turned back into its markup. Longer names are tried first
 * ("@Amara Okafor" before "@Amara"); two members with one name keep their order of appearance. A mention edited
 * into another word ("@Amara Okafr") is plain text from then on: it no longer names anyone.
 */
export function markupFromDisplay(display: string, known: readonly Mention[]): string {
  const byName = new Map<string, string[]>();
  for (const m of known) byName.set(m.name, [...(byName.get(m.name) ?? []), m.userId]);
  const names = [...byName.keys()].sort((a, b) => b.length - a.length);
  const used = new Map<string, number>();
  let out = '';
  let i = 0;
  while (i < display.length) {
    const name = display[i] === '@' ? names.find((n) => display.startsWith(n, i + 1)) : undefined;
    if (name === undefined) {
      out += display[i];
      i += 1;
      continue;
    }
    const ids = byName.get(name)!;
    const nth = used.get(name) ?? 0;
    used.set(name, nth + 1);
    out += mentionMarkup(name, ids[Math.min(nth, ids.length - 1)]);
    i += name.length + 1;
  }
  return out;
}

/** Where a whole "@Name" ends at `caret` in the shown text: Backspace there removes the mention at once. */
export function mentionEndingAt(display: string, caret: number, known: readonly Mention[]): { start: number; end: number } | null {
  const names = [...new Set(known.map((m) => m.name))].sort((a, b) => b.length - a.length);
  for (const name of names) {
    const start = caret - name.length - 1;
    if (start >= 0 && display.slice(start, caret) === `@${name}`) return { start, end: caret };
  }
  return null;
}
