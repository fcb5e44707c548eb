// Personal names, in any case and any position: compromise (an English part-of-speech tagger with a large lexicon of
// first and last names, docs/decisions/0110) finds people; a keyword before a word ("client maria", "named Josh",
// "Ms. Smith") makes a name certain; initials count beside a birth date, an age, or a keyword.
import nlp from 'compromise';
import type { Finding } from '../privacy-check.ts';
import { REGION_CODES } from '../regions.ts';

type Offsets = { text: string; offset: { start: number; length: number } };

/** Words of therapy, organisation and calendar names the tagger may take for people; a span made only of these passes. */
const NOT_A_PERSON = new Set(`january february march april may june july august september october november december
monday tuesday wednesday thursday friday saturday sunday cognitive behavioral behavioural therapy therapies dialectical
behavior behaviour support international postpartum acceptance commitment emotion emotionally focused family systems
internal narrative solution schema psychodynamic gottman method eye movement desensitization reprocessing motivational
interviewing trauma informed play art music equine somatic experiencing sensorimotor psychotherapy exposure response
prevention mindfulness based stress reduction compassion interpersonal person centred centered gestalt adlerian jungian
rogerian ellis beck linehan hayes minuchin bowen satir erickson freud jung klein winnicott bowlby kabat-zinn shapiro
levine siegel perry porges van der kolk ogden safe and sound protocol toronto ottawa montreal vancouver calgary edmonton
winnipeg halifax victoria regina saskatoon quebec hamilton london kingston windsor guelph waterloo kitchener sudbury
ontario alberta manitoba saskatchewan nova scotia brunswick newfoundland labrador yukon nunavut columbia british
prince edward island boston francisco san york new jersey washington virginia carolina georgia florida texas
christian muslim jewish hindu sikh buddhist catholic indigenous first nations metis inuit black asian latino latina
latinx hispanic lgbtq lgbtq+ queer trans nonbinary medicaid medicare ohip cmha camh nami canadian mental health
association alcoholics anonymous narcotics al-anon baby second third foster dr doctor gp md phd psyd msw rsw rp cpt emdr dbt cbt act ifs eft`.split(/\s+/));

const KEYWORD = /\b(?:client|patient|pt|named|called|name\s+is|name:|goes\s+by|known\s+as|initials|son|daughter|mother|father|mom|dad|husband|wife|partner|sister|brother)\b\s*[:,-]?\s*$/i;
const TITLE = /\b(?:mr|mrs|ms|miss|mx)\.?\s+([\p{L}'’-]+)/giu;

const ACRONYMS = new Set([...REGION_CODES, 'CBT', 'DBT', 'EMDR', 'ACT', 'IFS', 'EFT', 'CPT', 'ADHD', 'ADD', 'OCD', 'PTSD',
  'CPTSD', 'ASD', 'GAD', 'MDD', 'BPD', 'ED', 'SUD', 'TBI', 'LGBTQ', 'BIPOC', 'ASL', 'LSQ', 'GP', 'MD', 'ER', 'ICU', 'OT',
  'PT', 'SW', 'RN', 'NP', 'TV', 'UK', 'US', 'USA', 'AM', 'PM', 'EN', 'FR', 'EAP', 'OHIP', 'RAMQ', 'MSP', 'PHQ', 'IEP', 'ABA',
  'ART', 'PE', 'DV', 'IPV', 'SA', 'SI', 'NSSI', 'HR', 'CAS', 'CFS', 'DCFS', 'CAMH', 'CMHA', 'NAMI', 'PSI', 'AA', 'NA',
  'ID', 'OK', 'AI', 'IT', 'PC', 'PHD', 'MSW', 'RSW', 'RP', 'PSYD', 'LCSW', 'LMFT', 'LPC', 'ESL', 'ESA', 'IOP', 'PHP', 'ODD',
  'DMDD', 'PMDD', 'PPD', 'SAD', 'DID', 'OSDD', 'ARFID', 'MH', 'ASAP', 'FYI', 'NB', 'PS', 'TBD', 'EST', 'PST', 'ET', 'CT']);
const INITIALS = /\b(?:\p{Lu}\.\s?){2,3}(?!\p{L})|\b\p{Lu}{2,3}\b/gu;
const AFTER_INITIALS = /^\s*(?:,|\()?\s*(?:\d{1,2}\b|(?:dob|d\.o\.b|born|age[ds]?)\b)/i;
const DOTTED_NOT_INITIALS = /^(?:e\.g\.|i\.e\.|a\.m\.|p\.m\.|u\.s\.|u\.k\.|b\.c\.|p\.e\.i\.|n\.s\.|n\.b\.|d\.o\.b\.|p\.o\.)$/i;

const span = (start: number, end: number, certainty: Finding['certainty']): Finding => ({ kind: 'name', start, end, certainty });

/** Every word of the span is a therapy, organisation, place or calendar word. */
const ordinaryWords = (text: string) => text.toLowerCase().split(/[\s,.;:!?()'’"-]+/).filter(Boolean).every((w) => NOT_A_PERSON.has(w));

function trimmed(text: string, start: number): { start: number; end: number } {
  const lead = text.length - text.trimStart().length;
  const body = text.trim().replace(/[\s,.;:!?)("'’]+$/u, '').replace(/^[("'’]+/u, '');
  const s = start + lead + (text.trim().length - text.trim().replace(/^[("'’]+/u, '').length);
  return { start: s, end: s + body.length };
}

function peopleFound(text: string): Finding[] {
  // The typings know the output formats by name only; 'offsets' gives each match's text and position.
  const people = (nlp(text).people() as unknown as { out: (format: string) => Offsets[] }).out('offsets');
  const out: Finding[] = [];
  for (const p of people) {
    if (ordinaryWords(p.text)) continue;
    const { start, end } = trimmed(p.text, p.offset.start);
    if (end <= start) continue;
    const before = text.slice(Math.max(0, start - 20), start);
    out.push(span(start, end, KEYWORD.test(before) ? 'certain' : 'likely'));
  }
  return out;
}

/** "client maria", "named Josh", "Ms. Smith": a capitalised word after a strong keyword or a title is a name. */
function keywordNames(text: string): Finding[] {
  const out: Finding[] = [];
  for (const m of text.matchAll(/(?<=\b(?:named|called|name\s+is|name:|goes\s+by|known\s+as)\s*[:,-]?\s+)(\p{L}[\p{L}'’-]+)/giu)) {
    if (!NOT_A_PERSON.has(m[1].toLowerCase()) && !/^(?:a|an|the|by|as|to|for|in|on|after|because|with|her|his|their)$/i.test(m[1])) {
      out.push(span(m.index, m.index + m[1].length, 'certain'));
    }
  }
  for (const m of text.matchAll(TITLE)) out.push(span(m.index, m.index + m[0].length, 'certain'));
  return out;
}

/** "ML born ...", "J.D., 34", "client ML": initials next to an age, a birth date or a keyword. */
function initials(text: string): Finding[] {
  const out: Finding[] = [];
  for (const m of text.matchAll(INITIALS)) {
    const value = m[0].trim();
    const dotted = value.includes('.');
    if (dotted ? DOTTED_NOT_INITIALS.test(value.replace(/\s/g, '')) : ACRONYMS.has(value)) continue;
    const before = text.slice(Math.max(0, m.index - 20), m.index);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 12);
    if (dotted || AFTER_INITIALS.test(after) || KEYWORD.test(before)) out.push(span(m.index, m.index + value.length, 'likely'));
  }
  return out;
}

export function findNames(text: string): Finding[] {
  return [...peopleFound(text), ...keywordNames(text), ...initials(text)];
}
