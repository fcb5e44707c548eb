// The client-privacy guard: one function for the server's refusals and the check endpoint the forms call as members
// type. The text is normalised first (normalise.ts); each detector reads the normalised text; every finding is mapped
// back to the member's own characters.
import type { Finding } from '../privacy-check.ts';
import { findNames } from './names.ts';
import { normalise, toOriginal } from './normalise.ts';
import { findNumbers } from './numbers.ts';
import { findAddresses, findEmails, findWrittenDates } from './words.ts';

/** The same kind found twice over one stretch counts once, as far as both reach and as sure as the surer one. */
function merge(findings: Finding[]): Finding[] {
  const sorted = [...findings].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Finding[] = [];
  for (const f of sorted) {
    const same = out.find((o) => o.kind === f.kind && f.start < o.end && o.start < f.end);
    if (!same) { out.push({ ...f }); continue; }
    same.end = Math.max(same.end, f.end);
    if (f.certainty === 'certain') same.certainty = 'certain';
  }
  return out;
}

/** Every identifying detail of a text, in the text's order; an empty list when it describes needs only. */
export function findIdentifiers(text: string): Finding[] {
  if (!text.trim()) return [];
  const n = normalise(text);
  const emails = findEmails(n.text);
  // An email's words are not also a name ("maria dot lopez at gmail dot com").
  const insideEmail = (f: Finding) => emails.some((e) => f.start >= e.start && f.end <= e.end);
  const found = [
    ...emails, ...findNumbers(n.text), ...findWrittenDates(n.text), ...findAddresses(n.text),
    ...findNames(n.text).filter((f) => !insideEmail(f)),
  ];
  return merge(found.map((f) => ({ ...f, ...toOriginal(n, f.start, f.end) })));
}
