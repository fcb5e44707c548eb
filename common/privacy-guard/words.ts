// Identifiers written in words: email addresses (also "maria dot lopez at gmail dot com"), written dates ("April 3 85",
// "born March 3"), street addresses (with or without a street type, any case), postal codes and PO boxes.
import type { Finding } from '../privacy-check.ts';
import { BIRTH_WORDS } from './numbers.ts';

type Found = Finding;
const found = (kind: Finding['kind'], m: RegExpMatchArray, certainty: Finding['certainty'] = 'certain', offset = 0): Found =>
  ({ kind, start: m.index! + offset, end: m.index! + m[0].length, certainty });

// ---- email ----
const DOT = String.raw`(?:\s*\.\s*|\s+dot\s+|\s*[([{<]\s*dot\s*[)\]}>]\s*)`;
const PART = String.raw`[\p{L}\p{N}_%+-]+`;
const TLD = String.raw`(?:com|ca|org|net|edu|gov|io|co|uk|us|me|info|biz|fr|de|qc|on|bc)\b`;
const AT_SIGN = new RegExp(String.raw`${PART}(?:${DOT}${PART})*\s*@\s*${PART}(?:${DOT}${PART})*(?:\.|${DOT})\p{L}{2,}`, 'giu');
const AT_WORD = new RegExp(String.raw`${PART}(?:${DOT}${PART})*(?:\s+at\s+|\s*[([{<]\s*at\s*[)\]}>]\s*)${PART}(?:${DOT}${PART})*${DOT}${TLD}`, 'giu');

export function findEmails(text: string): Found[] {
  return [...text.matchAll(AT_SIGN), ...text.matchAll(AT_WORD)].map((m) => found('email', m));
}

// ---- written dates ----
const MONTHS = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const YEAR = String.raw`(?:'?\d{2}|\d{4})(?!\s*(?:am|pm|a\.m|p\.m|h\b|:|%|sessions?|times?|weeks?|mins?|minutes?|hours?))\b`;
const DAY = String.raw`\d{1,2}(?:st|nd|rd|th)?`;
const MONTH_DAY_YEAR = new RegExp(String.raw`\b(?:${MONTHS})\.?\s+${DAY},?\s+${YEAR}`, 'gi');
const DAY_MONTH_YEAR = new RegExp(String.raw`\b${DAY}\s+(?:of\s+)?(?:${MONTHS})\.?,?\s+${YEAR}`, 'gi');
const BIRTH_DAY = new RegExp(String.raw`\b(?:dob|d\.o\.b\.?|born(?:\s+on)?|birth(?:day|date)?(?:\s+is)?|date\s+of\s+birth)\s*[:\-]?\s*(?:(?:${MONTHS})\.?\s+${DAY}|${DAY}\s+(?:of\s+)?(?:${MONTHS})|(?:in\s+)?(?:19|20)\d\d)\b`, 'gi');

export function findWrittenDates(text: string): Found[] {
  const dates = [...text.matchAll(MONTH_DAY_YEAR), ...text.matchAll(DAY_MONTH_YEAR)].map((m) => {
    const before = text.slice(Math.max(0, m.index! - 30), m.index);
    return found('date', m, BIRTH_WORDS.test(before) ? 'certain' : 'likely');
  });
  return dates.concat([...text.matchAll(BIRTH_DAY)].map((m) => found('date', m)));
}

// ---- addresses ----
const STREET_TYPES = [
  'street', 'st', 'avenue', 'ave', 'av', 'road', 'rd', 'boulevard', 'blvd', 'boul', 'drive', 'dr', 'lane', 'ln', 'court', 'ct',
  'crescent', 'cres', 'cr', 'way', 'place', 'pl', 'terrace', 'terr', 'parkway', 'pkwy', 'highway', 'hwy', 'circle', 'cir',
  'square', 'sq', 'trail', 'trl', 'grove', 'gardens', 'gdns', 'close', 'row', 'mews', 'heights', 'hts', 'hill', 'park',
  'view', 'ridge', 'gate', 'green', 'walk', 'line', 'sideroad', 'concession', 'path', 'point', 'pt', 'landing', 'commons',
  'crossing', 'glen', 'hollow', 'meadows', 'woods', 'estates', 'alley', 'bay', 'bend', 'cove', 'field', 'fields', 'garden',
  'wynd', 'loop', 'run', 'pass', 'plaza', 'quay', 'rise', 'vale', 'crest', 'chase', 'downs',
].join('|');
/** Words that follow a number in ordinary notes ("12 sessions", "3 times a week", "2 kids at home"): never part of a street. */
const NOT_STREET_WORDS = new Set(`a an the of in on at to for per and or with by from than about over under into after
before since until this that these those his her their its my our your every each other more less most few many several
some all any no not am pm a.m p.m h hr hrs min mins minute minutes hour hours day days week weeks weekly month months
monthly year years yr yrs old year-old years-old session sessions time times visit visits appointment appointments
kid kids child children son sons daughter daughters sibling siblings brother brothers sister sisters people person
adults adult teens teen family families member members client clients therapist therapists parent parents year-olds
dollars usd cad percent mg ml kg lbs previous prior past last next first second third new recent attempts attempt
episodes episode hospitalizations admissions pregnancies miscarriages weeks' times/week x is was are were has had have
be been being it he she they we i you who which what when where while also only just still yet very quite really
group groups class classes step steps point points score scores out too days/week sessions/week`.split(/\s+/));

const STREET = new RegExp(String.raw`\b\d{1,6}[a-z]?(?:[\s,]+[\p{L}'’.-]+){1,4}?\s+(?:${STREET_TYPES})\b\.?`, 'giu');
const RESIDENCE = /\b(?:lives|living|live|resides|residing|reside|stays|staying|home|house|address|located|moved|moving)\s+(?:is\s+)?(?:at|on|to|in)?\s*:?\s*(\d{1,6}[a-z]?(?:\s*[-,]?\s*[\p{L}'’.-]+){1,3})/giu;
const AT_NUMBER_WORD = /\b(?:at|on)\s+(\d{1,6}[a-z]?\s+\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+)?)/gu;
const FRENCH_STREET = /\b\d{1,6},?\s+(?:rue|chemin|boul(?:evard)?\.?|avenue|av\.|rang|route|ch\.)\s+\p{L}/giu;
const UNIT = /\b(?:apt|apartment|suite|unit)\.?\s*#?\s*\d+/gi;
const PO_BOX = /\bp\.?\s?o\.?\s*box\s*\d+/gi;
const POSTAL_CODE = /\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\s?-?\d[ABCEGHJ-NPRSTV-Z]\d\b/gi;
const ZIP_WITH_STATE = /\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/g;

/** The words after the number are a street's name: none of them an ordinary word of a note. */
const streetLike = (words: string) => words.split(/[\s,]+/).filter(Boolean).slice(1)
  .every((w) => !NOT_STREET_WORDS.has(w.toLowerCase().replace(/[.,’']+$/, '')) && !/^\d/.test(w));

export function findAddresses(text: string): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(STREET)) {
    const name = m[0].replace(new RegExp(String.raw`\s+(?:${STREET_TYPES})\.?$`, 'i'), '');
    if (streetLike(name)) out.push(found('address', m));
  }
  for (const m of text.matchAll(RESIDENCE)) {
    if (streetLike(m[1])) out.push({ kind: 'address', start: m.index + m[0].length - m[1].length, end: m.index + m[0].length, certainty: 'certain' });
  }
  for (const m of text.matchAll(AT_NUMBER_WORD)) {
    if (streetLike(m[1]) && !MONTH_WORD.test(m[1])) {
      out.push({ kind: 'address', start: m.index + m[0].length - m[1].length, end: m.index + m[0].length, certainty: 'likely' });
    }
  }
  for (const re of [FRENCH_STREET, UNIT, PO_BOX, POSTAL_CODE, ZIP_WITH_STATE]) out.push(...[...text.matchAll(re)].map((m) => found('address', m)));
  return out;
}
const MONTH_WORD = new RegExp(String.raw`\s(?:${MONTHS})\b`, 'i');
