// Numbers that identify: phone numbers, numeric dates, and health-card, insurance, social-insurance and card numbers.
// A "run" is digits joined by separators ("416 555.0199", "1 2 3 4 5 6 7 8 9 0", "123.456.789"): its digits are read
// together whatever the grouping, so spacing or punctuation changes nothing.
import type { Finding } from '../privacy-check.ts';

type Found = Omit<Finding, 'start' | 'end'> & { start: number; end: number };

const RUN = /\+?\(?\d+\)?(?:[ \t./\-_]{1,3}\(?\d+\)?)*/g;
export const BIRTH_WORDS = /\b(?:dob|d\.o\.b\.?|born|birth(?:day|date)?|date\s+of\s+birth|b\.?\s?d\.?)\s*[:-]?\s*$/i;
const ID_CONTEXT = /\b(?:health[\s-]*card|ohip|ramq|msp|mcp|phn|carte|insurance|insurer|member(?:ship)?|policy|sin|ssn|nas|social|mrn|medical|record|chart|file|id|card|account|acct|visa|mastercard|amex|credit|debit)\b(?:\s*(?:number|no|num|#|id))?[\s:#.]*$/i;
const PHONE_CONTEXT = /\b(?:phone|call|cell|mobile|tel|text|txt|reach|contact|fax)\b(?:\s*(?:number|no|num|#))?[\s:#.]*$/i;

const isYear = (g: string) => /^(?:19|20)\d\d$/.test(g);

/** Day, month and year in some order that is a real calendar date. */
function isDate(a: number, b: number, y: number): boolean {
  const valid = (d: number, m: number) => m >= 1 && m <= 12 && d >= 1 && d <= 31;
  return y >= 0 && (valid(a, b) || valid(b, a));
}

function dateShape(groups: string[]): boolean {
  if (groups.length !== 3) return false;
  const [a, b, c] = groups;
  if (a.length === 4 && b.length <= 2 && c.length <= 2) return isYear(a) && isDate(+c, +b, 0);
  return a.length <= 2 && b.length <= 2 && (c.length === 2 || (c.length === 4 && isYear(c))) && isDate(+a, +b, +c);
}

/** "030485", "19850403", "04031985": a date written without separators. */
function compactDate(digits: string): boolean {
  if (digits.length === 6) {
    const [p, q, r] = [+digits.slice(0, 2), +digits.slice(2, 4), +digits.slice(4, 6)];
    return isDate(p, q, r) || isDate(q, r, p);
  }
  if (digits.length === 8) {
    if (isYear(digits.slice(0, 4))) return isDate(+digits.slice(6, 8), +digits.slice(4, 6), 0);
    if (isYear(digits.slice(4, 8))) return isDate(+digits.slice(0, 2), +digits.slice(2, 4), 0);
  }
  return false;
}

function classify(raw: string, groups: string[], before: string): Found['kind'] | 'pass' | 'certain-date' {
  const digits = groups.join('');
  const birth = BIRTH_WORDS.test(before);
  if (birth) return 'certain-date';
  if (dateShape(groups)) return 'date';
  if (groups.length === 2 && groups.every(isYear)) return 'pass';
  if (groups.length === 1 && compactDate(digits)) return 'date';
  const idContext = ID_CONTEXT.test(before) && !PHONE_CONTEXT.test(before);
  if (raw.startsWith('+') && digits.length >= 8) return 'phone';
  if (digits.length === 10 || (digits.length === 11 && digits.startsWith('1'))) {
    if (idContext) return 'number';
    const lengths = groups.map((g) => g.length).join('-');
    return ['4-3-3', '4-4-2', '4-6', '2-4-4'].includes(lengths) ? 'number' : 'phone';
  }
  if (digits.length === 7 && /^\d{3}[ .-]\d{4}$/.test(raw)) return 'phone';
  if (digits.length >= 8) return 'number';
  if (digits.length >= 5 && idContext) return 'number';
  return 'pass';
}

export function findNumbers(text: string): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(RUN)) {
    const raw = match[0].replace(/[\s./\-_]+$/, '');
    const start = match.index;
    // A run glued to letters is part of a word or a code handled elsewhere ("PHQ-9", "GAD-7", "2nd").
    const groups = raw.match(/\d+/g) ?? [];
    const before = text.slice(Math.max(0, start - 30), start);
    if (/[\p{L}]$/u.test(before) && groups.join('').length < 8) continue;
    const kind = classify(raw, groups, before);
    if (kind === 'pass') continue;
    if (kind === 'certain-date') found.push({ kind: 'date', start, end: start + raw.length, certainty: 'certain' });
    else found.push({ kind, start, end: start + raw.length, certainty: kind === 'date' && !/[/.-]/.test(raw) && groups.length > 1 ? 'likely' : 'certain' });
  }
  return found.concat(findLetteredIds(text));
}

// A number announced as an identifier, letters allowed ("member ID: XJ55123", "OHIP 1234-567-890-AB"), and long
// letter-and-digit codes ("AB1234567").
const LETTERED_ID = /\b(?:health[\s-]*card|ohip|ramq|msp|phn|insurance|insurer|member(?:ship)?|policy|sin|ssn|mrn|chart|file|id)\b\s*(?:number|no\.?|num|#|id)?\s*[:#]?\s*(?=[A-Z0-9-]{5,})[A-Z-]*\d[A-Z0-9-]*/gi;
const LONG_CODE = /\b[A-Z]{1,4}\d{7,}\b/g;

function findLetteredIds(text: string): Found[] {
  return [...text.matchAll(LETTERED_ID), ...text.matchAll(LONG_CODE)]
    .map((m) => ({ kind: 'number' as const, start: m.index, end: m.index + m[0].length, certainty: 'certain' as const }));
}
